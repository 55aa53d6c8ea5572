import { formatMoney } from '@/shared/format';
import type { CashierSettings, OcrField, QueueItem } from './types';

/**
 * One line of the deposit's check: what the player typed (or, for the payee, where the site takes
 * payments) beside what the OCR read from the screenshot. The mismatch flags are the server's
 * (it compares every candidate read with enough confidence); the console shows them, never guesses.
 */
export interface ComparisonRow {
  key: 'amount' | 'utr' | 'payee' | 'date';
  label: string;
  typed: string;
  /** The OCR's candidates, best first, with their confidence 0–100 %. */
  read: { value: string; confidence: number }[];
  mismatch: boolean;
}

/** The day in India's time (as a UPI app prints it on the slip): YYYY-MM-DD. */
const indiaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
function indianDay(iso: string): string {
  return indiaDay.format(new Date(iso));
}

function candidates(fields: OcrField[], field: OcrField['field']) {
  return fields
    .filter((f) => f.field === field)
    .map((f) => ({ value: f.value, confidence: Math.round(f.confidence * 100) }));
}

/** Where the site takes payments, as the OCR's payee is compared with it. */
export function sitePayee(settings: CashierSettings | undefined): string {
  if (!settings) return '—';
  const parts = [
    settings.upi?.vpa,
    settings.upi?.payeeName,
    settings.bank?.accountHolderName,
    settings.bank?.accountNumber,
  ].filter((p): p is string => p != null && p.trim() !== '');
  return parts.length > 0 ? parts.join(' · ') : '—';
}

export function compareDeposit(item: QueueItem, settings: CashierSettings | undefined): ComparisonRow[] {
  return [
    {
      key: 'amount',
      label: 'Amount',
      typed: formatMoney(item.amount),
      read: candidates(item.ocrFields, 'amount'),
      mismatch: item.amountMismatch,
    },
    {
      key: 'utr',
      label: 'UTR',
      typed: item.utr ?? 'none typed',
      read: candidates(item.ocrFields, 'utr'),
      mismatch: item.utrMismatch,
    },
    {
      key: 'payee',
      label: 'Paid to',
      typed: sitePayee(settings),
      read: candidates(item.ocrFields, 'payee'),
      mismatch: item.payeeMismatch,
    },
    {
      key: 'date',
      label: 'Date',
      typed: `asked ${indianDay(item.creationTime)}`,
      read: candidates(item.ocrFields, 'date'),
      mismatch: false,
    },
  ];
}
