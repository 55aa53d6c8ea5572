import {
  IN_PLAY_MATCH_DATE,
  LIMIT_TYPE_OF_GROUP,
  MARKET_GROUP_OF_TYPE,
  SPORT_IDS,
  SPORT_NAMES,
  type MarketInfo,
  type OddsChangeMessage,
  type OddsMarket,
  type OddsV2,
  type SportEvent,
  type UserLimit,
} from '@backlay/contract';
import { paise, paiseToRupees } from '@backlay/exchange';
import type { EventOdds, FeedEventOf, FeedFixture, FeedMarket } from './feed/adapter';

/** The feed speaks hundredths and paise; the wire speaks decimal odds and rupees. */
const rupees = (p: number) => paiseToRupees(paise(p));
const odds = (hundredths: number) => hundredths / 100;
const iso = (ms: number) => new Date(ms).toISOString();

export function toSportEvent(f: FeedFixture): SportEvent {
  const sportId = SPORT_IDS[f.sport];
  return {
    id: f.eventId,
    title: f.title,
    status: f.status,
    matchDate: f.status === 'IN_PLAY' ? IN_PLAY_MATCH_DATE : iso(f.startTime),
    startTime: iso(f.startTime),
    sportId: sportId as SportEvent['sportId'],
    sportName: SPORT_NAMES[sportId],
    ...(f.team1 ? { team1: f.team1 } : {}),
    ...(f.team2 ? { team2: f.team2 } : {}),
    competition: f.competition,
    ...(f.venue ? { venue: f.venue } : {}),
    ...(f.score ? { score: f.score } : {}),
  };
}

function base(m: FeedMarket) {
  return {
    id: m.id,
    eventId: m.eventId,
    name: m.name,
    status: m.status,
    inPlay: m.inPlay,
    betDelayMs: m.betDelayMs,
    minStake: rupees(m.limits.minStake),
    maxStake: rupees(m.limits.maxStake),
    maxProfit: rupees(m.limits.maxProfit),
    version: m.version,
    ...(m.result ? { result: m.result } : {}),
  };
}

export function toOddsMarket(m: FeedMarket): OddsMarket {
  switch (m.type) {
    case 'FANCY':
      return {
        ...base(m),
        type: m.type,
        noLine: m.noLine,
        noRate: m.noRate,
        yesLine: m.yesLine,
        yesRate: m.yesRate,
      };
    case 'BOOKMAKER':
    case 'TOSS':
      return {
        ...base(m),
        type: m.type,
        runners: m.runners.map((r) => ({
          id: r.id,
          name: r.name,
          sortPriority: r.sortPriority,
          status: r.status,
          back: r.back.map((l) => ({ rate: l.rate, size: rupees(l.size) })),
          lay: r.lay.map((l) => ({ rate: l.rate, size: rupees(l.size) })),
        })),
      };
    default:
      return {
        ...base(m),
        type: m.type,
        runners: m.runners.map((r) => ({
          id: r.id,
          name: r.name,
          sortPriority: r.sortPriority,
          status: r.status,
          back: r.back.map((l) => ({ price: odds(l.price), size: rupees(l.size) })),
          lay: r.lay.map((l) => ({ price: odds(l.price), size: rupees(l.size) })),
        })),
      };
  }
}

type Groups = Pick<OddsV2, 'matchOdds' | 'bookmaker' | 'fancy' | 'toss'>;

export function groupMarkets(markets: readonly FeedMarket[]): Groups {
  const groups: Groups = { matchOdds: [], bookmaker: [], fancy: [], toss: [] };
  for (const m of markets) {
    const wire = toOddsMarket(m);
    switch (wire.type) {
      case 'FANCY':
        groups.fancy.push(wire);
        break;
      case 'BOOKMAKER':
        groups.bookmaker.push(wire);
        break;
      case 'TOSS':
        groups.toss.push(wire);
        break;
      default:
        groups.matchOdds.push(wire);
    }
  }
  return groups;
}

export function toOddsV2(o: EventOdds): OddsV2 {
  return { eventId: o.eventId, version: o.version, at: iso(o.at), ...groupMarkets(o.markets) };
}

export function toOddsChange(e: FeedEventOf<'oddsChanged'>): OddsChangeMessage {
  return {
    kind: 'change',
    eventId: e.eventId,
    version: e.version,
    prevVersion: e.prevVersion,
    at: iso(e.at),
    ...groupMarkets(e.markets),
    ...(e.fixture
      ? {
          event: {
            status: e.fixture.status,
            matchDate: e.fixture.status === 'IN_PLAY' ? IN_PLAY_MATCH_DATE : iso(e.fixture.startTime),
            ...(e.fixture.score ? { score: e.fixture.score } : {}),
          },
        }
      : {}),
  };
}

export function toMarketInfo(m: FeedMarket): MarketInfo {
  return {
    ...base(m),
    type: m.type,
    group: MARKET_GROUP_OF_TYPE[m.type],
    runners:
      m.type === 'FANCY'
        ? []
        : m.runners.map((r) => ({ id: r.id, name: r.name, sortPriority: r.sortPriority })),
  };
}

export function toUserLimit(m: FeedMarket): UserLimit {
  return {
    marketId: m.id,
    marketType: LIMIT_TYPE_OF_GROUP[MARKET_GROUP_OF_TYPE[m.type]],
    runnerId: null,
    limit: {
      minStake: rupees(m.limits.minStake),
      maxStake: rupees(m.limits.maxStake),
      maxProfit: rupees(m.limits.maxProfit),
      isSuspended: m.status !== 'OPEN',
      isBetLock: m.status === 'CLOSED',
      delayTime: m.inPlay ? m.betDelayMs : 0,
    },
  };
}
