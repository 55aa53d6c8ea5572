import {
  betLiability,
  betPotentialProfit,
  bookmakerBet,
  houseRounding,
  isOnLadder,
  MAX_PRICE,
  MIN_PRICE,
  nextTick,
  parseOdds,
  previousTick,
  priceToDecimal,
  wholeRupees,
  type FancyBet,
  type Hundredths,
  type OddsBet,
  type Paise,
} from '@backlay/exchange';
import { BET_TYPES, type MarketType, type RouteBody } from '@backlay/contract';
import { formatMoney } from '@/shared/lib/money';
import type { PriceSelection } from '@/shared/market/selection';
import { t } from '../i18n';

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

export type TypedOdds = { rate: number } | { error: string };

/**
 * Odds as the player typed them, put on the market's prices: for the ladder, the nearest ladder
 * price (a tie between two goes the house's way: down for a back, up for a lay), below 1.01 or above
 * 1000 the end of the ladder; for bookmaker and toss rates, the nearest whole rate. A comma reads
 * as a decimal point ("2,5" is 2.50).
 */
export function snapTypedOdds(type: MarketType, side: PriceSelection['side'], text: string): TypedOdds {
  const typed = text.trim().replace(',', '.');
  if (!/^\d*\.?\d*$/.test(typed) || typed === '' || typed === '.')
    return { error: t('betting.odds.notNumber') };
  const value = Number(typed);
  if (!isLadderMarket(type)) {
    const whole = Math.round(value);
    if (whole < 1) return { error: t('betting.odds.rateAtLeastOne') };
    return { rate: Math.min(whole, MAX_RATE) };
  }
  if (value <= 1) return { error: t('betting.odds.aboveOne') };
  const hundredths = value * 100;
  if (hundredths <= MIN_PRICE) return { rate: priceToDecimal(MIN_PRICE) };
  if (hundredths >= MAX_PRICE) return { rate: priceToDecimal(MAX_PRICE) };
  const exact = Math.round(hundredths);
  if (Math.abs(exact - hundredths) < 1e-6 && isOnLadder(exact)) return { rate: exact / 100 };
  const below = previousTick(hundredths);
  const above = nextTick(hundredths);
  if (below == null || above == null) return { rate: priceToDecimal((below ?? above) as Hundredths) };
  const down = hundredths - below;
  const up = above - hundredths;
  const ladderSide = side === 'lay' ? 'lay' : 'back';
  const pick =
    Math.abs(down - up) < 1e-6
      ? houseRounding(ladderSide) === 'up'
        ? above
        : below
      : down < up
        ? below
        : above;
  return { rate: priceToDecimal(pick) };
}

/** The selection at this stake as the exchange package's bet, so previews use its formulas. */
export function toExchangeBet(sel: PriceSelection, rate: number, stakePaise: Paise): OddsBet | FancyBet {
  if (sel.side === 'yes' || sel.side === 'no') {
    return { side: sel.side, line: sel.fancyValue ?? 0, rate, stakePaise };
  }
  const runnerId = sel.runnerId ?? 0;
  if (isLadderMarket(sel.marketType)) return { side: sel.side, runnerId, price: parseOdds(rate), stakePaise };
  return bookmakerBet(sel.side, runnerId, rate, stakePaise);
}

export interface SlipPreview {
  /** What the bet wins. */
  profitPaise: Paise;
  /** What the bet can lose. */
  liabilityPaise: Paise;
}

/** Profit and liability of the slip; null while there is no valid stake (see readStake). */
export function previewOf(sel: PriceSelection, rate: number, stake: Paise | null): SlipPreview | null {
  if (stake == null || stake <= 0 || rate <= 0) return null;
  try {
    const bet = toExchangeBet(sel, rate, stake);
    return { profitPaise: betPotentialProfit(bet), liabilityPaise: betLiability(bet) };
  } catch {
    return null;
  }
}

/**
 * What the stake field says, read strictly: whole rupees, digits only. The form's edge: returns the
 * stake in paise, or a message the slip shows under the field.
 */
export function readStake(text: string): { stake: Paise } | { error: string } {
  const typed = text.trim();
  if (typed === '') return { error: t('betting.stake.empty') };
  if (/^-/.test(typed)) return { error: t('betting.stake.notPositive') };
  if (/^\d+[.,]\d*$/.test(typed)) return { error: t('betting.stake.wholeRupees') };
  if (!/^\d+$/.test(typed)) return { error: t('betting.stake.digitsOnly') };
  const stake = Number(typed);
  if (!Number.isSafeInteger(stake)) return { error: t('betting.stake.tooLarge') };
  if (stake === 0) return { error: t('betting.stake.notPositive') };
  try {
    return { stake: wholeRupees(stake) };
  } catch {
    // More rupees than money can hold (MAX_PAISE).
    return { error: t('betting.stake.tooLarge') };
  }
}

/** The market's limits, said the way a player reads them. Null when the stake fits. */
export function stakeLimitMessage(stake: Paise, minStake: Paise, maxStake: Paise): string | null {
  if (stake < minStake) return t('betting.stake.min', { amount: formatMoney(minStake, 'whole') });
  if (maxStake > 0 && stake > maxStake)
    return t('betting.stake.max', { amount: formatMoney(maxStake, 'whole') });
  return null;
}

/** A client-made id for the bet: the same id twice places one bet. */
export function newRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The slip's order options as PlaceBetV2 takes them. */
export interface OrderOptions {
  acceptAnyOdds: boolean;
  /** Exchange markets: what the unmatched rest does when the market turns in play. */
  persistence: 'cancel' | 'keep';
}

/** The PlaceBetV2 body of the slip (the stake in paise: the HTTP client sends it as rupees). */
export function placeBetBody(
  sel: PriceSelection,
  rate: number,
  stake: Paise,
  requestId: string,
  options: OrderOptions = { acceptAnyOdds: false, persistence: 'cancel' },
): RouteBody<'placeBetV2'> {
  return {
    acceptAnyOdds: options.acceptAnyOdds,
    // Only exchange markets keep a rest in the book; the others match in full or not at all.
    ...(isLadderMarket(sel.marketType) ? { persistence: options.persistence } : {}),
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
