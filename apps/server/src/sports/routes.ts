import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { defineRoute } from '../platform/http/define-route';
import { toMarketInfo, toOddsV2, toUserLimits } from './feed/wire';
import { toOddsV1 } from './feed/wire-v1';
import type { SportsService } from './sports-service';

export async function sportsRoutes(app: FastifyInstance, opts: { sports: SportsService | null }) {
  const { sports } = opts;
  const oddsOf = (eventId: number) => {
    const odds = sports?.odds(eventId);
    if (!odds) throw new AppError('NOT_FOUND', 'No such event, or it has no open markets.');
    return odds;
  };

  defineRoute(
    app,
    routes.treeSportWithEvent,
    async ({ query }) => sports?.tree(query.inPlayOnly ?? false) ?? [],
  );
  defineRoute(app, routes.getBySportName, async ({ query }) => sports?.bySport(query) ?? []);
  defineRoute(app, routes.closestEvents, async ({ query }) => sports?.closest(query) ?? []);
  defineRoute(app, routes.marketsByEvent, async ({ query }) =>
    oddsOf(query.eventId).markets.map(toMarketInfo),
  );
  defineRoute(app, routes.userOddsV2, async ({ query }) => toOddsV2(oddsOf(query.eventId)));
  // The V1 shape for the family's older clients, from the same picture as V2.
  defineRoute(app, routes.userOddsV1, async ({ query }) =>
    toOddsV1(oddsOf(query.eventId), sports?.feed.stale?.() ?? false),
  );
  defineRoute(app, routes.userLimits, async ({ query }) => toUserLimits(oddsOf(query.eventId)));
  defineRoute(app, routes.listPrices, async ({ query }) => ({
    list: query.list,
    prices: sports?.listPrices.snapshot(query.list) ?? [],
  }));
  defineRoute(app, routes.scoreCard, async ({ query }) => {
    const card = sports?.feed.scoreCard(query.eventId);
    if (!card) throw new AppError('NOT_FOUND', 'No scorecard for this event.');
    return card;
  });
}
