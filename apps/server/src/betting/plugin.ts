import type { FastifyInstance } from 'fastify';
import { MarketStore } from '../sports/market-store';
import { StatementService } from '../statement/statement-service';
import { statementRoutes } from '../statement/routes';
import { BetService } from './bet-service';
import { PositionService } from './position-service';
import { bettingRoutes } from './routes';
import { SettlementService } from './settlement-service';

/**
 * Betting: placing bets, the open position, settlement of closed markets (from the feed, or by the
 * operator), and the statements. Settlement follows the feed in the process that owns it.
 */
export async function bettingPlugin(app: FastifyInstance) {
  const store = new MarketStore(app.db);
  const bets = new BetService({
    db: app.db,
    feed: app.feed,
    store,
    notifier: app.walletNotifier,
    log: app.log,
  });
  const positions = new PositionService(app.db, app.feed);
  const settlement = new SettlementService(app.db, app.walletNotifier, app.log, app.feed);
  // Only the process that owns the feed settles what it closes; consumers mirror the same events.
  if (app.feed && app.feedOwner) {
    const detach = settlement.attach(app.feed);
    app.addHook('onClose', async () => detach());
  }
  await app.register(bettingRoutes, { bets, positions, settlement });
  await app.register(statementRoutes, { statements: new StatementService(app.db) });
}
