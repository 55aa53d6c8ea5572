import type { Paise } from '@backlay/exchange';
import type { Db } from '../platform/db/database';
import { BalancePushes } from './balance-pushes';
import { selectPlayerBalances } from './ledger-repository';

/**
 * Paise, as the contract's UserBalance holds them (the hub's encode sends them as rupees): cash,
 * the exposure of open bets, and the bonus money beside cash (0 when the player has none).
 */
export interface PlayerBalance {
  Balance: Paise;
  Exposure: Paise;
  BonusBalance: Paise;
}
export type BalanceListener = (userId: number, balance: PlayerBalance) => void;

/**
 * Tells listeners (the realtime hub) a user's balance and exposure after any wallet change,
 * whatever changed it, coalesced per user (see BalancePushes). The ledger calls it after the
 * transaction that changed the wallet has committed.
 */
export class WalletNotifier {
  private readonly listeners = new Set<BalanceListener>();
  private readonly pushes: BalancePushes;
  /** Players whose push waits for the next read, with the callers to tell when it is done. */
  private waiting = new Map<number, { resolve: () => void; reject: (err: unknown) => void }[]>();
  private reading = false;

  constructor(
    private readonly db: Db,
    onError: (err: unknown, userId: number) => void,
    windowMs = 250,
  ) {
    this.pushes = new BalancePushes((userId) => this.pushNow(userId), onError, windowMs);
  }

  subscribe(listener: BalanceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(userId: number): void {
    if (this.listeners.size === 0) return;
    this.pushes.changed(userId);
  }

  /** The player's balances and exposure as they are now (null for no such wallet), e.g. for a client that just registered. */
  async current(userId: number): Promise<PlayerBalance | null> {
    return (await this.currentOf([userId])).get(userId) ?? null;
  }

  /** Several players' balances and exposure as they are now, in one read (one statement, one snapshot). */
  private async currentOf(userIds: readonly number[]): Promise<Map<number, PlayerBalance>> {
    const rows = await selectPlayerBalances(this.db, userIds);
    const out = new Map<number, PlayerBalance>();
    for (const [userId, row] of rows) {
      out.set(userId, { Balance: row.balance, Exposure: row.exposure, BonusBalance: row.bonus });
    }
    return out;
  }

  /**
   * A push read after the change it follows. Reads wait while one is under way and then go
   * together: a busy server (many players betting, each pushed at most every window) makes one
   * wallet read per round trip for all of them instead of one each.
   */
  private pushNow(userId: number): Promise<void> {
    if (this.listeners.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiting = this.waiting.get(userId) ?? [];
      waiting.push({ resolve, reject });
      this.waiting.set(userId, waiting);
      this.readPending();
    });
  }

  private readPending(): void {
    if (this.reading || this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    this.reading = true;
    void this.currentOf([...batch.keys()])
      .then(
        (balances) => {
          for (const [userId, callers] of batch) {
            try {
              const payload = balances.get(userId);
              if (payload) for (const listener of this.listeners) listener(userId, payload);
              for (const c of callers) c.resolve();
            } catch (err) {
              for (const c of callers) c.reject(err);
            }
          }
        },
        (err: unknown) => {
          for (const callers of batch.values()) for (const c of callers) c.reject(err);
        },
      )
      .finally(() => {
        this.reading = false;
        this.readPending();
      });
  }
}
