import type { OddsV2 } from '@backlay/contract';
import { ladderIndex, priceAtIndex, priceToDecimal, type Hundredths } from '@backlay/exchange';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock, type ExchangeMarket, type FeedEvent } from '@backlay/market-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import { demoPlayer, placeOk } from './betting-helpers';
import { call, expectOk, expectRefused } from './helpers';

/*
 * POST /dev/feed/set-prices: the browser journeys move the simulated feed's prices by hand (to
 * match a resting order on cue). The prices go out as the feed's own change, so every reader
 * (the odds calls, the hub, the bet checks, the matching of resting orders) follows; the route
 * does not exist in production.
 */

function simulatedWorld() {
  return new SimulatedFeed({
    clock: new ManualClock(Date.UTC(2026, 10, 21, 14, 0)),
    seed: 5,
    eventIdBase: 7_000_000,
    sports: {
      football: null,
      tennis: null,
      kabaddi: null,
      horseRacing: null,
      cricket: { inPlay: 1, upcoming: 1 },
    },
  });
}

function matchOddsOf(feed: SimulatedFeed): ExchangeMarket {
  for (const f of feed.fixtures()) {
    const market = feed.odds(f.eventId)?.markets.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
    if (market?.type === 'MATCH_ODDS') return market;
  }
  throw new Error('no open match odds');
}

describe.each(backends)('moving the simulated feed by hand (%s)', (backend) => {
  let ctx: TestContext;
  const feed = simulatedWorld();
  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("sets a runner's prices, published as the feed's change and read back by the odds call", async () => {
    const market = matchOddsOf(feed);
    const runnerId = market.runners[0]?.id as number;
    const heard: FeedEvent[] = [];
    const stop = feed.subscribe((e) => heard.push(e));
    const before = feed.odds(market.eventId)?.version as number;
    const result = expectOk(
      await call(ctx.app, {
        url: '/dev/feed/set-prices',
        body: {
          marketId: market.id,
          runnerId,
          back: [
            { price: 3.5, size: 120 },
            { price: 3.45, size: 80 },
          ],
          lay: [{ price: 3.6, size: 90 }],
          holdSeconds: 600,
        },
      }),
    );
    stop();
    expect(result).toEqual({
      marketId: market.id,
      eventId: market.eventId,
      version: before + 1,
      heldUntil: new Date(feed.now() + 600_000).toISOString(),
    });
    expect(heard.map((e) => e.type)).toEqual(['oddsChanged']);

    const odds = expectOk(
      await call<OddsV2>(ctx.app, { url: '/Odds/GetUserOddsV2', query: { eventId: String(market.eventId) } }),
    );
    const shown = odds.matchOdds.find((m) => m.id === market.id)?.runners.find((r) => r.id === runnerId);
    expect(shown?.back).toEqual([
      { price: 3.5, size: 120 },
      { price: 3.45, size: 80 },
    ]);
    expect(shown?.lay).toEqual([{ price: 3.6, size: 90 }]);
  });

  it('a resting order is matched when the prices set by hand reach it (the journeys’ path)', async () => {
    const fixture = feed.fixtures().find((f) => f.status === 'UPCOMING');
    const market = feed
      .odds(fixture?.eventId ?? 0)
      ?.markets.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
    if (market?.type !== 'MATCH_ODDS') throw new Error('no open match odds before the start');
    const runner = market.runners[0];
    const best = runner?.back[0]?.price as Hundredths;
    const asked = priceAtIndex(ladderIndex(best) + 3) as Hundredths;
    const player = await demoPlayer(ctx);
    const order = (await placeOk(ctx, player, {
      type: 1,
      rate: priceToDecimal(asked),
      stake: 100,
      marketId: market.id,
      eventId: market.eventId,
      runnerId: runner?.id ?? 0,
    })) as unknown as { betId: number; status: string };
    expect(order.status).toBe('UNMATCHED');
    const above = priceAtIndex(ladderIndex(asked) + 1) as Hundredths;
    expectOk(
      await call(ctx.app, {
        url: '/dev/feed/set-prices',
        body: {
          marketId: market.id,
          runnerId: runner?.id,
          back: [{ price: priceToDecimal(asked), size: 500 }],
          lay: [{ price: priceToDecimal(above), size: 500 }],
        },
      }),
    );
    const deadline = Date.now() + 15_000;
    let open = await openBetsOf(player.token);
    while (!open.some((b) => b.orderId === order.betId && b.status === 'MATCHED')) {
      if (Date.now() > deadline) throw new Error(`not matched: ${JSON.stringify(open)}`);
      await new Promise((r) => setTimeout(r, 20));
      open = await openBetsOf(player.token);
    }
    expect(open.filter((b) => b.orderId === order.betId)).toEqual([
      expect.objectContaining({ status: 'MATCHED', odds: priceToDecimal(asked), stake: 100 }),
    ]);
  });

  async function openBetsOf(token: string) {
    const answer = await call<{
      openBets: { orderId: number; status: string; odds: number; stake: number }[];
    }>(ctx.app, { url: '/Bet/GetUserOpenBets', token });
    return expectOk(answer).openBets;
  }

  it('refuses a market the feed does not have, a runner not in it, a price off the ladder or crossed books', async () => {
    const market = matchOddsOf(feed);
    const runnerId = market.runners[0]?.id as number;
    const set = (body: Record<string, unknown>) =>
      call(ctx.app, {
        url: '/dev/feed/set-prices',
        body: { marketId: market.id, runnerId, back: [{ price: 2, size: 10 }], lay: [], ...body },
      });
    expectRefused(await set({ marketId: 'no-such-market' }), 404, 'NOT_FOUND');
    expectRefused(await set({ runnerId: 999_999 }), 400, 'BAD_REQUEST');
    expectRefused(await set({ back: [{ price: 2.01, size: 10 }] }), 400, 'VALIDATION_FAILED');
    expectRefused(await set({ lay: [{ price: 1.9, size: 10 }] }), 400, 'VALIDATION_FAILED');
    expectRefused(
      await set({
        back: [
          { price: 2, size: 10 },
          { price: 2.2, size: 10 },
        ],
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('in production', () => {
  it('POST /dev/feed/set-prices does not exist', async () => {
    const feed = simulatedWorld();
    const ctx = await createTestApp('pglite', { NODE_ENV: 'production' }, { feed });
    try {
      const market = matchOddsOf(feed);
      const answer = await call(ctx.app, {
        url: '/dev/feed/set-prices',
        body: {
          marketId: market.id,
          runnerId: market.runners[0]?.id,
          back: [{ price: 2, size: 10 }],
          lay: [],
        },
      });
      expectRefused(answer, 404, 'ROUTE_NOT_FOUND');
    } finally {
      await ctx.close();
    }
  });
});
