import type { PlaceBetInputSchema } from '@backlay/contract';
import {
  ExchangeError,
  betLiability,
  betPotentialProfit,
  executionPrice,
  formatPrice,
  parseLadderPrice,
  priceToDecimal,
  type Hundredths,
  type Paise,
} from '@backlay/exchange';
import type { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import type { FeedMarket } from '@backlay/market-feed';
import { isExchangeType, toFancyBet, toOddsBet, type BetSide, type StoredBet } from './positions';

export type PlaceBetBody = z.output<typeof PlaceBetInputSchema>;

/** What the player asked for, read against the market's type: a price in hundredths, or a rate. */
export interface RequestedBet {
  side: BetSide;
  runnerId: number | null;
  /** Exchange markets: decimal odds in hundredths. Bookmaker, toss and fancy: the rate per 100. */
  price: number;
  line: number | null;
  stakePaise: Paise;
}

/** A bet that passed every check, at the price it is matched at. */
export interface MatchedBet {
  stored: StoredBet;
  liabilityPaise: Paise;
  profitPaise: Paise;
  /** The matched price as the wire shows it: decimal odds, or the rate. */
  matchedRate: number;
  /** For the toast and statements: "Back India", "Yes 6 over runs CSK 45". */
  title: string;
}

const SIDE_OF_TYPE: Record<PlaceBetBody['type'], BetSide> = { 1: 'back', 2: 'lay', 3: 'yes', 4: 'no' };

/** Reads the body against the market: the side fits the market, the price is a ladder price or a whole rate. */
export function readRequest(market: FeedMarket, body: PlaceBetBody): RequestedBet {
  const side = SIDE_OF_TYPE[body.type];
  const stakePaise = body.stake;
  if (market.type === 'FANCY') {
    if (side !== 'yes' && side !== 'no') {
      throw new AppError('BAD_REQUEST', 'A fancy market takes yes (3) or no (4) bets.');
    }
    if (body.fancyValue == null) throw new AppError('BAD_REQUEST', 'A fancy bet needs its runs line.');
    return { side, runnerId: null, price: wholeRate(body.rate), line: body.fancyValue, stakePaise };
  }
  if (side !== 'back' && side !== 'lay') {
    throw new AppError('BAD_REQUEST', 'This market takes back (1) or lay (2) bets.');
  }
  const runnerId = body.runnerId ?? null;
  if (runnerId === null) throw new AppError('BAD_REQUEST', 'A back or lay bet needs its runner.');
  if (!market.runners.some((r) => r.id === runnerId)) {
    throw new AppError('BAD_REQUEST', `Runner ${runnerId} is not in this market.`);
  }
  const price = isExchangeType(market.type) ? ladderPrice(body.rate) : wholeRate(body.rate);
  return { side, runnerId, price, line: null, stakePaise };
}

function ladderPrice(rate: number): Hundredths {
  try {
    return parseLadderPrice(rate);
  } catch (err) {
    if (err instanceof ExchangeError && err.code === 'OFF_LADDER') {
      throw new AppError('PRICE_OFF_LADDER', `${rate} is not a valid exchange price.`);
    }
    throw new AppError('BAD_REQUEST', 'Odds have at most two decimals.');
  }
}

function wholeRate(rate: number): number {
  if (!Number.isSafeInteger(rate) || rate < 1) {
    throw new AppError('BAD_REQUEST', 'Rates of bookmaker, toss and fancy markets are whole numbers.');
  }
  return rate;
}

/** A closed market is closed; on a stale feed (frozen prices) nothing is taken; else it must be open. */
function suspended(market: FeedMarket, feedStale: boolean): void {
  if (market.status === 'CLOSED') throw new AppError('MARKET_CLOSED');
  if (feedStale) throw new AppError('PRICES_STALE');
  if (market.status !== 'OPEN') throw new AppError('MARKET_SUSPENDED');
}

/**
 * Every check of exchange-math 'Placing a bet' that reads only the market: status, runner, price
 * still available (or the current price with acceptAnyOdds), stake limits and maximum profit. Runs
 * before the in-play delay and again after it. `feedStale`: the feed's prices are frozen (its owner
 * is silent, see sports/feed/heartbeat.ts), so no price can be trusted and the bet is refused.
 */
export function checkAgainstMarket(
  market: FeedMarket,
  req: RequestedBet,
  acceptAnyOdds: boolean,
  feedStale = false,
): MatchedBet {
  suspended(market, feedStale);
  const { limits } = market;
  if (req.stakePaise < limits.minStake || req.stakePaise > limits.maxStake) {
    throw new AppError(
      'STAKE_OUT_OF_RANGE',
      `The stake must be between ${formatRupees(limits.minStake)} and ${formatRupees(limits.maxStake)} on this market.`,
    );
  }
  const matched = matchPrice(market, req, acceptAnyOdds);
  const exchangeBet =
    matched.stored.side === 'yes' || matched.stored.side === 'no'
      ? toFancyBet(matched.stored)
      : toOddsBet(matched.stored);
  const profitPaise = betPotentialProfit(exchangeBet);
  if (profitPaise > limits.maxProfit) {
    throw new AppError(
      'PROFIT_LIMIT',
      `This bet could win ${formatRupees(profitPaise)}; the most a bet can win on this market is ${formatRupees(limits.maxProfit)}.`,
    );
  }
  return { ...matched, liabilityPaise: betLiability(exchangeBet), profitPaise };
}

function oddsChanged(detail: string): AppError {
  return new AppError('ODDS_CHANGED', `Odds changed: ${detail}. Please check the new price and try again.`);
}

function matchPrice(
  market: FeedMarket,
  req: RequestedBet,
  acceptAnyOdds: boolean,
): Omit<MatchedBet, 'liabilityPaise' | 'profitPaise'> {
  if (market.type === 'FANCY') {
    const yes = req.side === 'yes';
    const line = yes ? market.yesLine : market.noLine;
    const rate = yes ? market.yesRate : market.noRate;
    if ((line !== req.line || rate !== req.price) && !acceptAnyOdds) {
      throw oddsChanged(`${yes ? 'Yes' : 'No'} is now ${line} at ${rate}`);
    }
    return {
      stored: {
        side: req.side,
        runnerId: null,
        priceHundredths: null,
        rate,
        line,
        stakePaise: req.stakePaise,
      },
      matchedRate: rate,
      title: `${yes ? 'Yes' : 'No'} ${market.name} ${line}`,
    };
  }
  const runner = market.runners.find((r) => r.id === req.runnerId);
  if (!runner) throw new AppError('BAD_REQUEST', `Runner ${String(req.runnerId)} is not in this market.`);
  if (runner.status === 'SUSPENDED') throw new AppError('MARKET_SUSPENDED', `${runner.name} is suspended.`);
  if (runner.status !== 'ACTIVE') throw new AppError('MARKET_CLOSED', `${runner.name} is no longer running.`);
  const back = req.side === 'back';
  const exchange = isExchangeType(market.type);
  const best = bestPrice(market, runner.id, back);
  const show = (p: number) => (exchange ? formatPrice(p as Hundredths) : String(p));
  // Best execution: matched at the best price offered when it is at least as good as the one asked.
  const price = executionPrice(back ? 'back' : 'lay', req.price, best, acceptAnyOdds);
  if (price === null) {
    throw oddsChanged(
      typeof best === 'number'
        ? `the best ${back ? 'back' : 'lay'} price of ${runner.name} is now ${show(best)}`
        : `no ${back ? 'back' : 'lay'} price is offered on ${runner.name}`,
    );
  }
  return {
    stored: {
      side: req.side,
      runnerId: runner.id,
      priceHundredths: exchange ? price : null,
      rate: exchange ? null : price,
      line: null,
      stakePaise: req.stakePaise,
    },
    matchedRate: exchange ? priceToDecimal(price as Hundredths) : price,
    title: `${back ? 'Back' : 'Lay'} ${runner.name}`,
  };
}

/** The best price offered now on one side of a runner (highest back, lowest lay): hundredths or a rate. */
export function bestPrice(market: FeedMarket, runnerId: number, back: boolean): number | undefined {
  switch (market.type) {
    case 'FANCY':
      return undefined;
    case 'BOOKMAKER':
    case 'TOSS': {
      const runner = market.runners.find((r) => r.id === runnerId);
      return (back ? runner?.back[0] : runner?.lay[0])?.rate;
    }
    default: {
      const runner = market.runners.find((r) => r.id === runnerId);
      return (back ? runner?.back[0] : runner?.lay[0])?.price;
    }
  }
}

export function betMessage(m: MatchedBet): string {
  return `Bet placed: ${m.title} ${formatRupees(m.stored.stakePaise)} @ ${m.matchedRate}`;
}
