import { paise } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { encodeUpiValue, upiAmount, upiPayLink } from './upi-link';

describe('the UPI link (NPCI linking spec)', () => {
  it('names pa, pn, am, cu, tr and tn in that order', () => {
    expect(
      upiPayLink({
        payeeVpa: 'shop.pay@okhdfc',
        payeeName: 'Shop',
        amount: paise(50_000),
        reference: 'BL123ABC',
        note: 'Deposit',
      }),
    ).toBe('upi://pay?pa=shop.pay@okhdfc&pn=Shop&am=500.00&cu=INR&tr=BL123ABC&tn=Deposit');
  });

  it('writes a space as %20 and escapes & = + # ?, never a +', () => {
    expect(encodeUpiValue('Ravi & Sons')).toBe('Ravi%20%26%20Sons');
    expect(encodeUpiValue('a=b+c#d?e/f')).toBe('a%3Db%2Bc%23d%3Fe%2Ff');
    expect(encodeUpiValue('name@bank')).toBe('name@bank');
    expect(encodeUpiValue('₹ जमा')).toBe('%E2%82%B9%20%E0%A4%9C%E0%A4%AE%E0%A4%BE');
    const link = upiPayLink({
      payeeVpa: 'a.b@upi',
      payeeName: 'A & B Traders',
      amount: paise(1),
      reference: 'R1',
      note: 'top up wallet',
    });
    expect(link).toContain('pn=A%20%26%20B%20Traders&');
    expect(link).toContain('tn=top%20up%20wallet');
    expect(link).not.toContain('+');
  });

  it('gives the amount in rupees with exactly two decimals, from integer paise', () => {
    expect(upiAmount(paise(1))).toBe('0.01');
    expect(upiAmount(paise(10))).toBe('0.10');
    expect(upiAmount(paise(123_456))).toBe('1234.56');
    expect(upiAmount(paise(1_00_000_00))).toBe('100000.00');
    expect(() => upiAmount(paise(0))).toThrow();
    expect(() => upiAmount(-5 as never)).toThrow();
    expect(() => upiAmount(1.5 as never)).toThrow();
  });

  it('refuses a link without a payee UPI id, a payee name or a proper reference', () => {
    const base = { payeeVpa: 'a.b@upi', payeeName: 'A', amount: paise(100), reference: 'R1', note: '' };
    expect(() => upiPayLink({ ...base, payeeVpa: 'not a vpa' })).toThrow(/UPI id/);
    expect(() => upiPayLink({ ...base, payeeName: '  ' })).toThrow(/payee name/);
    expect(() => upiPayLink({ ...base, reference: 'has space' })).toThrow(/reference/);
    expect(() => upiPayLink({ ...base, reference: 'X'.repeat(36) })).toThrow(/reference/);
    expect(upiPayLink(base)).toMatch(/&tn=$/);
  });
});
