import { ExchangeError } from './errors';
import type { Hundredths } from './ladder';
import { mulDivPaise, negPaise, type Paise } from './money';

/*
 * Why the amounts below are exact integers of paise.
 *
 * A stake x is whole rupees, i.e. 100·X paise. Odds p have two decimals, i.e. P hundredths with
 * p = P/100, so x·(p − 1) = 100·X·(P − 100)/100 = X·(P − 100) paise: an integer. A bookmaker rate r is
 * a whole number per 100, so its odds are 1 + r/100 = (100 + r) hundredths, the same case. A fancy
 * win or loss x·r/100 = 100·X·r/100 = X·r paise: an integer too.
 *
 * The functions still accept any integer stake in paise (a stake with paise is not refused here; the
 * bet path decides what it accepts). When the division by 100 leaves a remainder it rounds toward
 * the house: what the customer wins is rounded down and what the customer loses is rounded up (both
 * are a floor of the customer's signed amount). Rounding is per bet, so P&L, exposure and settlement,
 * which all add the same per-bet amounts, agree to the paisa.
 */

export type RunnerId = string | number;
export type OddsSide = 'back' | 'lay';
export type FancySide = 'yes' | 'no';

/** A bet on a runner: match odds, toss, winner, over/under, and bookmaker (via `bookmakerBet`). */
export interface OddsBet {
  readonly side: OddsSide;
  readonly runnerId: RunnerId;
  /** Decimal odds in hundredths (2.00 → 200). */
  readonly price: Hundredths;
  readonly stakePaise: Paise;
}

/** A session bet on a runs line: YES wins when runs ≥ line, NO wins when runs < line. */
export interface FancyBet {
  readonly side: FancySide;
  /** Runs line, a non-negative integer. */
  readonly line: number;
  /** Whole number per 100: YES wins stake·rate/100, NO loses stake·rate/100. */
  readonly rate: number;
  readonly stakePaise: Paise;
}

function assertStake(stake: Paise): void {
  if (!Number.isSafeInteger(stake) || stake <= 0) {
    throw new ExchangeError('INVALID_BET', `stake must be a positive number of paise, got ${String(stake)}`);
  }
}

function assertRate(rate: number): void {
  if (!Number.isSafeInteger(rate) || rate <= 0) {
    throw new ExchangeError(
      'INVALID_BET',
      `rate must be a positive whole number per 100, got ${String(rate)}`,
    );
  }
}

export function assertOddsBet(bet: OddsBet): void {
  assertStake(bet.stakePaise);
  if (!Number.isSafeInteger(bet.price) || bet.price <= 100) {
    throw new ExchangeError(
      'INVALID_BET',
      `price must be above 1.00 in hundredths, got ${String(bet.price)}`,
    );
  }
}

export function assertFancyBet(bet: FancyBet): void {
  assertStake(bet.stakePaise);
  assertRate(bet.rate);
  if (!Number.isSafeInteger(bet.line) || bet.line < 0) {
    throw new ExchangeError(
      'INVALID_BET',
      `line must be a non-negative whole number of runs, got ${String(bet.line)}`,
    );
  }
}

/** Bookmaker odds from a per-100 rate: 1 + r/100, i.e. 100 + r hundredths (rate 95 → 1.95). */
export function bookmakerPrice(rate: number): Hundredths {
  assertRate(rate);
  return (100 + rate) as Hundredths;
}

/** A bookmaker bet as the equivalent odds bet, so one set of P&L formulas serves both markets. */
export function bookmakerBet(side: OddsSide, runnerId: RunnerId, rate: number, stakePaise: Paise): OddsBet {
  return { side, runnerId, price: bookmakerPrice(rate), stakePaise };
}

/** x·(p − 1): what a back wins, or what a lay loses, when the runner wins (before the sign). */
function oddsMultiple(bet: OddsBet, rounding: 'floor' | 'ceil'): Paise {
  return mulDivPaise(bet.stakePaise, bet.price - 100, 100, rounding);
}

/** The customer's signed amount on this bet if `winner` wins. */
export function oddsBetPnl(bet: OddsBet, winner: RunnerId): Paise {
  assertOddsBet(bet);
  const selected = bet.runnerId === winner;
  if (bet.side === 'back') return selected ? oddsMultiple(bet, 'floor') : negPaise(bet.stakePaise);
  return selected ? negPaise(oddsMultiple(bet, 'ceil')) : bet.stakePaise;
}

/** The customer's signed amount on this bet if `runs` runs are scored. */
export function fancyBetPnl(bet: FancyBet, runs: number): Paise {
  assertFancyBet(bet);
  const reached = runs >= bet.line;
  if (bet.side === 'yes')
    return reached ? mulDivPaise(bet.stakePaise, bet.rate, 100, 'floor') : negPaise(bet.stakePaise);
  return reached ? negPaise(mulDivPaise(bet.stakePaise, bet.rate, 100, 'ceil')) : bet.stakePaise;
}

/** Most the customer can lose on the bet alone (a back's stake, a lay's x·(p − 1), a NO's x·r/100). */
export function betLiability(bet: OddsBet | FancyBet): Paise {
  if ('runnerId' in bet) {
    assertOddsBet(bet);
    return bet.side === 'back' ? bet.stakePaise : oddsMultiple(bet, 'ceil');
  }
  assertFancyBet(bet);
  return bet.side === 'yes' ? bet.stakePaise : mulDivPaise(bet.stakePaise, bet.rate, 100, 'ceil');
}

/** Most the customer can win on the bet alone, for the market's max-profit check. */
export function betPotentialProfit(bet: OddsBet | FancyBet): Paise {
  if ('runnerId' in bet) {
    assertOddsBet(bet);
    return bet.side === 'back' ? oddsMultiple(bet, 'floor') : bet.stakePaise;
  }
  assertFancyBet(bet);
  return bet.side === 'yes' ? mulDivPaise(bet.stakePaise, bet.rate, 100, 'floor') : bet.stakePaise;
}
