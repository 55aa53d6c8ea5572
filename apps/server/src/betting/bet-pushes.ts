import { betChangePush } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { HubSender } from '../realtime';
import type { OrderChange } from './order-service';

/**
 * The `BetChange` pushes: each change of an order (matched by the feed owner, lapsed, or the
 * player's own cancel or edit) goes to every connection of its owner, on whichever server holds
 * it (the hub's `sendToUser` goes through the backplane). Call only after the transaction that
 * made the changes has committed. The wallet is pushed apart from this, by the ledger
 * (`UserBalance` through the WalletNotifier). A push that fails is logged, never thrown: the
 * change is in the database, and the client reads it again on its next open-bets call.
 */
export class BetPushes {
  /** `hub` is asked for at each push: the hub is registered after the betting plugin. */
  constructor(
    private readonly hub: () => HubSender | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends each change to its owner, in order; resolves once every push has been handed over. */
  async send(changes: readonly OrderChange[]): Promise<void> {
    if (changes.length === 0) return;
    const hub = this.hub();
    if (!hub) return;
    for (const { userId, change } of changes) {
      try {
        await hub.sendToUser(String(userId), betChangePush(change));
      } catch (err) {
        this.log.warn({ err, userId, betId: change.betId }, 'bet change push not delivered');
      }
    }
  }
}
