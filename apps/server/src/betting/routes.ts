import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { BetService } from './bet-service';
import { OrderService } from './order-service';
import type { PositionService } from './position-service';
import type { SettlementService } from './settlement-service';
import { placeBetBodyOfV1 } from './v1-adapter';

export interface BettingRoutesOptions {
  bets: BetService;
  /** The orders resting in the book; one is made here when the plugin does not pass its own. */
  orders?: OrderService;
  positions: PositionService;
  settlement: SettlementService;
}

export async function bettingRoutes(app: FastifyInstance, opts: BettingRoutesOptions) {
  const { bets, positions, settlement } = opts;
  const orders =
    opts.orders ?? new OrderService({ db: app.db, feed: app.feed, ledger: app.ledger, log: app.log });
  defineRoute(app, routes.placeBetV2, ({ body, user, req }) => bets.place(user, body, req.ip));
  defineRoute(app, routes.cancelBet, ({ body, user }) => orders.cancel(user, body));
  defineRoute(app, routes.updateBet, ({ body, user, req }) => orders.update(user, body, req.ip));
  // The V1 body of the family's older clients, placed as PlaceBetV2; V1 answers the toast's message.
  defineRoute(app, routes.placeBetV1, async ({ body, user, req }) => {
    const placed = await bets.place(user, placeBetBodyOfV1(body), req.ip);
    return placed.message;
  });
  defineRoute(app, routes.userOpenBets, ({ query, user }) =>
    positions.openBetsOf(user.userId, query.eventId),
  );
  defineRoute(app, routes.userExpectedProfitLoss, ({ query, user }) =>
    positions.expectedProfitLoss(user.userId, query.eventId),
  );
  defineRoute(app, routes.cashOutOffer, ({ query, user }) => positions.cashOut(user.userId, query.marketId));
  // A trader's call. A market is one for every site (one feed), so settling it settles the bets of
  // every site: the decision is audited on the trader's site before it runs (settlement is many
  // transactions, one per player, idempotent and resumable), and its outcome after.
  defineRoute(
    app,
    routes.adminSettleMarket,
    async ({ body, req, audit }) => {
      // A deliberate step (the only way a market the feed no longer knows is voided): logged.
      req.log.warn({ marketId: body.marketId, result: body.result }, 'market settled by the operator');
      const target = `market:${body.marketId}`;
      const action = body.result.kind === 'void' ? 'market.void' : 'market.settle';
      await audit(app.db, { action, target, before: null, after: { result: body.result } });
      const outcome = await settlement.settle(body.marketId, body.result);
      await audit(app.db, { action: `${action}.done`, target, before: null, after: outcome });
      return outcome;
    },
    { roles: ['trader'] },
  );
}
