// The operator's seamless wallet as an in-memory model, for tests only (not exported by the package):
// the rules of apps/server/src/casino/README.md, answered the same way, with a ledger to check against.
import type { Paise } from '../games/money';
import { WalletError, type WalletErrorKind } from './errors';
import type {
  BalanceAnswer,
  BetRequest,
  RollbackAnswer,
  RollbackRequest,
  TransactionAnswer,
  WalletCall,
  WalletErrorCode,
  WinRequest,
} from './wire';

interface Player {
  readonly playerId: string;
  balance: number;
}

interface Taken {
  readonly call: WalletCall;
  /** What makes a repeat "the same call". */
  readonly key: string;
  readonly answer: TransactionAnswer | RollbackAnswer;
}

export interface ModelBet {
  readonly transactionId: string;
  readonly playerId: string;
  readonly roundId: string;
  readonly amount: number;
  reversed: boolean;
  /** Each win paid on this bet, by its transactionId. */
  readonly wins: Map<string, number>;
}

export const STATUS_OF: Readonly<Record<WalletErrorCode, number>> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  CASINO_SIGNATURE_INVALID: 401,
  CASINO_SIGNATURE_STALE: 401,
  CASINO_TOKEN_INVALID: 401,
  CASINO_TOKEN_EXPIRED: 401,
  CASINO_TOKEN_FOREIGN: 403,
  USER_LOCKED: 403,
  USER_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  CASINO_BET_NOT_FOUND: 404,
  CASINO_TRANSACTION_CONFLICT: 409,
  CASINO_BET_CANCELLED: 409,
  CASINO_BET_HAS_WIN: 409,
  CASINO_ROUND_MISMATCH: 422,
  INSUFFICIENT_FUNDS: 422,
  CASINO_PROVIDER_UNAVAILABLE: 503,
  PLAYER_TIMED_OUT: 403,
  PLAYER_SELF_EXCLUDED: 403,
  LOSS_LIMIT_REACHED: 422,
};

const KIND: Partial<Record<WalletErrorCode, WalletErrorKind>> = {
  CASINO_TOKEN_INVALID: 'token-invalid',
  CASINO_TOKEN_EXPIRED: 'token-expired',
  CASINO_TOKEN_FOREIGN: 'token-invalid',
  CASINO_BET_NOT_FOUND: 'bet-not-found',
  CASINO_TRANSACTION_CONFLICT: 'conflict',
  CASINO_BET_CANCELLED: 'bet-cancelled',
  CASINO_BET_HAS_WIN: 'bet-has-win',
  INSUFFICIENT_FUNDS: 'insufficient-funds',
};

function refuse(call: WalletCall, code: WalletErrorCode, balance?: number): never {
  throw new WalletError({
    kind: KIND[code] ?? 'rejected',
    call,
    code,
    status: STATUS_OF[code],
    message: code,
    ...(balance === undefined ? {} : { balance: balance as Paise }),
  });
}

export class WalletModel {
  private readonly players = new Map<string, Player>();
  /** Tokens past their 6 hours: refused for balance and a new bet, taken for wins and rollbacks. */
  private readonly expired = new Set<string>();
  private readonly taken = new Map<string, Taken>();
  readonly bets = new Map<string, ModelBet>();
  readonly tombstones = new Set<string>();
  /** How many times money moved, per bet: never more than one debit and one reversal. */
  readonly debits = new Map<string, number>();
  readonly reversals = new Map<string, number>();

  addPlayer(casinoToken: string, playerId: string, balance: number): void {
    this.players.set(casinoToken, { playerId, balance });
  }

  expire(casinoToken: string): void {
    this.expired.add(casinoToken);
  }

  balanceOf(casinoToken: string): number {
    return this.players.get(casinoToken)!.balance;
  }

  balance(casinoToken: string): BalanceAnswer {
    const player = this.player('balance', casinoToken, true);
    return { playerId: player.playerId, balance: player.balance as Paise, currency: 'INR', demo: false };
  }

  bet(request: BetRequest): TransactionAnswer {
    const key = `${request.casinoToken}|${request.roundId}|${request.gameCode}|${request.amount}`;
    const replay = this.replay('bet', request.transactionId, key);
    if (replay) return replay;
    if (this.tombstones.has(request.transactionId)) refuse('bet', 'CASINO_BET_CANCELLED');
    const player = this.player('bet', request.casinoToken, true);
    if (request.amount > player.balance) refuse('bet', 'INSUFFICIENT_FUNDS', player.balance);
    player.balance -= request.amount;
    this.debits.set(request.transactionId, (this.debits.get(request.transactionId) ?? 0) + 1);
    this.bets.set(request.transactionId, {
      transactionId: request.transactionId,
      playerId: player.playerId,
      roundId: request.roundId,
      amount: request.amount,
      reversed: false,
      wins: new Map(),
    });
    return this.take('bet', request.transactionId, key, {
      transactionId: request.transactionId,
      balance: player.balance as Paise,
      currency: 'INR',
    });
  }

  win(request: WinRequest): TransactionAnswer {
    const key = `${request.casinoToken}|${request.roundId}|${request.referenceTransactionId}|${request.amount}`;
    const replay = this.replay('win', request.transactionId, key);
    if (replay) return replay;
    const player = this.player('win', request.casinoToken, false);
    if (this.tombstones.has(request.referenceTransactionId)) refuse('win', 'CASINO_BET_CANCELLED');
    const bet = this.bets.get(request.referenceTransactionId);
    if (!bet) refuse('win', 'CASINO_BET_NOT_FOUND');
    if (bet.playerId !== player.playerId) refuse('win', 'CASINO_TOKEN_FOREIGN');
    if (bet.roundId !== request.roundId) refuse('win', 'CASINO_ROUND_MISMATCH');
    if (bet.reversed) refuse('win', 'CASINO_BET_CANCELLED');
    player.balance += request.amount;
    bet.wins.set(request.transactionId, request.amount);
    return this.take('win', request.transactionId, key, {
      transactionId: request.transactionId,
      balance: player.balance as Paise,
      currency: 'INR',
    });
  }

  rollback(request: RollbackRequest): RollbackAnswer {
    const key = `${request.casinoToken}|${request.roundId}|${request.referenceTransactionId}`;
    const replay = this.replay('rollback', request.transactionId, key);
    if (replay) return replay as RollbackAnswer;
    const player = this.player('rollback', request.casinoToken, false);
    const ref = request.referenceTransactionId;
    const bet = this.bets.get(ref);
    let outcome: RollbackAnswer['outcome'];
    let refunded = 0;
    if (!bet) {
      if (this.taken.has(ref)) refuse('rollback', 'CASINO_BET_NOT_FOUND');
      this.tombstones.add(ref);
      outcome = 'Tombstone';
    } else {
      if (bet.playerId !== player.playerId) refuse('rollback', 'CASINO_TOKEN_FOREIGN');
      if (bet.roundId !== request.roundId) refuse('rollback', 'CASINO_ROUND_MISMATCH');
      if (bet.wins.size > 0) refuse('rollback', 'CASINO_BET_HAS_WIN');
      if (bet.reversed) {
        outcome = 'AlreadyReversed';
      } else {
        bet.reversed = true;
        refunded = bet.amount;
        player.balance += refunded;
        this.reversals.set(ref, (this.reversals.get(ref) ?? 0) + 1);
        outcome = 'Reversed';
      }
    }
    return this.take('rollback', request.transactionId, key, {
      transactionId: request.transactionId,
      balance: player.balance as Paise,
      currency: 'INR',
      referenceTransactionId: ref,
      outcome,
      refunded: refunded as Paise,
    }) as RollbackAnswer;
  }

  private player(call: WalletCall, casinoToken: string, live: boolean): Player {
    const player = this.players.get(casinoToken);
    if (!player) refuse(call, 'CASINO_TOKEN_INVALID');
    if (live && this.expired.has(casinoToken)) refuse(call, 'CASINO_TOKEN_EXPIRED');
    return player;
  }

  private replay(call: WalletCall, transactionId: string, key: string) {
    const before = this.taken.get(transactionId);
    if (!before) return undefined;
    if (before.call !== call || before.key !== key) refuse(call, 'CASINO_TRANSACTION_CONFLICT');
    return before.answer;
  }

  private take<A extends TransactionAnswer>(
    call: WalletCall,
    transactionId: string,
    key: string,
    answer: A,
  ): A {
    this.taken.set(transactionId, { call, key, answer });
    return answer;
  }
}
