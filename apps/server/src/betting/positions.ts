import {
  bookmakerBet,
  paise,
  type FancyBet,
  type Paise,
  type FancySide,
  type Hundredths,
  type MarketPosition,
  type OddsBet,
  type OddsSide,
} from '@backlay/exchange';
import type { MarketType } from '@backlay/contract';
import { numOrNull, paiseOf } from './sql-rows';

export type BetSide = 'back' | 'lay' | 'yes' | 'no';

/** A bet as stored: exchange markets keep a price in hundredths, rate-priced ones a rate (and fancy a line). */
export interface StoredBet {
  side: BetSide;
  runnerId: number | null;
  priceHundredths: number | null;
  rate: number | null;
  line: number | null;
  stakePaise: Paise;
}

/** The columns of a `bets` row that hold its terms, as either driver answers them. */
export interface StoredBetColumns {
  side: BetSide;
  runner_id: unknown;
  price_hundredths: unknown;
  rate: unknown;
  line: unknown;
  stake_paise: unknown;
}

export function storedBetOf(r: StoredBetColumns): StoredBet {
  return {
    side: r.side,
    runnerId: numOrNull(r.runner_id),
    priceHundredths: numOrNull(r.price_hundredths),
    rate: numOrNull(r.rate),
    line: numOrNull(r.line),
    stakePaise: paiseOf(r.stake_paise),
  };
}

export const isFancyType = (type: MarketType): boolean => type === 'FANCY';
/** Exchange markets priced in decimal odds on the ladder; bookmaker and toss are priced as rates. */
export const isExchangeType = (type: MarketType): boolean =>
  type === 'MATCH_ODDS' || type === 'OVER_UNDER' || type === 'WIN';

export function toOddsBet(row: StoredBet): OddsBet {
  if (row.runnerId === null || (row.side !== 'back' && row.side !== 'lay')) {
    throw new Error(`stored bet is not a back or lay bet: ${JSON.stringify(row)}`);
  }
  const side: OddsSide = row.side;
  const stakePaise = paise(row.stakePaise);
  if (row.priceHundredths !== null) {
    return { side, runnerId: row.runnerId, price: row.priceHundredths as Hundredths, stakePaise };
  }
  if (row.rate === null) throw new Error('stored odds bet has neither price nor rate');
  return bookmakerBet(side, row.runnerId, row.rate, stakePaise);
}

export function toFancyBet(row: StoredBet): FancyBet {
  if ((row.side !== 'yes' && row.side !== 'no') || row.line === null || row.rate === null) {
    throw new Error(`stored bet is not a fancy bet: ${JSON.stringify(row)}`);
  }
  const side: FancySide = row.side;
  return { side, line: row.line, rate: row.rate, stakePaise: paise(row.stakePaise) };
}

/**
 * A user's bets in one market as the position @backlay/exchange values: the matched bets, and the
 * parts of orders resting unmatched (exchange markets only), which count at their worst case in the
 * exposure. Expected P/L and cash out pass matched bets only.
 */
export function positionOf(
  type: MarketType,
  runnerIds: readonly number[],
  rows: readonly StoredBet[],
  unmatched: readonly StoredBet[] = [],
): MarketPosition {
  if (isFancyType(type)) {
    if (unmatched.length > 0) throw new Error('a fancy market holds no unmatched bets');
    return { kind: 'fancy', bets: rows.map(toFancyBet) };
  }
  return unmatched.length > 0
    ? { kind: 'odds', runnerIds, bets: rows.map(toOddsBet), unmatched: unmatched.map(toOddsBet) }
    : { kind: 'odds', runnerIds, bets: rows.map(toOddsBet) };
}
