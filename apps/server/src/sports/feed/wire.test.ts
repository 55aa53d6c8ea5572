import {
  eventHubGroup,
  GetUserLimitsResultSchema,
  MarketsByEventResultSchema,
  OddsChangeMessageSchema,
  OddsHubMessageSchema,
  OddsSnapshotMessageSchema,
  OddsV2Schema,
  ScoreCardSchema,
  SportEventSchema,
  TreeSportWithEventResultSchema,
} from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock } from '@backlay/market-feed';
import {
  hubPushesOf,
  toMarketInfo,
  toOddsChangeMessage,
  toOddsSnapshotMessage,
  toOddsV2,
  toSportEvent,
  toSportTree,
  toUserLimits,
} from './wire';

const START = Date.UTC(2026, 10, 21, 14, 0);

describe('wire shapes', { timeout: 60_000 }, () => {
  // What these functions build is what handlers return and the hub sends: it must encode with the contract.
  it('every read and every pushed change of a run encodes with the contract', () => {
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({ clock, seed: 21, eventIdBase: 3_000_000 });
    let changes = 0;
    feed.subscribe((event) => {
      if (event.type === 'oddsChanged') {
        z.encode(OddsChangeMessageSchema, toOddsChangeMessage(event));
        changes += 1;
      }
      for (const push of hubPushesOf(event)) {
        expect('eventId' in event && push.group === eventHubGroup(event.eventId)).toBe(true);
        z.encode(OddsHubMessageSchema, push.data);
      }
      if (event.type === 'scoreCard') ScoreCardSchema.parse(event.scoreCard);
    });
    for (let minute = 0; minute < 20; minute++) {
      feed.advanceBy(60_000);
      if (minute % 10 !== 0) continue;
      TreeSportWithEventResultSchema.parse(toSportTree(feed.fixtures()));
      for (const fixture of feed.fixtures()) {
        SportEventSchema.parse(toSportEvent(fixture));
        const odds = feed.odds(fixture.eventId);
        if (!odds) continue;
        z.encode(OddsV2Schema, toOddsV2(odds));
        z.encode(OddsSnapshotMessageSchema, toOddsSnapshotMessage(odds));
        z.encode(MarketsByEventResultSchema, odds.markets.map(toMarketInfo));
        z.encode(GetUserLimitsResultSchema, toUserLimits(odds));
      }
    }
    expect(changes).toBeGreaterThan(300);
  });

  it('speaks rupees and decimal odds on the wire, and marks live events In-Play', () => {
    const feed = new SimulatedFeed({ clock: new ManualClock(START), seed: 21, eventIdBase: 3_000_000 });
    const live = feed.fixtures().find((f) => f.sport === 'cricket' && f.status === 'IN_PLAY');
    expect(live).toBeDefined();
    const event = toSportEvent(live as NonNullable<typeof live>);
    expect(event.matchDate).toBe('In-Play');
    expect(event.sportId).toBe(3);
    expect(event.sportName).toBe('Cricket');
    const eventOdds = feed.odds(event.id) as NonNullable<ReturnType<typeof feed.odds>>;
    // Paise inside, rupees once encoded for the wire.
    expect(toOddsV2(eventOdds).matchOdds[0]?.minStake).toBe(10_000);
    const odds = z.encode(OddsV2Schema, toOddsV2(eventOdds));
    const mo = odds.matchOdds[0];
    expect(mo?.minStake).toBe(100);
    expect(mo?.maxStake).toBe(500_000);
    const feedMarket = eventOdds.markets.find((m) => m.id === mo?.id);
    const feedSize = feedMarket?.type === 'FANCY' ? undefined : feedMarket?.runners[0]?.back[0]?.size;
    expect(feedSize).toBeGreaterThan(0);
    expect(mo?.runners[0]?.back[0]?.size).toBe(Number(feedSize) / 100);
    const back = mo?.runners[0]?.back[0];
    expect(back?.price).toBeGreaterThan(1);
    expect(back?.price).toBeLessThan(1000);
    expect(odds.bookmaker[0]?.runners[0]?.back[0]?.rate).toBeGreaterThan(0);
    const limits = toUserLimits(feed.odds(event.id) as NonNullable<ReturnType<typeof feed.odds>>);
    const moLimit = limits.find((l) => l.marketId === mo?.id);
    expect(moLimit?.marketType).toBe('match_odd');
    expect(moLimit?.limit.delayTime).toBe(5000);
    expect(limits.find((l) => l.marketType === 'bookmaker')?.limit.delayTime).toBe(0);
  });

  it('sorts the sport tree by sport id with in-play events first', () => {
    const feed = new SimulatedFeed({ clock: new ManualClock(START), seed: 4, eventIdBase: 3_000_000 });
    const tree = toSportTree(feed.fixtures());
    expect(tree.map((t) => t.id)).toEqual([1, 2, 3, 25, 26]);
    for (const sport of tree) {
      expect(sport.order).toBe(sport.id);
      const firstUpcoming = sport.events.findIndex((e) => e.status !== 'IN_PLAY');
      if (firstUpcoming >= 0)
        expect(sport.events.slice(firstUpcoming).every((e) => e.status === 'UPCOMING')).toBe(true);
    }
  });
});
