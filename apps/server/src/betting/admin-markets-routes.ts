import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import { AdminMarketsService } from './admin-markets-service';

/** The trader's (and the owner's) reads, on the operator's own site. */
const trader = { roles: ['trader'] } as const;

/**
 * The operators' Trading screen: markets by sport and status, the bets of a market, and what a
 * settlement would move (README.md). Reads only: settling is POST /admin/markets/settle.
 */
export async function adminMarketsRoutes(app: FastifyInstance) {
  const markets = new AdminMarketsService(app.db, app.feed);
  defineRoute(
    app,
    routes.adminMarkets,
    ({ query, operator }) => markets.list(operator.domainId, query),
    trader,
  );
  defineRoute(
    app,
    routes.adminMarketBets,
    ({ query, operator }) => markets.bets(operator.domainId, query.marketId, query),
    trader,
  );
  defineRoute(
    app,
    routes.adminSettlePreview,
    ({ query, operator }) => markets.preview(operator.domainId, query.marketId, query.result),
    trader,
  );
}
