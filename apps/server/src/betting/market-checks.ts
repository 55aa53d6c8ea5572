import type { PlaceBetInputSchema } from '@backlay/contract';
import {
  ExchangeError,
  ZERO_PAISE,
  betLiability,
  betPotentialProfit,
  executionPrice,
  formatPrice,
  matchAgainstLevels,
  paise,
  parseLadderPrice,
  priceToDecimal,
  type Hundredths,
  type Paise,
} from '@backlay/exchange';
import type { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import type { ExchangeMarket, FeedMarket } from '@backlay/market-feed';
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

/** One row an order writes: a part matched at one price (MATCHED) or the part resting (UNMATCHED). */
export interface PlannedRow {
  status: 'MATCHED' | 'UNMATCHED';
  stored: StoredBet;
  liabilityPaise: Paise;
  profitPaise: Paise;
}

/**
 * An order that passed every check: its fills (best price first) and the part left to rest at the
 * asked price. Bookmaker, toss and fancy orders are one fill, never a rest.
 */
export interface OrderPlan {
  /** The order as asked: side, runner, line, the asked price (or rate), the whole stake. */
  asked: StoredBet;
  fills: PlannedRow[];
  rest: PlannedRow | null;
  /** The asked price as the wire shows it (decimal odds, or the rate matched for rate markets). */
  requestedRate: number;
  /** Ladder-priced (exchange) market: prices in hundredths, orders may rest. */
  exchange: boolean;
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

export function ladderPrice(rate: number): Hundredths {
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
 * Every check of exchange-math 'Placing a bet' that reads only the market: status, runner, stake
 * limits, maximum profit, and the matching: an exchange order against the levels offered (the rest
 * rests), a bookmaker, toss or fancy bet at the price still available (or the current one with
 * acceptAnyOdds). Runs before the in-play delay and again after it. `feedStale`: the feed's prices
 * are frozen (its owner is silent, see sports/feed/heartbeat.ts), so no price can be trusted and the
 * bet is refused.
 */
export function checkAgainstMarket(
  market: FeedMarket,
  req: RequestedBet,
  acceptAnyOdds: boolean,
  feedStale = false,
): OrderPlan {
  suspended(market, feedStale);
  const { limits } = market;
  if (req.stakePaise < limits.minStake || req.stakePaise > limits.maxStake) {
    throw new AppError(
      'STAKE_OUT_OF_RANGE',
      `The stake must be between ${formatRupees(limits.minStake)} and ${formatRupees(limits.maxStake)} on this market.`,
    );
  }
  const plan = planOrder(market, req, acceptAnyOdds);
  checkMaxProfit(market, plan, ZERO_PAISE);
  return plan;
}

/**
 * The most the order can win, all of it matched (its fills at their prices, the rest at the asked
 * price), plus `matchedBefore` (an edited order's earlier fills), within the market's maximum.
 */
export function checkMaxProfit(market: FeedMarket, plan: OrderPlan, matchedBefore: Paise): void {
  const rows = plan.rest ? [...plan.fills, plan.rest] : plan.fills;
  const profitPaise = paise(rows.reduce((sum, r) => sum + r.profitPaise, matchedBefore as number));
  if (profitPaise > market.limits.maxProfit) {
    throw new AppError(
      'PROFIT_LIMIT',
      `This bet could win ${formatRupees(profitPaise)}; the most a bet can win on this market is ${formatRupees(market.limits.maxProfit)}.`,
    );
  }
}

/** A runner market's runner, refused unless it is running and not suspended. */
function activeRunner<R extends { id: number; name: string; status: string }>(
  runners: R[],
  id: number | null,
): R {
  const runner = runners.find((r) => r.id === id);
  if (!runner) throw new AppError('BAD_REQUEST', `Runner ${String(id)} is not in this market.`);
  if (runner.status === 'SUSPENDED') throw new AppError('MARKET_SUSPENDED', `${runner.name} is suspended.`);
  if (runner.status !== 'ACTIVE') throw new AppError('MARKET_CLOSED', `${runner.name} is no longer running.`);
  return runner;
}

/** A row of the order: its terms at one price and its stake, with liability and profit. */
export function plannedRow(
  status: PlannedRow['status'],
  asked: StoredBet,
  price: { priceHundredths: number | null; rate: number | null },
  stakePaise: Paise,
): PlannedRow {
  const stored: StoredBet = { ...asked, ...price, stakePaise };
  const bet = stored.side === 'yes' || stored.side === 'no' ? toFancyBet(stored) : toOddsBet(stored);
  return { status, stored, liabilityPaise: betLiability(bet), profitPaise: betPotentialProfit(bet) };
}

export function isExchangeMarket(market: FeedMarket): market is ExchangeMarket {
  return isExchangeType(market.type);
}

/**
 * An exchange order matched against the levels offered on its side, best price first, at each
 * level's price; the rest at the asked price. Levels are the feed's book (the mirror model): a fill
 * does not use them up for the next order.
 */
export function matchOnLevels(
  market: ExchangeMarket,
  asked: StoredBet,
  stakePaise: Paise,
  acceptAnyOdds: boolean,
): { fills: PlannedRow[]; rest: PlannedRow | null } {
  const runner = activeRunner(market.runners, asked.runnerId);
  const side = asked.side === 'back' ? 'back' : 'lay';
  const levels = side === 'back' ? runner.back : runner.lay;
  const matched = matchAgainstLevels(
    side,
    asked.priceHundredths as Hundredths,
    stakePaise,
    levels,
    acceptAnyOdds,
  );
  return {
    fills: matched.fills.map((f) =>
      plannedRow('MATCHED', asked, { priceHundredths: f.price, rate: null }, f.stakePaise),
    ),
    rest:
      matched.unmatchedPaise > 0
        ? plannedRow(
            'UNMATCHED',
            asked,
            { priceHundredths: asked.priceHundredths, rate: null },
            matched.unmatchedPaise,
          )
        : null,
  };
}

function planOrder(market: FeedMarket, req: RequestedBet, acceptAnyOdds: boolean): OrderPlan {
  if (market.type === 'FANCY') {
    const yes = req.side === 'yes';
    const line = yes ? market.yesLine : market.noLine;
    const rate = yes ? market.yesRate : market.noRate;
    if ((line !== req.line || rate !== req.price) && !acceptAnyOdds) {
      throw oddsChanged(`${yes ? 'Yes' : 'No'} is now ${line} at ${rate}`);
    }
    const asked: StoredBet = {
      side: req.side,
      runnerId: null,
      priceHundredths: null,
      rate,
      line,
      stakePaise: req.stakePaise,
    };
    return {
      asked,
      fills: [plannedRow('MATCHED', asked, { priceHundredths: null, rate }, req.stakePaise)],
      rest: null,
      requestedRate: req.price,
      exchange: false,
      title: `${yes ? 'Yes' : 'No'} ${market.name} ${line}`,
    };
  }
  const back = req.side === 'back';
  const runnerName = activeRunner<{ id: number; name: string; status: string }>(
    market.runners,
    req.runnerId,
  ).name;
  const title = `${back ? 'Back' : 'Lay'} ${runnerName}`;
  if (isExchangeMarket(market)) {
    const asked: StoredBet = {
      side: req.side,
      runnerId: req.runnerId,
      priceHundredths: req.price,
      rate: null,
      line: null,
      stakePaise: req.stakePaise,
    };
    const { fills, rest } = matchOnLevels(market, asked, req.stakePaise, acceptAnyOdds);
    return {
      asked,
      fills,
      rest,
      requestedRate: priceToDecimal(req.price as Hundredths),
      exchange: true,
      title,
    };
  }
  // Bookmaker and toss: matched in full at the best rate when it is at least as good as the one asked.
  const best = bestPrice(market, req.runnerId as number, back);
  const rate = executionPrice(back ? 'back' : 'lay', req.price, best, acceptAnyOdds);
  if (rate === null) {
    throw oddsChanged(
      typeof best === 'number'
        ? `the best ${back ? 'back' : 'lay'} price of ${runnerName} is now ${String(best)}`
        : `no ${back ? 'back' : 'lay'} price is offered on ${runnerName}`,
    );
  }
  const asked: StoredBet = {
    side: req.side,
    runnerId: req.runnerId,
    priceHundredths: null,
    rate,
    line: null,
    stakePaise: req.stakePaise,
  };
  return {
    asked,
    fills: [plannedRow('MATCHED', asked, { priceHundredths: null, rate }, req.stakePaise)],
    rest: null,
    requestedRate: req.price,
    exchange: false,
    title,
  };
}

function oddsChanged(detail: string): AppError {
  return new AppError('ODDS_CHANGED', `Odds changed: ${detail}. Please check the new price and try again.`);
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

/** A row's price as the wire shows it: decimal odds, or the rate. */
export function wireRate(b: StoredBet): number {
  return b.priceHundredths !== null ? priceToDecimal(b.priceHundredths as Hundredths) : (b.rate ?? 0);
}

const showRate = (b: StoredBet): string =>
  b.priceHundredths !== null ? formatPrice(b.priceHundredths as Hundredths) : String(b.rate ?? 0);

/** The fills' stake-weighted average price (two decimals), or `fallback` when nothing matched. */
export function averageRate(fills: readonly PlannedRow[], fallback: number): number {
  const stake = fills.reduce((sum, f) => sum + f.stored.stakePaise, 0);
  if (stake === 0) return fallback;
  // In hundredths (a rate r counts as r·100), so the sums stay integers.
  const hundredths = (b: StoredBet) => b.priceHundredths ?? (b.rate ?? 0) * 100;
  const weighted = fills.reduce((sum, f) => sum + f.stored.stakePaise * hundredths(f.stored), 0);
  return Math.round(weighted / stake) / 100;
}

/**
 * The toast: "Bet placed: Back India ₹1,000 @ 2" when all matched at one price; else what matched
 * at which prices and what rests: "Bet placed: Back India ₹300 @ 2.10 matched; ₹200 unmatched at 2.20".
 */
export function orderMessage(
  verb: string,
  title: string,
  fills: readonly PlannedRow[],
  rest: PlannedRow | null,
): string {
  const only = fills[0];
  if (!rest && only && fills.length === 1) {
    return `${verb}: ${title} ${formatRupees(only.stored.stakePaise)} @ ${wireRate(only.stored)}`;
  }
  const parts: string[] = [];
  if (fills.length > 0) {
    parts.push(
      `${fills.map((f) => `${formatRupees(f.stored.stakePaise)} @ ${showRate(f.stored)}`).join(', ')} matched`,
    );
  }
  if (rest) parts.push(`${formatRupees(rest.stored.stakePaise)} unmatched at ${showRate(rest.stored)}`);
  return `${verb}: ${title} ${parts.join('; ')}`;
}
