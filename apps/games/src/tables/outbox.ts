import type { Wallet } from '../wallet/wallet-client';
import { isRollbackRetryable } from '../wallet/wallet-client';
import { DEFAULT_RETRY, retryUntilDefinite, type RetryPolicy } from '../wallet/retry';
import type { RollbackRequest, WinRequest } from '../wallet/wire';
import type { Scheduler } from './scheduler';

/**
 * Money the provider owes the wallet a call for: a win to pay or a stake to give back. Each item
 * keeps its transactionId for life, so sending it again is a replay, never a second movement.
 * - pending: no definite answer yet (sent again by `drain`);
 * - done: the wallet took it;
 * - failed: the wallet refused it for good (a human must look: `lastError` says why).
 */
export type WorkItem =
  | {
      readonly kind: 'win';
      readonly request: WinRequest;
      state: WorkState;
      attempts: number;
      lastError?: unknown;
    }
  | {
      readonly kind: 'rollback';
      readonly request: RollbackRequest;
      state: WorkState;
      attempts: number;
      lastError?: unknown;
    };
export type WorkState = 'pending' | 'done' | 'failed';

export class Outbox {
  private readonly items = new Map<string, WorkItem>();
  private readonly running = new Map<string, Promise<WorkItem>>();

  constructor(
    private readonly wallet: Wallet,
    private readonly scheduler: Scheduler,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
  ) {}

  /** Queues a win (by its transactionId, once) and tries it now, with retries. */
  win(request: WinRequest): Promise<WorkItem> {
    return this.add({ kind: 'win', request, state: 'pending', attempts: 0 });
  }

  /** Queues a rollback (by its transactionId, once) and tries it now, with retries. */
  rollback(request: RollbackRequest): Promise<WorkItem> {
    return this.add({ kind: 'rollback', request, state: 'pending', attempts: 0 });
  }

  get(transactionId: string): WorkItem | undefined {
    return this.items.get(transactionId);
  }

  list(): WorkItem[] {
    return [...this.items.values()];
  }

  pending(): WorkItem[] {
    return this.list().filter((w) => w.state === 'pending');
  }

  /** Sends every pending item again (a reconciliation pass); answers what is still pending. */
  async drain(): Promise<WorkItem[]> {
    await Promise.all(this.pending().map((item) => this.run(item)));
    return this.pending();
  }

  private add(item: WorkItem): Promise<WorkItem> {
    const known = this.items.get(item.request.transactionId);
    if (known) return this.running.get(known.request.transactionId) ?? Promise.resolve(known);
    this.items.set(item.request.transactionId, item);
    return this.run(item);
  }

  private run(item: WorkItem): Promise<WorkItem> {
    const id = item.request.transactionId;
    const already = this.running.get(id);
    if (already) return already;
    // A win is repeated like a rollback: after an unknown outcome, and after a 503 (nothing was done).
    const retryable = isRollbackRetryable;
    const attempt = () => {
      item.attempts += 1;
      return item.kind === 'win' ? this.wallet.win(item.request) : this.wallet.rollback(item.request);
    };
    const done = retryUntilDefinite(attempt, { policy: this.policy, sleep: this.scheduler.sleep, retryable })
      .then(
        () => {
          item.state = 'done';
        },
        (error: unknown) => {
          item.lastError = error;
          item.state = retryable(error) ? 'pending' : 'failed';
        },
      )
      .then(() => {
        this.running.delete(id);
        return item;
      });
    this.running.set(id, done);
    return done;
  }
}
