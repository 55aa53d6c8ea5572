// Helpers for the tables' tests (not exported by the package): a fake clock and a fake wallet.
import type { Paise } from '../games/money';
import { WalletError } from '../wallet/errors';
import type { Sleep } from '../wallet/retry';
import { WalletModel } from '../wallet/test-wallet-model';
import type { Wallet } from '../wallet/wallet-client';
import type { WalletCall } from '../wallet/wire';
import type { Scheduler } from './scheduler';

/** A clock that moves only when told, running due timers in order and letting promises settle. */
export class ManualScheduler implements Scheduler {
  private time: number;
  private seq = 0;
  private timers: { at: number; seq: number; fn: () => void }[] = [];

  constructor(start = 1_767_225_600_000) {
    this.time = start;
  }

  now = () => this.time;

  setTimer = (fn: () => void, ms: number) => {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  };

  sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      const cancel = this.setTimer(resolve, ms);
      signal?.addEventListener('abort', () => {
        cancel();
        reject(signal.reason as Error);
      });
    });

  /** Lets every promise chain waiting on no timer run to its end. */
  async flush(): Promise<void> {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  }

  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await this.flush();
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = target;
    await this.flush();
  }
}

/**
 * How the fake wallet treats one call:
 * - ok: applied and answered;
 * - lost: never arrives (unknown outcome, nothing applied);
 * - answer-lost: applied, the answer lost (unknown outcome);
 * - late: unknown outcome now, applied `delayMs` later (after any rollback sent meanwhile);
 * - slow: applied and answered `delayMs` later;
 * - unavailable: 503 CASINO_PROVIDER_UNAVAILABLE, nothing applied.
 */
export type Behaviour = 'ok' | 'lost' | 'answer-lost' | 'late' | 'slow' | 'unavailable';

export class FakeWallet implements Wallet {
  readonly model = new WalletModel();
  readonly calls: { call: WalletCall; transactionId: string; behaviour: Behaviour }[] = [];
  /** Behaviours for the next calls, in order; then `ok`. */
  readonly script: Behaviour[] = [];
  delayMs = 3_000;

  constructor(private readonly scheduler: ManualScheduler) {}

  balance(casinoToken: string) {
    return Promise.resolve(this.model.balance(casinoToken));
  }
  bet(request: Parameters<Wallet['bet']>[0]) {
    return this.run('bet', request.transactionId, () => this.model.bet(request));
  }
  win(request: Parameters<Wallet['win']>[0]) {
    return this.run('win', request.transactionId, () => this.model.win(request));
  }
  rollback(request: Parameters<Wallet['rollback']>[0]) {
    return this.run('rollback', request.transactionId, () => this.model.rollback(request));
  }

  private run<A>(call: WalletCall, transactionId: string, apply: () => A): Promise<A> {
    const behaviour = this.script.shift() ?? 'ok';
    this.calls.push({ call, transactionId, behaviour });
    const unknown = () =>
      new WalletError({
        kind: 'unknown-outcome',
        call,
        unknownCause: 'timeout',
        message: `${call}: ${behaviour}`,
      });
    switch (behaviour) {
      case 'ok':
        return new Promise((resolve) => resolve(apply()));
      case 'lost':
        return Promise.reject(unknown());
      case 'answer-lost':
        try {
          apply();
        } catch {
          // The refusal is lost with the answer.
        }
        return Promise.reject(unknown());
      case 'late':
        this.scheduler.setTimer(() => {
          try {
            apply();
          } catch {
            // A late call refused (say, a bet behind its tombstone): nobody hears it.
          }
        }, this.delayMs);
        return Promise.reject(unknown());
      case 'slow':
        return new Promise((resolve, reject) =>
          this.scheduler.setTimer(() => {
            try {
              resolve(apply());
            } catch (e) {
              reject(e as Error);
            }
          }, this.delayMs),
        );
      case 'unavailable':
        return Promise.reject(
          new WalletError({
            kind: 'provider-unavailable',
            call,
            code: 'CASINO_PROVIDER_UNAVAILABLE',
            status: 503,
            message: 'unavailable',
          }),
        );
    }
  }
}

export const rupees = (n: number) => (n * 100) as Paise;

/** Deterministic randomness for seeds: byte i of call k is (k × 31 + i) mod 256. */
export function countingRandom() {
  let k = 0;
  return (size: number) => {
    k += 1;
    return Uint8Array.from({ length: size }, (_, i) => (k * 31 + i) % 256);
  };
}
