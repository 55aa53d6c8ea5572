import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { BetService } from './bet-service';
import type { PositionService } from './position-service';
import type { SettlementService } from './settlement-service';

export interface BettingRoutesOptions {
  bets: BetService;
  positions: PositionService;
  settlement: SettlementService;
}

export async function bettingRoutes(app: FastifyInstance, opts: BettingRoutesOptions) {
  const { bets, positions, settlement } = opts;
  defineRoute(app, routes.placeBetV2, ({ body, user, req }) => bets.place(user, body, req.ip));
  defineRoute(app, routes.userOpenBets, ({ query, user }) =>
    positions.openBetsOf(user.userId, query.eventId),
  );
  defineRoute(app, routes.userExpectedProfitLoss, ({ query, user }) =>
    positions.expectedProfitLoss(user.userId, query.eventId),
  );
  defineRoute(app, routes.cashOutOffer, ({ query, user }) => positions.cashOut(user.userId, query.marketId));
  // Operator call: served only when an operator key is configured, like the other /admin calls.
  if (app.config.adminApiKey) {
    defineRoute(app, routes.adminSettleMarket, ({ body }) => settlement.settle(body.marketId, body.result));
  }
}
