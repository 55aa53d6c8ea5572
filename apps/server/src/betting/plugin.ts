import type { FastifyInstance } from 'fastify';
import { adminMarketsRoutes } from './admin-markets-routes';
import { BetPushes } from './bet-pushes';
import { BetService } from './bet-service';
import { devFeedRoutes } from './dev-feed-routes';
import { OrderService, type OrderChange } from './order-service';
import { PositionService } from './position-service';
import { RestingNotices, RestingOrders } from './resting-orders';
import { bettingRoutes } from './routes';
import { SettlementService } from './settlement-service';

/**
 * Betting: placing bets, the open position, settlement of closed markets (from the feed, or by the
 * operator). Settlement follows the feed in the process that owns it. (The statements, which read
 * the bets, are statement/'s plugin.)
 */
export async function bettingPlugin(app: FastifyInstance) {
  const store = app.marketStore;
  // Orders resting in the book (exchange markets). Every change of one is pushed to its owner's
  // connections on every server (BetChange) after its commit, and every server tells the feed
  // owner of an order that now rests (RestingNotices, on the bus), so it matches it at once.
  const betPushes = new BetPushes(() => app.hub, app.log);
  const push = (changes: OrderChange[]) => betPushes.send(changes);
  const restingNotices = new RestingNotices(app.bus, app.log);
  // The in-play flag as this server's feed has it now, after the commit: when the owner has seen
  // the turn already and this says not in play, the order missed its lapse and gets it.
  const rested = (marketId: string, version: number) => {
    const inPlay = app.feed?.market(marketId)?.inPlay;
    restingNotices.announce(inPlay === undefined ? { marketId, version } : { marketId, inPlay, version });
  };
  const orders = new OrderService({
    db: app.db,
    feed: app.feed,
    ledger: app.ledger,
    log: app.log,
    changed: (changes) => void push(changes),
    rested,
  });
  const bets = new BetService({
    db: app.db,
    feed: app.feed,
    store,
    ledger: app.ledger,
    log: app.log,
    rested,
  });
  const positions = new PositionService(app.db, app.ledger, app.feed);
  // Settlement lapses a market's resting orders before it settles the matched bets.
  const settlement = new SettlementService(app.db, app.ledger, app.log, app.feed, app.marketClosures, {
    orders,
    push,
  });
  // Only the process that owns the feed settles what it closes; consumers mirror the same events.
  if (app.feed && app.feedOwner) {
    const detach = settlement.attach(app.feed);
    app.addHook('onClose', async () => detach());
    // ... and matches and lapses the resting orders on its changes. Started here, before main.ts
    // starts the feed (after buildApp), so a catch-up is heard with the resting markets known.
    const resting = new RestingOrders({
      orders,
      feed: app.feed,
      push,
      notices: restingNotices,
      log: app.log,
    });
    await resting.start();
    // Once ready (main.ts has started the feed by then), the markets read at start are looked at.
    app.addHook('onReady', async () => resting.checkAll());
    app.addHook('onClose', async () => resting.stop());
  }
  // Outside production: the journeys move the simulated feed's prices by hand.
  if (!app.config.isProduction) await app.register(devFeedRoutes);
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
  await app.register(bettingRoutes, { bets, orders, positions, settlement });
  // The operators' Trading screen: markets, their bets and a settlement's preview (reads only).
  await app.register(adminMarketsRoutes);
}
