import type { Paise } from '../games/money';
import type { WalletCall, WalletErrorCode } from './wire';

/**
 * Why a wallet call did not succeed. Every kind but `unknown-outcome` is a definite answer: the
 * wallet judged the call and (README: "Refused calls leave no row") changed nothing.
 *
 * - insufficient-funds: the stake is more than the balance, which the error carries;
 * - conflict: the transactionId was used before with other details;
 * - bet-cancelled: the bet was rolled back, or its rollback came first (a tombstone);
 * - bet-has-win: a rollback of a bet already paid: a paid round is final;
 * - bet-not-found: a win or rollback names no bet of ours;
 * - token-expired / token-invalid: the casinoToken is too old, not the operator's, or foreign;
 * - player-blocked: the account may not stake now (locked, unverified, a time-out, self-excluded, a
 *   loss limit reached);
 * - provider-unavailable: the operator has no secret for this provider (503);
 * - rejected: anything else the wallet refused (signature, stale time, validation, round mismatch);
 * - unknown-outcome: no answer we can read (timeout, network, 5xx, an unreadable body): the call may
 *   or may not have been applied, so only a repeat with the same transactionId can tell.
 */
export type WalletErrorKind =
  | 'insufficient-funds'
  | 'conflict'
  | 'bet-cancelled'
  | 'bet-has-win'
  | 'bet-not-found'
  | 'token-expired'
  | 'token-invalid'
  | 'player-blocked'
  | 'provider-unavailable'
  | 'rejected'
  | 'unknown-outcome';

/** Why the outcome is unknown. */
export type UnknownCause = 'timeout' | 'network' | 'server-error' | 'bad-answer' | 'aborted';

export class WalletError extends Error {
  override readonly name = 'WalletError';
  readonly kind: WalletErrorKind;
  readonly call: WalletCall;
  /** The wallet's error code, when it gave one. */
  readonly code: WalletErrorCode | string | undefined;
  /** The HTTP status, when there was an answer. */
  readonly status: number | undefined;
  /** INSUFFICIENT_FUNDS: the balance the player can stake now. */
  readonly balance: Paise | undefined;
  readonly unknownCause: UnknownCause | undefined;
  /** The wallet's own words for the refusal, for the player (a time-out's end, a limit). */
  readonly walletMessage: string | undefined;

  constructor(init: {
    kind: WalletErrorKind;
    call: WalletCall;
    message: string;
    code?: WalletErrorCode | string;
    status?: number;
    balance?: Paise;
    unknownCause?: UnknownCause;
    walletMessage?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.call = init.call;
    this.code = init.code;
    this.status = init.status;
    this.balance = init.balance;
    this.unknownCause = init.unknownCause;
    this.walletMessage = init.walletMessage;
  }

  /** The wallet gave a definite answer: nothing was changed by this call. */
  get definite(): boolean {
    return this.kind !== 'unknown-outcome';
  }
}

export function isWalletError(e: unknown): e is WalletError {
  return e instanceof WalletError;
}

export function isUnknownOutcome(e: unknown): boolean {
  return e instanceof WalletError && e.kind === 'unknown-outcome';
}

const KIND_OF_CODE: Readonly<Record<WalletErrorCode, WalletErrorKind>> = {
  BAD_REQUEST: 'rejected',
  VALIDATION_FAILED: 'rejected',
  CASINO_SIGNATURE_INVALID: 'rejected',
  CASINO_SIGNATURE_STALE: 'rejected',
  CASINO_TOKEN_INVALID: 'token-invalid',
  CASINO_TOKEN_EXPIRED: 'token-expired',
  CASINO_TOKEN_FOREIGN: 'token-invalid',
  USER_LOCKED: 'player-blocked',
  USER_NOT_VERIFIED: 'player-blocked',
  FORBIDDEN: 'player-blocked',
  CASINO_BET_NOT_FOUND: 'bet-not-found',
  CASINO_TRANSACTION_CONFLICT: 'conflict',
  CASINO_BET_CANCELLED: 'bet-cancelled',
  CASINO_BET_HAS_WIN: 'bet-has-win',
  CASINO_ROUND_MISMATCH: 'rejected',
  INSUFFICIENT_FUNDS: 'insufficient-funds',
  CASINO_PROVIDER_UNAVAILABLE: 'provider-unavailable',
  PLAYER_TIMED_OUT: 'player-blocked',
  PLAYER_SELF_EXCLUDED: 'player-blocked',
  LOSS_LIMIT_REACHED: 'player-blocked',
};

/**
 * The kind of a refusal from its status and code. A 5xx other than the wallet's own 503
 * CASINO_PROVIDER_UNAVAILABLE is a fault on the operator's side (README: "send the same call
 * again"), so its outcome is unknown; so is any status with a code we do not know but a 4xx.
 */
export function kindOf(status: number, code: string | undefined): WalletErrorKind {
  if (status === 503 && code === 'CASINO_PROVIDER_UNAVAILABLE') return 'provider-unavailable';
  if (status >= 500) return 'unknown-outcome';
  if (code !== undefined && Object.hasOwn(KIND_OF_CODE, code)) return KIND_OF_CODE[code as WalletErrorCode];
  return status >= 400 && status < 500 ? 'rejected' : 'unknown-outcome';
}
