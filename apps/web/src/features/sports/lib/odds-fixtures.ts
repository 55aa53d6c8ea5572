import type { MarketStatus, MatchOddsMarket, OddsV2 } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';

/*
 * Test fixtures: an event's odds as the feed sends them, for the market page's components' tests.
 * No page imports this file.
 */

/** What every fixture market has besides its name, type, status and runners: in play, no delay, ₹100 to ₹5L. */
export const MARKET_TERMS = {
  inPlay: true,
  betDelayMs: 0,
  minStake: wholeRupees(100),
  maxStake: wholeRupees(500_000),
  maxProfit: wholeRupees(1_000_000),
  version: 3,
} as const;

/** A match odds market with one level a side per runner (₹1,200 at each price), ids from 1. */
export function matchOddsMarket(
  eventId: number,
  id: string,
  status: MarketStatus,
  runners: { name: string; back: number; lay: number }[],
): MatchOddsMarket {
  const level = (price: number) => ({ price, size: wholeRupees(1200) });
  return {
    id,
    eventId,
    name: 'Match Odds',
    type: 'MATCH_ODDS',
    status,
    ...MARKET_TERMS,
    runners: runners.map((r, i) => ({
      id: i + 1,
      name: r.name,
      sortPriority: i,
      status: 'ACTIVE',
      back: [level(r.back)],
      lay: [level(r.lay)],
    })),
  };
}

/** An event's odds at a version: the markets given, no others. */
export function eventOdds(
  eventId: number,
  version: number,
  markets: Partial<Pick<OddsV2, 'matchOdds' | 'bookmaker' | 'fancy' | 'toss'>>,
): OddsV2 {
  return {
    eventId,
    version,
    at: '2026-11-24T10:00:00.000Z',
    matchOdds: [],
    bookmaker: [],
    fancy: [],
    toss: [],
    ...markets,
  };
}
