import type { Paise } from '@backlay/exchange';

/*
 * The NPCI UPI deep link (`upi://pay?…`) a payer's UPI app opens or scans. Parameters in the order
 * pa, pn, am, cu, tr, tn; `pa` (payee VPA), `pn` (payee name) and `tr` (the merchant's reference)
 * are required. Values are percent-encoded as UTF-8, a space as %20, never `+`: URLSearchParams
 * writes `+`, which UPI apps show as a plus sign, so it is not used here.
 */

/** A UPI id: a handle, '@', the provider's name. */
export const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
/** `tr`: letters and digits, at most 35. */
const REFERENCE_PATTERN = /^[A-Za-z0-9]{1,35}$/;

/**
 * Percent-encodes a query value: everything but RFC 3986's unreserved characters (letters, digits,
 * `-._~`) and '@' (legal in a query, and how UPI apps expect a VPA written) is escaped.
 */
export function encodeUpiValue(value: string): string {
  return Array.from(new TextEncoder().encode(value.normalize('NFC')), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9\-._~@]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** Paise as UPI's amount: rupees with exactly two decimals ("500.00", "0.05"), never a float's digits. */
export function upiAmount(amount: Paise): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`not a payable amount: ${amount}`);
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

export interface UpiLinkInput {
  payeeVpa: string;
  payeeName: string;
  amount: Paise;
  reference: string;
  note: string;
}

export function upiPayLink(input: UpiLinkInput): string {
  if (!VPA_PATTERN.test(input.payeeVpa)) throw new Error(`not a UPI id: ${input.payeeVpa}`);
  if (input.payeeName.trim() === '') throw new Error('the payee name is required');
  if (!REFERENCE_PATTERN.test(input.reference)) throw new Error(`not a UPI reference: ${input.reference}`);
  const params: [string, string][] = [
    ['pa', input.payeeVpa],
    ['pn', input.payeeName.trim()],
    ['am', upiAmount(input.amount)],
    ['cu', 'INR'],
    ['tr', input.reference],
    ['tn', input.note.trim()],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeUpiValue(v)}`).join('&')}`;
}
