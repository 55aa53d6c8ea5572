import type { FastifyInstance } from 'fastify';
import { BetService } from './bet-service';
import { PositionService } from './position-service';
import { bettingRoutes } from './routes';
import { SettlementService } from './settlement-service';

/**
 * Betting: placing bets, the open position, settlement of closed markets (from the feed, or by the
 * operator). Settlement follows the feed in the process that owns it. (The statements, which read
 * the bets, are statement/'s plugin.)
 */
export async function bettingPlugin(app: FastifyInstance) {
  const store = app.marketStore;
  const bets = new BetService({
    db: app.db,
    feed: app.feed,
    store,
    ledger: app.ledger,
    log: app.log,
  });
  const positions = new PositionService(app.db, app.ledger, app.feed);
  const settlement = new SettlementService(app.db, app.ledger, app.log, app.feed, app.marketClosures);
  // Only the process that owns the feed settles what it closes; consumers mirror the same events.
  if (app.feed && app.feedOwner) {
    const detach = settlement.attach(app.feed);
    app.addHook('onClose', async () => detach());
  }
  if (app.feedOwner) {
    // What a previous run left half done is finished in the background: the start-up hook only
    // starts it (however many markets there are), and closing waits for the market under way.
    let closing = false;
    let repairing: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      repairing = settlement
        .repair(() => closing)
        .then(
          (done) => {
            if (done.finished.length + done.closedByFeed.length > 0) {
              app.log.info(
                { finished: done.finished, closedByFeed: done.closedByFeed },
                'settled the markets a previous run left unfinished',
              );
            }
            if (done.unknown.length > 0) {
              app.log.warn(
                { markets: done.unknown },
                'markets with open bets that the feed does not know are left open: settle or void each by hand (POST /admin/markets/settle)',
              );
            }
            app.log.info(
              {
                finished: done.finished.length,
                closedByFeed: done.closedByFeed.length,
                unknown: done.unknown.length,
                failed: done.failed.length,
              },
              'settlement repair done',
            );
          },
          (err: unknown) => app.log.error({ err }, 'repairing unfinished settlements failed'),
        );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await repairing;
    });
  }
  await app.register(bettingRoutes, { bets, positions, settlement });
}
