import type { Paise } from '../games/money';
import { kindOf, WalletError, type UnknownCause } from './errors';
import { retryUntilDefinite, type RetryOptions } from './retry';
import { signWalletCall } from './signature';
import {
  paiseToWire,
  ROLLBACK_OUTCOMES,
  walletPath,
  wireToPaise,
  type BalanceAnswer,
  type BetRequest,
  type RollbackAnswer,
  type RollbackOutcome,
  type RollbackRequest,
  type TransactionAnswer,
  type WalletCall,
  type WinRequest,
} from './wire';

export interface CallOptions {
  /** Gives up on the call (its outcome is then unknown). */
  readonly signal?: AbortSignal;
}

/** The seamless wallet as the tables see it: the HTTP client below, or a fake in tests. */
export interface Wallet {
  balance(casinoToken: string, options?: CallOptions): Promise<BalanceAnswer>;
  bet(request: BetRequest, options?: CallOptions): Promise<TransactionAnswer>;
  win(request: WinRequest, options?: CallOptions): Promise<TransactionAnswer>;
  rollback(request: RollbackRequest, options?: CallOptions): Promise<RollbackAnswer>;
}

export interface WalletClientOptions {
  /** The operator's API origin, e.g. `http://localhost:3000` (the path is added here). */
  readonly baseUrl: string;
  /** This provider's name on the operator's side: international, dream, king, mac or udan. */
  readonly provider: string;
  /** This provider's HMAC secret, as configured on the operator's side. */
  readonly secret: string;
  /** Each call's time limit, answer body included; 5 s by default. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Milliseconds since the epoch, for the signed timestamp. */
  readonly now?: () => number;
}

/** A rollback is repeated after an unknown outcome, and after a 503 (the operator is being configured). */
export function isRollbackRetryable(error: unknown): boolean {
  return (
    error instanceof WalletError &&
    (error.kind === 'unknown-outcome' || error.kind === 'provider-unavailable')
  );
}

type Json = Record<string, unknown>;

/**
 * The provider's side of the seamless wallet over HTTP: each call signed as the README says,
 * amounts in rupees on the wire and paise here, a time limit per call, answers checked field by
 * field and refusals turned into typed `WalletError`s.
 */
export class WalletClient implements Wallet {
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: WalletClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  async balance(casinoToken: string, options?: CallOptions): Promise<BalanceAnswer> {
    const result = await this.call('balance', { casinoToken }, options);
    const balance = wireToPaise(result.balance);
    if (typeof result.playerId !== 'string' || balance === undefined || typeof result.demo !== 'boolean') {
      throw badAnswer('balance', 'a balance answer needs playerId, balance and demo');
    }
    return { playerId: result.playerId, balance, currency: 'INR', demo: result.demo };
  }

  async bet(request: BetRequest, options?: CallOptions): Promise<TransactionAnswer> {
    const body = { ...request, amount: paiseToWire(request.amount), currency: 'INR' };
    return transaction('bet', await this.call('bet', body, options), request.transactionId);
  }

  async win(request: WinRequest, options?: CallOptions): Promise<TransactionAnswer> {
    const body = { ...request, amount: paiseToWire(request.amount), currency: 'INR' };
    return transaction('win', await this.call('win', body, options), request.transactionId);
  }

  async rollback(request: RollbackRequest, options?: CallOptions): Promise<RollbackAnswer> {
    const result = await this.call('rollback', { ...request }, options);
    const base = transaction('rollback', result, request.transactionId);
    const refunded = wireToPaise(result.refunded);
    if (
      result.referenceTransactionId !== request.referenceTransactionId ||
      !ROLLBACK_OUTCOMES.includes(result.outcome as RollbackOutcome) ||
      refunded === undefined
    ) {
      throw badAnswer('rollback', 'a rollback answer needs its referenceTransactionId, outcome and refunded');
    }
    return {
      ...base,
      referenceTransactionId: request.referenceTransactionId,
      outcome: result.outcome as RollbackOutcome,
      refunded,
    };
  }

  /**
   * A rollback repeated with backoff until the wallet gives a definite answer (a rollback is always
   * safe to repeat: the stake goes back once whatever ids carry it). Bounded by the policy and
   * cancellable by `signal`; then it rejects with the last error, whose outcome is still unknown.
   */
  rollbackUntilDefinite(request: RollbackRequest, retry: RetryOptions = {}): Promise<RollbackAnswer> {
    return retryUntilDefinite(() => this.rollback(request, { signal: retry.signal }), {
      retryable: isRollbackRetryable,
      ...retry,
    });
  }

  private async call(call: WalletCall, body: Json, options?: CallOptions): Promise<Json> {
    const rawBody = JSON.stringify(body);
    const url = new URL(walletPath(this.options.provider, call), this.options.baseUrl);
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new Error(`timed out after ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    const signal = options?.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    const unknown = (cause: unknown): WalletError => {
      const why: UnknownCause = timeout.signal.aborted
        ? 'timeout'
        : options?.signal?.aborted
          ? 'aborted'
          : 'network';
      return new WalletError({
        kind: 'unknown-outcome',
        call,
        unknownCause: why,
        message: `wallet ${call}: no answer (${why})`,
        cause,
      });
    };
    let status: number;
    let text: string;
    try {
      const response = await this.fetchImpl(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...signWalletCall(this.options.secret, rawBody, this.now()),
        },
        body: rawBody,
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw unknown(error);
    } finally {
      clearTimeout(timer);
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const parsed = isObject(envelope) ? envelope : undefined;
    if (status === 200 && parsed?.success === true && isObject(parsed.result)) return parsed.result;
    const error = parsed && isObject(parsed.error) ? parsed.error : undefined;
    const code = typeof error?.code === 'string' ? error.code : undefined;
    if (status < 400 || status > 599) {
      // A 200 that is not a success, a 3xx: nothing a wallet answers, so nobody knows what happened.
      throw new WalletError({
        kind: 'unknown-outcome',
        call,
        status,
        unknownCause: 'bad-answer',
        message: `wallet ${call}: unreadable answer (HTTP ${status})`,
      });
    }
    const kind = kindOf(status, code);
    throw new WalletError({
      kind,
      call,
      status,
      ...(code === undefined ? {} : { code }),
      ...(kind === 'unknown-outcome' ? { unknownCause: 'server-error' as const } : {}),
      ...(kind === 'insufficient-funds' && wireToPaise(error?.balance) !== undefined
        ? { balance: wireToPaise(error?.balance) as Paise }
        : {}),
      ...(typeof error?.message === 'string' ? { walletMessage: error.message } : {}),
      message: `wallet ${call}: ${code ?? `HTTP ${status}`}${typeof error?.message === 'string' ? `: ${error.message}` : ''}`,
    });
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badAnswer(call: WalletCall, message: string): WalletError {
  return new WalletError({
    kind: 'unknown-outcome',
    call,
    unknownCause: 'bad-answer',
    message: `wallet ${call}: ${message}`,
  });
}

function transaction(call: WalletCall, result: Json, transactionId: string): TransactionAnswer {
  const balance = wireToPaise(result.balance);
  if (result.transactionId !== transactionId || balance === undefined) {
    throw badAnswer(call, 'the answer needs our transactionId and a balance');
  }
  return { transactionId, balance, currency: 'INR' };
}
