import { paise, type Hundredths } from '@backlay/exchange';
import { ManualClock, type ExchangeMarket, type FeedEvent, type FeedMarket } from '@backlay/market-feed';
import { describe, expect, it } from 'vitest';
import { SimulatedFeed } from './world';

/*
 * Prices held by hand (the development control the browser journeys use to match a resting order):
 * published at once as the feed's own change, kept while the model re-quotes, given back with a
 * change when their time is up, and never changing what the model draws.
 */

const START = Date.UTC(2026, 10, 21, 14, 0);
const MINUTE = 60_000;

function world(clock = new ManualClock(START)) {
  // Cricket only, two matches in play and one to come: busy books.
  return new SimulatedFeed({
    clock,
    seed: 7,
    eventIdBase: 6_000_000,
    sports: {
      football: null,
      tennis: null,
      kabaddi: null,
      horseRacing: null,
      cricket: { inPlay: 2, upcoming: 1 },
    },
  });
}

function openExchangeMarket(feed: SimulatedFeed): ExchangeMarket {
  for (const f of feed.fixtures()) {
    for (const m of feed.odds(f.eventId)?.markets ?? []) {
      if (m.type === 'MATCH_ODDS' && m.status === 'OPEN' && f.status === 'IN_PLAY') return m;
    }
  }
  throw new Error('no open match odds in play');
}

const level = (price: number, rupees: number) => ({ price: price as Hundredths, size: paise(rupees * 100) });

describe('prices held by hand', () => {
  it('go out as a change at once, stay while the model re-quotes, and come back after the hold', () => {
    const feed = world();
    const market = openExchangeMarket(feed);
    const runner = market.runners[0]?.id as number;
    const events: FeedEvent[] = [];
    feed.subscribe((e) => events.push(e));
    const before = feed.odds(market.eventId)?.version as number;

    const held = { back: [level(300, 50)], lay: [level(310, 40)] };
    const answer = feed.holdPrices(market.id, runner, held, 2 * MINUTE);
    expect(answer).toEqual({
      eventId: market.eventId,
      version: before + 1,
      heldUntil: feed.now() + 2 * MINUTE,
    });
    const change = events.find((e) => e.type === 'oddsChanged');
    expect(change?.type === 'oddsChanged' && change.version).toBe(before + 1);
    const shownIn = (m: FeedMarket | undefined) =>
      m?.type === 'MATCH_ODDS' ? m.runners.find((r) => r.id === runner) : undefined;
    expect(change?.type === 'oddsChanged' && shownIn(change.markets[0])).toMatchObject(held);
    expect(shownIn(feed.market(market.id))).toMatchObject(held);
    expect(shownIn(feed.odds(market.eventId)?.markets.find((m) => m.id === market.id))).toMatchObject(held);
    expect(
      shownIn(
        feed
          .state()
          .odds.find((o) => o.eventId === market.eventId)
          ?.markets.find((m) => m.id === market.id),
      ),
    ).toMatchObject(held);

    // A minute of an in-play match: the book is re-quoted, the held runner's prices stay.
    events.length = 0;
    feed.advanceBy(MINUTE);
    const requotes = events.flatMap((e) =>
      e.type === 'oddsChanged' ? e.markets.filter((m) => m.id === market.id) : [],
    );
    expect(requotes.length).toBeGreaterThan(0);
    for (const m of requotes) if (m.status !== 'CLOSED') expect(shownIn(m)).toMatchObject(held);

    // Past the hold, the model's prices come back with a change.
    events.length = 0;
    feed.advanceBy(MINUTE + 1000);
    const after = events.flatMap((e) =>
      e.type === 'oddsChanged' ? e.markets.filter((m) => m.id === market.id) : [],
    );
    expect(after.length).toBeGreaterThan(0);
    expect(shownIn(feed.market(market.id))).not.toMatchObject(held);
  });

  it('leave what the model draws as it was: the same world with and without them', () => {
    const plain = world();
    const handled = world();
    const market = openExchangeMarket(handled);
    handled.holdPrices(
      market.id,
      market.runners[0]?.id as number,
      { back: [level(300, 50)], lay: [] },
      30_000,
    );
    plain.advanceBy(5 * MINUTE);
    handled.advanceBy(5 * MINUTE);
    expect(handled.checkpoint()).toEqual(plain.checkpoint());
    // Only the versions differ: the held change and the one that gave the prices back are two more.
    const unversioned = (feed: SimulatedFeed) =>
      JSON.stringify(feed.state(), (key, value: unknown) => (key === 'version' || key === 'at' ? 0 : value));
    expect(unversioned(handled)).toEqual(unversioned(plain));
  });

  it('are refused for a market the feed does not have, a runner not in it, or a market off the exchange', () => {
    const feed = world();
    const market = openExchangeMarket(feed);
    const prices = { back: [level(300, 50)], lay: [] };
    expect(() => feed.holdPrices('no-such-market', 1, prices, 1000)).toThrow(/no market/);
    expect(() => feed.holdPrices(market.id, 999_999_999, prices, 1000)).toThrow(/not in market/);
    const bookmaker = feed
      .odds(market.eventId)
      ?.markets.find((m) => m.type === 'BOOKMAKER' || m.type === 'FANCY' || m.type === 'TOSS');
    if (bookmaker) expect(() => feed.holdPrices(bookmaker.id, 1, prices, 1000)).toThrow(/not an exchange/);
  });
});
