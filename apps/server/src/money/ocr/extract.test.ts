import type { OcrField } from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import { extractSlipFields, linesOfText, type OcrLine } from './extract';

/** The slip's text as OCR lines, fully sure unless a line says otherwise. */
const read = (text: string) => extractSlipFields(linesOfText(text.replace(/^\n/, '')));
const best = (fields: OcrField[], field: OcrField['field']) => fields.find((f) => f.field === field);
const all = (fields: OcrField[], field: OcrField['field']) => fields.filter((f) => f.field === field);

describe('reading a payment slip', () => {
  it('PhonePe: the UTR under its label, the ₹ amount, the date and the payee with its UPI id', () => {
    const fields = read(`
Transaction Successful
10:42 am on 24 Nov 2025
Paid to
BACKLAY DEMO
backlay.demo@okaxis
₹2,500
Transaction ID
T2511241042186543210987
UTR: 417823569014
Debited from XXXXXX4821`);
    expect(best(fields, 'utr')).toMatchObject({ value: '417823569014' });
    expect(best(fields, 'utr')!.confidence).toBeGreaterThan(0.9);
    expect(best(fields, 'amount')).toMatchObject({ value: '2500.00' });
    expect(best(fields, 'date')).toMatchObject({ value: '2025-11-24' });
    expect(all(fields, 'payee').map((f) => f.value)).toEqual(['BACKLAY DEMO', 'backlay.demo@okaxis']);
    // The fields come in one order: utr, amount, date, payee.
    expect([...new Set(fields.map((f) => f.field))]).toEqual(['utr', 'amount', 'date', 'payee']);
  });

  it("Google Pay: the UPI transaction ID, not Google's own id; the payer under From is no payee", () => {
    const fields = read(`
₹1,250.50
Paid to Backlay Demo
backlay.demo@okaxis
Completed
24 Nov 2025, 9:15 pm
UPI transaction ID
532918406127
To: Backlay Demo
From: Ravi Kumar (HDFC Bank)
ravi.kumar@okhdfcbank
Google transaction ID
CICAgOjK7pXyLQ`);
    expect(all(fields, 'utr').map((f) => f.value)).toEqual(['532918406127']);
    expect(best(fields, 'amount')).toMatchObject({ value: '1250.50' });
    expect(best(fields, 'date')).toMatchObject({ value: '2025-11-24' });
    const payees = all(fields, 'payee').map((f) => f.value);
    expect(payees[0]).toBe('Backlay Demo');
    expect(payees).toContain('backlay.demo@okaxis');
    expect(payees.join(' ')).not.toMatch(/ravi/i);
  });

  it('Paytm: UPI Ref No, a lakh in Indian grouping, To: with a bank in brackets, not the order id', () => {
    const fields = read(`
Paid Successfully
₹ 1,00,000
Rupees One Lakh Only
To: BACKLAY GAMING (Kotak Bank)
backlaygaming@paytm
From: Ravi Kumar
State Bank Of India - 4821
UPI Ref No: 432812345678
24 Nov 2025, 10:15 PM
Order ID: 202511241112128001101687`);
    expect(best(fields, 'utr')).toMatchObject({ value: '432812345678' });
    expect(best(fields, 'amount')).toMatchObject({ value: '100000.00' });
    expect(best(fields, 'payee')).toMatchObject({ value: 'BACKLAY GAMING' });
    expect(all(fields, 'payee').map((f) => f.value)).toContain('backlaygaming@paytm');
  });

  it('BHIM: Rs. with paise, a numeric day-first date with a time, a UPI id alone as the payee', () => {
    const fields = read(`
Transaction Successful
Rs. 750.00
Paid to
sharma.store@upi
Ref No: 433001234567
Date: 26/11/2025 14:05:33
Debited from A/c XXXX1234`);
    expect(best(fields, 'utr')).toMatchObject({ value: '433001234567' });
    expect(best(fields, 'amount')).toMatchObject({ value: '750.00' });
    expect(best(fields, 'date')).toMatchObject({ value: '2025-11-26' });
    expect(all(fields, 'payee').map((f) => f.value)).toEqual(['sharma.store@upi']);
  });

  it("a bank's app: INR, Western grouping, the date as Nov 24, 2025 and the RRN", () => {
    const fields = read(`
Funds Transferred Successfully
Amount INR 100,000.00
Beneficiary Name: Backlay Demo
RRN 432915004321
Nov 24, 2025 03:12 PM`);
    expect(best(fields, 'utr')).toMatchObject({ value: '432915004321' });
    expect(best(fields, 'amount')).toMatchObject({ value: '100000.00' });
    expect(best(fields, 'date')).toMatchObject({ value: '2025-11-24' });
    expect(best(fields, 'payee')).toMatchObject({ value: 'Backlay Demo' });
  });

  it('a 12-digit account number and a phone number with +91 lose to the labelled UTR', () => {
    const fields = read(`
Payment successful
₹5,000.00
To: Backlay Demo
Mobile: +919876543210
Debited from A/c 123456789012
UPI Ref No.
433112345678`);
    // Neither is even offered: too unsure to pre-fill.
    expect(all(fields, 'utr').map((f) => f.value)).toEqual(['433112345678']);
    // The phone's 12 digits are no amount either.
    expect(all(fields, 'amount').map((f) => f.value)).toEqual(['5000.00']);
    // Alone, an account number or a phone is still no UTR.
    expect(all(read('Debited from A/c 123456789012\nMobile +919876543210'), 'utr')).toEqual([]);
    expect(all(read('Order ID: 433112345678'), 'utr')).toEqual([]);
  });

  it('a 12-digit number with no label is offered, but less surely; one inside a longer id is not', () => {
    const fields = read(`
Payment done
433112345678
PhonePe txn T25112410421865432109876543
Account 9876543210123456`);
    const utrs = all(fields, 'utr');
    expect(utrs.map((f) => f.value)).toEqual(['433112345678']);
    expect(utrs[0]!.confidence).toBeLessThan(0.7);
  });

  it('digits the OCR misread as letters (l for 1, O for 0) are read back, a little less surely', () => {
    const fields = read(`
UTR: 4178235690l4
UPI Ref No: 43311234567O`);
    expect(
      all(fields, 'utr')
        .map((f) => f.value)
        .sort(),
    ).toEqual(['417823569014', '433112345670']);
    for (const f of all(fields, 'utr')) expect(f.confidence).toBeLessThan(0.9);
  });

  it('a UTR printed in groups of four', () => {
    expect(best(read('UPI Ref No: 4331 1234 5678'), 'utr')).toMatchObject({ value: '433112345678' });
  });

  it('a ₹ the OCR could not read (%2,500 alone on its line) and a figure alone under Amount', () => {
    expect(best(read('Payment Successful\n%2,500\nTo: Backlay Demo'), 'amount')).toMatchObject({
      value: '2500.00',
    });
    expect(best(read('Amount\n1,250\nTo: Backlay Demo'), 'amount')).toMatchObject({ value: '1250.00' });
    expect(best(read('Amount: 1,250.75'), 'amount')).toMatchObject({ value: '1250.75' });
  });

  it('cashback, fees and balances are not the amount paid', () => {
    const fields = read(`
₹1,000
Paid to Backlay Demo
You won ₹25 cashback
Available balance ₹12,345.00`);
    const amounts = all(fields, 'amount');
    expect(amounts[0]).toMatchObject({ value: '1000.00' });
    for (const other of amounts.slice(1)) expect(other.confidence).toBeLessThan(0.5);
  });

  it('dates: day-first numbers, ISO, short years; impossible days and validity dates are not the payment day', () => {
    expect(best(read('On 05-12-25 at 10:00'), 'date')).toMatchObject({ value: '2025-12-05' });
    expect(best(read('2025-11-24T10:42:00'), 'date')).toMatchObject({ value: '2025-11-24' });
    expect(best(read('1st Dec 2025'), 'date')).toMatchObject({ value: '2025-12-01' });
    expect(all(read('31/02/2025'), 'date')).toEqual([]);
    const fields = read('Offer valid till 30 Nov 2025\nPaid on 24 Nov 2025');
    expect(best(fields, 'date')).toMatchObject({ value: '2025-11-24' });
  });

  it('text with nothing of a slip answers no field; so does empty text', () => {
    expect(read('Hello world\nThis is not a payment\n2025')).toEqual([]);
    expect(read('')).toEqual([]);
    expect(read('   \n\n  ')).toEqual([]);
  });

  it('a line the OCR was unsure of makes its value less sure; confidences stay within 0 to 1', () => {
    const lines = (confidence: number): OcrLine[] => [
      { text: 'UTR: 417823569014', confidence },
      { text: '₹2,500', confidence },
    ];
    const sure = extractSlipFields(lines(95));
    const unsure = extractSlipFields(lines(40));
    expect(best(unsure, 'utr')!.confidence).toBeLessThan(best(sure, 'utr')!.confidence);
    expect(best(unsure, 'amount')!.confidence).toBeLessThan(0.5);
    for (const f of [
      ...sure,
      ...unsure,
      ...extractSlipFields([{ text: 'UTR 417823569014', confidence: 250 }]),
    ]) {
      expect(f.confidence).toBeGreaterThanOrEqual(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('at most three candidates a field, best first', () => {
    const text = Array.from({ length: 6 }, (_, i) => `${43311234567 + i}0`).join('\n');
    const utrs = all(read(text), 'utr');
    expect(utrs).toHaveLength(3);
    const confidences = utrs.map((f) => f.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
  });
});
