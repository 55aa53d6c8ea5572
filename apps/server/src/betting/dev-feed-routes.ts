import { routes } from '@backlay/contract';
import type { Hundredths } from '@backlay/exchange';
import type { MarketFeed, PriceLevel } from '@backlay/market-feed';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { defineRoute } from '../platform/http/define-route';
import { isExchangeType } from './positions';

/** A feed whose prices can be held by hand (the simulator: `SimulatedFeed.holdPrices`). */
interface PriceHoldingFeed extends MarketFeed {
  holdPrices(
    marketId: string,
    runnerId: number,
    prices: { back: PriceLevel[]; lay: PriceLevel[] },
    holdMs: number,
  ): { eventId: number; version: number; heldUntil: number };
}

function holdsPrices(feed: MarketFeed | null): feed is PriceHoldingFeed {
  return typeof (feed as Partial<PriceHoldingFeed> | null)?.holdPrices === 'function';
}

/**
 * Development only (registered outside production): `POST /dev/feed/set-prices` sets one runner's
 * exchange prices on the simulated feed this server runs, published as the feed's own change (so
 * the odds pushes, the bet checks and the matching of resting orders all follow), and held for
 * `holdSeconds` of feed time against the simulator's own re-quotes. A server that does not run the
 * simulator (a feed consumer, a test's hand-set feed) answers 404.
 */
export async function devFeedRoutes(app: FastifyInstance) {
  defineRoute(app, routes.devSetFeedPrices, async ({ body }) => {
    const feed = app.feed;
    if (!app.feedOwner || !holdsPrices(feed)) {
      throw new AppError('NOT_FOUND', 'This server does not run the simulated feed.');
    }
    const market = feed.market(body.marketId);
    if (!market) throw new AppError('NOT_FOUND', `The feed has no market ${body.marketId}.`);
    if (!isExchangeType(market.type) || market.type === 'FANCY') {
      throw new AppError('BAD_REQUEST', 'Only exchange markets have ladder prices.');
    }
    if (market.status === 'CLOSED') throw new AppError('MARKET_CLOSED');
    if (!market.runners.some((r) => r.id === body.runnerId)) {
      throw new AppError('BAD_REQUEST', `Runner ${body.runnerId} is not in market ${body.marketId}.`);
    }
    const levels = (side: typeof body.back): PriceLevel[] =>
      side.map((l) => ({ price: Math.round(l.price * 100) as Hundredths, size: l.size }));
    const held = feed.holdPrices(
      body.marketId,
      body.runnerId,
      { back: levels(body.back), lay: levels(body.lay) },
      body.holdSeconds * 1000,
    );
    return {
      marketId: body.marketId,
      eventId: held.eventId,
      version: held.version,
      heldUntil: new Date(held.heldUntil).toISOString(),
    };
  });
}
