import type { Paise } from '../games/money';

/*
 * The seamless wallet's wire, as apps/server/src/casino/README.md publishes it for providers. This
 * provider stands outside the operator and imports none of its code, so the shapes are written out
 * here; keep them in line with that README (paths, headers, bodies, answers, error codes).
 */

export const WALLET_CALLS = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletCall = (typeof WALLET_CALLS)[number];

/** `POST {walletUrl}/api/casino/wallet/{provider}/{call}`. */
export const walletPath = (provider: string, call: WalletCall) =>
  `/api/casino/wallet/${encodeURIComponent(provider)}/${call}`;

export const TIMESTAMP_HEADER = 'X-Casino-Timestamp';
export const SIGNATURE_HEADER = 'X-Casino-Signature';

/** Ids on the wire: 1 to 128 printable ASCII characters without spaces. */
export const WIRE_ID = /^[\x21-\x7e]{1,128}$/;

export const ROLLBACK_OUTCOMES = ['Reversed', 'AlreadyReversed', 'Tombstone'] as const;
export type RollbackOutcome = (typeof ROLLBACK_OUTCOMES)[number];

// What the provider asks, amounts in paise (turned into rupees only when written on the wire).

export interface BetRequest {
  readonly casinoToken: string;
  readonly transactionId: string;
  readonly roundId: string;
  readonly gameCode: string;
  /** The stake, more than zero. */
  readonly amount: Paise;
}

export interface WinRequest {
  readonly casinoToken: string;
  readonly transactionId: string;
  /** The bet this win pays. */
  readonly referenceTransactionId: string;
  readonly roundId: string;
  /** What is paid, zero or more. */
  readonly amount: Paise;
}

export interface RollbackRequest {
  readonly casinoToken: string;
  readonly transactionId: string;
  /** The bet to reverse, whether the wallet saw it or not. */
  readonly referenceTransactionId: string;
  readonly roundId: string;
}

// What the wallet answers, amounts parsed to paise.

export interface BalanceAnswer {
  readonly playerId: string;
  readonly balance: Paise;
  readonly currency: 'INR';
  readonly demo: boolean;
}

export interface TransactionAnswer {
  readonly transactionId: string;
  /** The player's stakeable balance right after the call (a replay answers the first one again). */
  readonly balance: Paise;
  readonly currency: 'INR';
}

export interface RollbackAnswer extends TransactionAnswer {
  readonly referenceTransactionId: string;
  readonly outcome: RollbackOutcome;
  /** The stake given back by this rollback: 0 unless Reversed. */
  readonly refunded: Paise;
}

/** The wallet's error codes a provider may meet (README, "Error codes"). */
export type WalletErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'CASINO_SIGNATURE_INVALID'
  | 'CASINO_SIGNATURE_STALE'
  | 'CASINO_TOKEN_INVALID'
  | 'CASINO_TOKEN_EXPIRED'
  | 'CASINO_TOKEN_FOREIGN'
  | 'USER_LOCKED'
  | 'USER_NOT_VERIFIED'
  | 'FORBIDDEN'
  | 'CASINO_BET_NOT_FOUND'
  | 'CASINO_TRANSACTION_CONFLICT'
  | 'CASINO_BET_CANCELLED'
  | 'CASINO_BET_HAS_WIN'
  | 'CASINO_ROUND_MISMATCH'
  | 'INSUFFICIENT_FUNDS'
  | 'CASINO_PROVIDER_UNAVAILABLE'
  // Responsible gaming: the player's own time-out, self-exclusion or loss limit.
  | 'PLAYER_TIMED_OUT'
  | 'PLAYER_SELF_EXCLUDED'
  | 'LOSS_LIMIT_REACHED';

/**
 * Paise → rupees for the wire: `amount / 100` is the double nearest the two-decimal value, and
 * JSON.stringify writes the shortest text that reads back as it, so ₹12.50 goes out as `12.5`.
 */
export function paiseToWire(amount: Paise): number {
  return amount / 100;
}

/** Rupees from the wire → paise, or undefined if it is not a finite amount with at most two decimals. */
export function wireToPaise(value: unknown): Paise | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths - value * 100) > 1e-6 || !Number.isSafeInteger(hundredths)) return undefined;
  return hundredths as Paise;
}
