import type { OperatorRole } from '@backlay/contract';
import { paise, rupeesToPaise, type Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/format';

/**
 * Who is offered a manual credit or debit: the owner. The server admits `finance` too
 * (`POST /admin/wallets/adjust`, apps/server/src/operator/routes.ts); the console keeps money
 * made from nothing in the owner's hands. The server decides; this only hides.
 */
export const ADJUST_ROLES: readonly OperatorRole[] = ['owner'];

export type Direction = 'credit' | 'debit';

/** The contract's ceiling (WalletAdjustmentInputSchema): ₹1 crore either way. */
export const MAX_ADJUSTMENT = paise(10_000_000_00);

/** The contract's bounds of the reason (trimmed, 3 to 200), as an operator reads them. */
export const REASON_MIN = 3;
export const REASON_MAX = 200;

/**
 * What the operator typed, in rupees with at most two decimals (Indian grouping commas allowed),
 * as exact paise through the exchange's decimal parser (no float is multiplied by 100); or what is
 * wrong with it, in words.
 */
export function readRupees(text: string): { amount: Paise } | { error: string } {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return { error: 'Enter the amount in rupees' };
  if (t.startsWith('-')) return { error: 'Enter the amount without a sign: choose Credit or Debit' };
  if (/^\d+\.\d{3,}$/.test(t)) return { error: 'At most two decimals (paise)' };
  if (!/^\d+(\.\d{1,2})?$/.test(t))
    return { error: 'Enter the amount in rupees, digits only (e.g. 1500.50)' };
  let amount: Paise;
  try {
    amount = rupeesToPaise(t);
  } catch {
    return { error: `The most one adjustment may move is ${formatMoney(MAX_ADJUSTMENT)}` };
  }
  if (amount <= 0) return { error: 'The amount must be more than zero' };
  if (amount > MAX_ADJUSTMENT) {
    return { error: `The most one adjustment may move is ${formatMoney(MAX_ADJUSTMENT)}` };
  }
  return { amount };
}

/**
 * What a debit may take: the cash that open bets do not hold (the server's rule: cash minus
 * exposure; held withdrawals are another account and are never touched).
 */
export function debitable(wallet: { cash: Paise; exposure: Paise }): Paise {
  return paise(Math.max(0, wallet.cash - wallet.exposure));
}

/** The signed amount the contract takes: positive credits, negative debits. */
export function signedAmount(direction: Direction, amount: Paise): Paise {
  return paise(direction === 'credit' ? amount : -amount);
}

/** The player's cash once the adjustment is made. */
export function cashAfter(cash: Paise, direction: Direction, amount: Paise): Paise {
  return paise(cash + signedAmount(direction, amount));
}

/** "Credit ₹500.00 to rahul_k" / "Debit ₹500.00 from rahul_k". */
export function describeAdjustment(direction: Direction, amount: Paise, userName: string): string {
  return direction === 'credit'
    ? `Credit ${formatMoney(amount)} to ${userName}`
    : `Debit ${formatMoney(amount)} from ${userName}`;
}

/**
 * A fresh idempotency reference (a UUID v4). `crypto.randomUUID` exists only in a secure context
 * (HTTPS, localhost); a site's host served over plain HTTP (a test host) gets one made of
 * `crypto.getRandomValues`, which every context has.
 */
export function newReference(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
