import { toRupees } from '../platform/money';
import type { Db } from '../platform/db/database';
import { readWallet } from './ledger-repository';

export type BalanceListener = (userId: number, balance: { Balance: number; Exposure: number }) => void;

/**
 * Tells listeners (the realtime hub) a user's new balance and exposure after any wallet change,
 * whatever changed it. Call it after the transaction that changed the wallet has committed.
 */
export class WalletNotifier {
  private readonly listeners = new Set<BalanceListener>();
  constructor(private readonly db: Db) {}

  subscribe(listener: BalanceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async changed(userId: number): Promise<void> {
    if (this.listeners.size === 0) return;
    const w = await readWallet(this.db, userId);
    const payload = { Balance: toRupees(w.balancePaise), Exposure: toRupees(w.exposurePaise) };
    for (const listener of this.listeners) listener(userId, payload);
  }
}
