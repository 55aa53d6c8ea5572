import {
  betLiability,
  betPotentialProfit,
  bookmakerBet,
  nextTick,
  parseOdds,
  previousTick,
  priceToDecimal,
  wholeRupees,
  type FancyBet,
  type OddsBet,
} from '@backlay/exchange';
import { BET_TYPES, type MarketType, type PlaceBetInput } from '@backlay/contract';
import type { PriceSelection } from '@/shared/market/selection';

/** Exchange markets are priced in decimal odds on the ladder; the rest in whole rates per 100. */
export function isLadderMarket(type: MarketType): boolean {
  return type === 'MATCH_ODDS' || type === 'OVER_UNDER' || type === 'WIN';
}

const MAX_RATE = 100_000;

/** One step up: the next ladder price, or the rate plus one. Null at the top. */
export function tickUp(type: MarketType, rate: number): number | null {
  if (!isLadderMarket(type)) return rate + 1 <= MAX_RATE ? rate + 1 : null;
  const next = nextTick(parseOdds(rate));
  return next == null ? null : priceToDecimal(next);
}

/** One step down: the previous ladder price, or the rate minus one. Null at the bottom. */
export function tickDown(type: MarketType, rate: number): number | null {
  if (!isLadderMarket(type)) return rate - 1 >= 1 ? rate - 1 : null;
  const previous = previousTick(parseOdds(rate));
  return previous == null ? null : priceToDecimal(previous);
}

/** The selection at this stake as the exchange package's bet, so previews use its formulas. */
export function toExchangeBet(sel: PriceSelection, rate: number, stake: number): OddsBet | FancyBet {
  const stakePaise = wholeRupees(stake);
  if (sel.side === 'yes' || sel.side === 'no') {
    return { side: sel.side, line: sel.fancyValue ?? 0, rate, stakePaise };
  }
  const runnerId = sel.runnerId ?? 0;
  if (isLadderMarket(sel.marketType)) return { side: sel.side, runnerId, price: parseOdds(rate), stakePaise };
  return bookmakerBet(sel.side, runnerId, rate, stakePaise);
}

export interface SlipPreview {
  /** What the bet wins, in paise. */
  profitPaise: number;
  /** What the bet can lose, in paise. */
  liabilityPaise: number;
}

/** Profit and liability of the slip; null while the stake is not a valid whole number. */
export function previewOf(sel: PriceSelection, rate: number, stake: number | null): SlipPreview | null {
  if (stake == null || !Number.isSafeInteger(stake) || stake <= 0 || rate <= 0) return null;
  try {
    const bet = toExchangeBet(sel, rate, stake);
    return { profitPaise: betPotentialProfit(bet), liabilityPaise: betLiability(bet) };
  } catch {
    return null;
  }
}

/**
 * What the stake field says, read strictly: whole rupees, digits only. Returns the rupees or a
 * message the slip shows under the field.
 */
export function readStake(text: string): { stake: number } | { error: string } {
  const t = text.trim();
  if (t === '') return { error: 'Enter a stake' };
  if (/^-/.test(t)) return { error: 'The stake must be more than zero' };
  if (/^\d+[.,]\d*$/.test(t)) return { error: 'Stakes are whole rupees' };
  if (!/^\d+$/.test(t)) return { error: 'Enter the stake in rupees, digits only' };
  const stake = Number(t);
  if (!Number.isSafeInteger(stake)) return { error: 'The stake is too large' };
  if (stake === 0) return { error: 'The stake must be more than zero' };
  return { stake };
}

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** The market's limits, said the way a player reads them. Null when the stake fits. */
export function stakeLimitMessage(stake: number, minStake: number, maxStake: number): string | null {
  if (stake < minStake) return `Minimum stake is ₹${inr.format(minStake)}`;
  if (maxStake > 0 && stake > maxStake) return `Maximum stake is ₹${inr.format(maxStake)}`;
  return null;
}

/** A client-made id for the bet: the same id twice places one bet. */
export function newRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The PlaceBetV2 body of the slip. */
export function placeBetBody(
  sel: PriceSelection,
  rate: number,
  stake: number,
  requestId: string,
): PlaceBetInput {
  return {
    requestId,
    placeTime: new Date().toISOString(),
    type: BET_TYPES[sel.side],
    rate,
    stake,
    fancyValue: sel.side === 'yes' || sel.side === 'no' ? sel.fancyValue : null,
    runnerId: sel.side === 'yes' || sel.side === 'no' ? null : sel.runnerId,
    marketId: sel.marketId,
    eventId: sel.eventId,
  };
}

/** Odds as the slip shows them: two decimals for the ladder, the whole rate otherwise. */
export function formatRate(type: MarketType, rate: number): string {
  return isLadderMarket(type) ? rate.toFixed(2) : String(rate);
}
