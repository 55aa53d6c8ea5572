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
    const feed = app.feed;
    const detach = settlement.attach(feed);
    app.addHook('onClose', async () => detach());
    app.addHook('onReady', async () => {
      const voided = await settlement.voidAbandoned(feed);
      if (voided.length > 0) app.log.warn({ markets: voided }, 'voided the open bets of abandoned markets');
    });
  }
  await app.register(bettingRoutes, { bets, positions, settlement });
}
