import {
  IN_PLAY_MATCH_DATE,
  ODDS_HUB_CODES,
  eventHubGroup,
  LIMIT_TYPE_OF_GROUP,
  MARKET_GROUP_OF_TYPE,
  SPORT_IDS,
  SPORT_KEYS,
  SPORT_NAMES,
  type BookmakerMarket,
  type FancyMarket as WireFancyMarket,
  type MarketGroup,
  type MarketInfo,
  type MatchOddsMarket,
  type OddsChangeMessage,
  type OddsHubMessage,
  type OddsSnapshotMessage,
  type OddsV2,
  type SportEvent,
  type SportId,
  type SportTree,
  type TossMarket,
  type UserLimit,
} from '@backlay/contract';
import { priceToDecimal } from '@backlay/exchange';
import type { EventOdds, FeedEvent, FeedFixture, FeedMarket, FeedSport } from '@backlay/market-feed';

/*
 * From the feed's units (hundredths, epoch ms) to the contract's shapes (decimal odds, ISO time).
 * Money (sizes, stake limits) stays in paise: the contract's codecs send it as rupees when an answer
 * or a push is encoded. The sports service answers the section 7 reads and pushes hub messages with these.
 */

export function sportIdOf(sport: FeedSport): number {
  return SPORT_IDS[sport];
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function toSportEvent(fixture: FeedFixture): SportEvent {
  const sportId = SPORT_IDS[fixture.sport];
  return {
    id: fixture.eventId,
    title: fixture.title,
    status: fixture.status,
    matchDate: fixture.status === 'IN_PLAY' ? IN_PLAY_MATCH_DATE : iso(fixture.startTime),
    startTime: iso(fixture.startTime),
    sportId,
    sportName: SPORT_NAMES[sportId],
    competition: fixture.competition,
    ...(fixture.team1 === undefined ? {} : { team1: fixture.team1 }),
    ...(fixture.team2 === undefined ? {} : { team2: fixture.team2 }),
    ...(fixture.venue === undefined ? {} : { venue: fixture.venue }),
    ...(fixture.score === undefined ? {} : { score: fixture.score }),
  };
}

/** In play first, then by start time; finished events are left out. */
export function sortEvents(fixtures: readonly FeedFixture[]): FeedFixture[] {
  return fixtures
    .filter((f) => f.status !== 'CLOSED')
    .sort(
      (a, b) =>
        Number(b.status === 'IN_PLAY') - Number(a.status === 'IN_PLAY') ||
        a.startTime - b.startTime ||
        a.eventId - b.eventId,
    );
}

/** Event/TreeSportWithEvent: one entry per sport with events, ordered by sport id (section 3). */
export function toSportTree(fixtures: readonly FeedFixture[]): SportTree[] {
  const bySport = new Map<SportId, FeedFixture[]>();
  for (const fixture of sortEvents(fixtures)) {
    const id = SPORT_IDS[fixture.sport];
    bySport.set(id, [...(bySport.get(id) ?? []), fixture]);
  }
  return [...bySport.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, list]) => ({
      id,
      name: SPORT_KEYS[id],
      displayName: SPORT_NAMES[id],
      order: id,
      events: list.map(toSportEvent),
    }));
}

function base(market: FeedMarket) {
  return {
    id: market.id,
    eventId: market.eventId,
    name: market.name,
    status: market.status,
    inPlay: market.inPlay,
    betDelayMs: market.betDelayMs,
    minStake: market.limits.minStake,
    maxStake: market.limits.maxStake,
    maxProfit: market.limits.maxProfit,
    version: market.version,
    ...(market.result ? { result: market.result } : {}),
  };
}

export type WireMarket =
  | { group: 'matchOdds'; market: MatchOddsMarket }
  | { group: 'bookmaker'; market: BookmakerMarket }
  | { group: 'toss'; market: TossMarket }
  | { group: 'fancy'; market: WireFancyMarket };

export function toWireMarket(market: FeedMarket): WireMarket {
  switch (market.type) {
    case 'FANCY':
      return {
        group: 'fancy',
        market: {
          ...base(market),
          type: 'FANCY',
          noLine: market.noLine,
          noRate: market.noRate,
          yesLine: market.yesLine,
          yesRate: market.yesRate,
        },
      };
    case 'BOOKMAKER':
    case 'TOSS': {
      const runners = market.runners.map((r) => ({
        id: r.id,
        name: r.name,
        sortPriority: r.sortPriority,
        status: r.status,
        back: r.back.map((l) => ({ rate: l.rate, size: l.size })),
        lay: r.lay.map((l) => ({ rate: l.rate, size: l.size })),
      }));
      return market.type === 'BOOKMAKER'
        ? { group: 'bookmaker', market: { ...base(market), type: 'BOOKMAKER', runners } }
        : { group: 'toss', market: { ...base(market), type: 'TOSS', runners } };
    }
    default:
      return {
        group: 'matchOdds',
        market: {
          ...base(market),
          type: market.type,
          runners: market.runners.map((r) => ({
            id: r.id,
            name: r.name,
            sortPriority: r.sortPriority,
            status: r.status,
            back: r.back.map((l) => ({ price: priceToDecimal(l.price), size: l.size })),
            lay: r.lay.map((l) => ({ price: priceToDecimal(l.price), size: l.size })),
          })),
        },
      };
  }
}

type Groups = Pick<OddsV2, MarketGroup>;

function grouped(markets: readonly FeedMarket[]): Groups {
  const groups: Groups = { matchOdds: [], bookmaker: [], fancy: [], toss: [] };
  for (const market of markets) {
    const wire = toWireMarket(market);
    switch (wire.group) {
      case 'matchOdds':
        groups.matchOdds.push(wire.market);
        break;
      case 'bookmaker':
        groups.bookmaker.push(wire.market);
        break;
      case 'fancy':
        groups.fancy.push(wire.market);
        break;
      case 'toss':
        groups.toss.push(wire.market);
        break;
    }
  }
  return groups;
}

/** Odds/GetUserOddsV2. */
export function toOddsV2(odds: EventOdds): OddsV2 {
  return { eventId: odds.eventId, version: odds.version, at: iso(odds.at), ...grouped(odds.markets) };
}

export function toOddsSnapshotMessage(odds: EventOdds): OddsSnapshotMessage {
  return { kind: 'snapshot', odds: toOddsV2(odds) };
}

export function toOddsChangeMessage(event: Extract<FeedEvent, { type: 'oddsChanged' }>): OddsChangeMessage {
  return {
    kind: 'change',
    eventId: event.eventId,
    version: event.version,
    prevVersion: event.prevVersion,
    at: iso(event.at),
    ...grouped(event.markets),
    ...(event.fixture
      ? {
          event: {
            status: event.fixture.status,
            matchDate: event.fixture.status === 'IN_PLAY' ? IN_PLAY_MATCH_DATE : iso(event.fixture.startTime),
            ...(event.fixture.score === undefined ? {} : { score: event.fixture.score }),
          },
        }
      : {}),
  };
}

/** Market/GetByEventId: the markets without prices. */
export function toMarketInfo(market: FeedMarket): MarketInfo {
  return {
    ...base(market),
    type: market.type,
    group: MARKET_GROUP_OF_TYPE[market.type],
    runners:
      market.type === 'FANCY'
        ? []
        : market.runners.map((r) => ({ id: r.id, name: r.name, sortPriority: r.sortPriority })),
  };
}

/**
 * Odds/GetUserLimits: one entry per market. The feed knows suspension; `betLocked` is the user's or
 * operator's lock, which only the caller knows.
 */
export function toUserLimits(odds: EventOdds, betLocked = false): UserLimit[] {
  return odds.markets.map((market) => ({
    marketId: market.id,
    marketType: LIMIT_TYPE_OF_GROUP[MARKET_GROUP_OF_TYPE[market.type]],
    runnerId: null,
    limit: {
      minStake: market.limits.minStake,
      maxStake: market.limits.maxStake,
      maxProfit: market.limits.maxProfit,
      isSuspended: market.status !== 'OPEN',
      isBetLock: betLocked,
      delayTime: market.betDelayMs,
    },
  }));
}

export interface HubPush {
  /** The hub group of the event page (contract `eventHubGroup`). */
  group: string;
  /** The `Code` of the hub's `Message`. */
  code: string;
  data: OddsHubMessage;
}

/** What to push to the hub for a feed event: odds changes and scorecards go to the event's group. */
export function hubPushesOf(event: FeedEvent): HubPush[] {
  switch (event.type) {
    case 'oddsChanged':
      return [
        {
          group: eventHubGroup(event.eventId),
          code: ODDS_HUB_CODES.change,
          data: toOddsChangeMessage(event),
        },
      ];
    case 'scoreCard':
      return [
        {
          group: eventHubGroup(event.eventId),
          code: ODDS_HUB_CODES.scoreCard,
          data: { kind: 'scoreCard', scoreCard: event.scoreCard },
        },
      ];
    default:
      return [];
  }
}
