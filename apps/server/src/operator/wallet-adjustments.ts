import { paise, type Paise } from '@backlay/exchange';
import type { Ledger } from '../ledger';
import type { Tx } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';

/** The operator's site (no other site's player is found) and the audit row, written in the journal's transaction. */
export interface AdjustmentScope {
  domainId: number;
  audit?: (tx: Tx, change: { target: string; before: unknown; after: unknown }) => Promise<void>;
}

/**
 * Operator credits and debits: a balanced journal against the domain's house cash account, or its
 * play-money house for a demo account (real money never funds play money, nor play money real).
 */
export class WalletAdjustments {
  constructor(private readonly ledger: Ledger) {}

  async adjust(
    input: { userId: number; amount: Paise; reason: string; reference: string },
    scope: AdjustmentScope,
  ) {
    const amountPaise = input.amount;
    const { journalId } = await this.ledger.transaction(async (money) => {
      const wallet = await money.findWallet(input.userId, { forUpdate: true });
      // Another site's player reads as no player at all.
      if (!wallet || wallet.domainId !== scope.domainId) throw new AppError('NOT_FOUND', 'No such user.');
      // A debit may not take money that open bets hold; a retry of one already made (its answer
      // lost) is the replay below, not judged again on the balance it left.
      // The site's own: another site's owner may use the same reference, and learns nothing of it.
      const reference = `adjust:${scope.domainId}:${input.reference}`;
      const replay = (await money.journalOf('adjustment', reference)) !== null;
      if (!replay && amountPaise < 0 && wallet.balancePaise - wallet.exposurePaise + amountPaise < 0) {
        throw new AppError('INSUFFICIENT_FUNDS', 'The debit is more than the available balance.');
      }
      const posted = await money.post({
        domainId: wallet.domainId,
        kind: 'adjustment',
        reference,
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
      // A replay of the same reference moves nothing and is recorded as such.
      await scope.audit?.(money.tx, {
        target: `player:${input.userId}`,
        before: { balance: wallet.balancePaise, exposure: wallet.exposurePaise },
        after: {
          balance: posted.created ? wallet.balancePaise + amountPaise : wallet.balancePaise,
          amount: amountPaise,
          reason: input.reason,
          reference: input.reference,
          journalId: posted.journalId,
          replayed: !posted.created,
        },
      });
      return posted;
    });
    const w = await this.ledger.wallet(input.userId);
    return {
      journalId,
      balance: w.balancePaise,
      exposure: w.exposurePaise,
    };
  }
}
