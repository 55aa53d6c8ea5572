import type { PaymentRequestItem } from '@backlay/contract';

/*
 * When a player can expect a decision. C1 gives no such field, so these are the site's promise:
 * a manual deposit is checked within 30 minutes, a withdrawal paid within 24 hours. Past it the
 * screens say so plainly and give the request number to quote to support. The cards' sentences
 * (money.request.depositPending and withdrawalPending in the catalogs) say the same two figures.
 */
export const EXPECTED_DEPOSIT_MS = 30 * 60_000;
export const EXPECTED_WITHDRAWAL_MS = 24 * 60 * 60_000;

export function expectedBy(request: Pick<PaymentRequestItem, 'type' | 'creationTime'>): Date {
  const made = new Date(request.creationTime).getTime();
  return new Date(made + (request.type === 'Deposit' ? EXPECTED_DEPOSIT_MS : EXPECTED_WITHDRAWAL_MS));
}
