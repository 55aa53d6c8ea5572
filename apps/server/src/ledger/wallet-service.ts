import { rupeesToPaise } from '@backlay/exchange';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database';
import { users } from '../platform/db/schema';
import { AppError } from '../platform/http/app-error';
import { toRupees } from '../platform/money';
import { houseAccount, postJournal, readWallet } from './ledger-repository';
import type { WalletNotifier } from './wallet-notifier';

/** Operator credits and debits: a balanced journal against the domain's house cash account. */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly notifier: WalletNotifier,
  ) {}

  async adjust(input: { userId: number; amount: number; reason: string; reference: string }) {
    const amountPaise = rupeesToPaise(input.amount);
    const { journalId } = await this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ domainId: users.domainId })
        .from(users)
        .where(eq(users.id, input.userId));
      if (!user) throw new AppError('NOT_FOUND', 'No such user.');
      const wallet = await readWallet(tx, input.userId, { forUpdate: true });
      // A debit may not take money that open bets hold.
      if (amountPaise < 0 && wallet.balancePaise - wallet.exposurePaise + amountPaise < 0) {
        throw new AppError('INSUFFICIENT_FUNDS', 'The debit is more than the available balance.');
      }
      return postJournal(tx, {
        domainId: user.domainId,
        kind: 'adjustment',
        reference: `adjust:${input.reference}`,
        description: input.reason,
        lines: [
          { accountId: wallet.cashAccountId, amount: amountPaise },
          { accountId: await houseAccount(tx, user.domainId, 'HOUSE_CASH'), amount: -amountPaise },
        ],
      });
    });
    await this.notifier.changed(input.userId);
    const w = await readWallet(this.db, input.userId);
    return { journalId, balance: toRupees(w.balancePaise), exposure: toRupees(w.exposurePaise) };
  }
}
