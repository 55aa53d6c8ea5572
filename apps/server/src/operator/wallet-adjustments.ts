import { paise, type Paise } from '@backlay/exchange';
import type { Ledger } from '../ledger';
import { AppError } from '../platform/http/app-error';

/**
 * Operator credits and debits: a balanced journal against the domain's house cash account, or its
 * play-money house for a demo account (real money never funds play money, nor play money real).
 */
export class WalletAdjustments {
  constructor(private readonly ledger: Ledger) {}

  async adjust(input: { userId: number; amount: Paise; reason: string; reference: string }) {
    const amountPaise = input.amount;
    const { journalId } = await this.ledger.transaction(async (money) => {
      const wallet = await money.findWallet(input.userId, { forUpdate: true });
      if (!wallet) throw new AppError('NOT_FOUND', 'No such user.');
      // A debit may not take money that open bets hold.
      if (amountPaise < 0 && wallet.balancePaise - wallet.exposurePaise + amountPaise < 0) {
        throw new AppError('INSUFFICIENT_FUNDS', 'The debit is more than the available balance.');
      }
      return money.post({
        domainId: wallet.domainId,
        kind: 'adjustment',
        reference: `adjust:${input.reference}`,
        description: input.reason,
        lines: [
          { account: wallet.cash, amount: amountPaise },
          {
            account: await money.houseAccount(
              wallet.domainId,
              wallet.isDemo ? 'HOUSE_PLAY_MONEY' : 'HOUSE_CASH',
            ),
            amount: paise(-amountPaise),
          },
        ],
      });
    });
    const w = await this.ledger.wallet(input.userId);
    return {
      journalId,
      balance: w.balancePaise,
      exposure: w.exposurePaise,
    };
  }
}
