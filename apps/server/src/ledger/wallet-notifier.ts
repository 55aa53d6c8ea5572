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
    // One statement, one snapshot: cash, exposure and bonus as they were together.
    const row = await selectPlayerBalances(this.db, userId);
    return row ? { Balance: row.balance, Exposure: row.exposure, BonusBalance: row.bonus } : null;
  }

  private async pushNow(userId: number): Promise<void> {
    if (this.listeners.size === 0) return;
    const payload = await this.current(userId);
    if (!payload) return;
    for (const listener of this.listeners) listener(userId, payload);
  }
}
