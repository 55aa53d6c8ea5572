import {
  MAX_PRICE,
  MIN_PRICE,
  nearestOnLadder,
  nextTick,
  previousTick,
  type Hundredths,
} from '@backlay/exchange';

/*
 * From true probabilities to a priced book. A model says how likely each outcome is; the house adds
 * its margin, and the prices are snapped to the ladder in the house's favour (back down, lay up).
 */

export interface Margins {
  /** Back-side margin: the back book is about 1 + back (e.g. 0.03 → 103%). */
  back: number;
  /** Lay-side margin: lay prices sit about this much above fair. */
  lay: number;
}

export interface ExchangePrices {
  /** Best three back prices, best (highest) first. */
  back: Hundredths[];
  /** Best three lay prices, best (lowest) first. */
  lay: Hundredths[];
}

/** A back book never priced above this, so a rounding run cannot leave a greedy book. */
export const MAX_BACK_BOOK = 1.08;
/** Probabilities are kept inside this range before pricing; the ladder cannot express more. */
const MIN_PROBABILITY = 0.0008;
const MAX_PROBABILITY = 0.995;

/** Σ 1/back over the runners: the book percentage on the back side (1.03 = 103%). */
export function backBook(bestBacks: readonly Hundredths[]): number {
  return bestBacks.reduce((sum, price) => sum + 100 / price, 0);
}

/**
 * Σ 1/lay over the runners. Above 100% a customer could lay every runner and win whatever happens,
 * so the house keeps it at or under 100% (as it keeps the back book at or over 100%).
 */
export function layBook(bestLays: readonly Hundredths[]): number {
  return bestLays.reduce((sum, price) => sum + 100 / price, 0);
}

function levels(best: Hundredths, step: (p: number) => Hundredths | null): Hundredths[] {
  const out: Hundredths[] = [best];
  let price: Hundredths | null = best;
  while (out.length < 3) {
    price = step(price);
    if (price === null) break;
    out.push(price);
  }
  return out;
}

/**
 * Exchange prices for runners with the given probabilities (summing to about 1). Every price is on
 * the ladder, best back < best lay for each runner, the back book lies in [100%, MAX_BACK_BOOK]
 * unless a runner is pinned at 1.01 (a near-certain outcome the ladder cannot price closer), and the
 * lay book is at most 100%: no way to back or lay the whole field at a sure profit.
 */
export function exchangePrices(probabilities: readonly number[], margins: Margins): ExchangePrices[] {
  const q = probabilities.map((p) => Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, p)));
  const backs: Hundredths[] = [];
  const lays: Hundredths[] = [];
  for (const p of q) {
    const back = nearestOnLadder(100 / (p * (1 + margins.back)), 'down') ?? MIN_PRICE;
    let lay = nearestOnLadder(100 / (p * (1 - margins.lay)), 'up') ?? MAX_PRICE;
    if (lay <= back) lay = nextTick(back) ?? MAX_PRICE;
    backs.push(back === MAX_PRICE ? (previousTick(MAX_PRICE) as Hundredths) : back);
    lays.push(lay);
  }
  // Rounding down only ever adds to the book; give back the largest excess a tick at a time.
  for (let guard = 0; guard < 50 && backBook(backs) > MAX_BACK_BOOK; guard++) {
    let worst = -1;
    let worstExcess = 0;
    backs.forEach((b, i) => {
      const excess = 100 / b - (q[i] as number);
      if (excess > worstExcess && nextTick(b) !== null && nextTick(b) !== MAX_PRICE) {
        worst = i;
        worstExcess = excess;
      }
    });
    if (worst < 0) break;
    const raised = nextTick(backs[worst] as Hundredths) as Hundredths;
    backs[worst] = raised;
    if ((lays[worst] as number) <= raised) lays[worst] = nextTick(raised) ?? MAX_PRICE;
  }
  // The lay side can exceed 100% only through the ladder's top (a longshot's lay capped at 1000):
  // push the lays with the largest excess up a tick until it cannot be arbitraged.
  for (let guard = 0; guard < 200 && layBook(lays) > 1 + 1e-12; guard++) {
    let worst = -1;
    let worstExcess = -Infinity;
    lays.forEach((l, i) => {
      const excess = 100 / l - (q[i] as number);
      if (excess > worstExcess && nextTick(l) !== null) {
        worst = i;
        worstExcess = excess;
      }
    });
    if (worst < 0) break;
    lays[worst] = nextTick(lays[worst] as Hundredths) as Hundredths;
  }
  return backs.map((back, i) => ({
    back: levels(back, previousTick),
    lay: levels(lays[i] as Hundredths, nextTick),
  }));
}

export interface RatePrices {
  backRate: number;
  layRate: number;
}

/** The longest rate quoted: decimal odds of 1000, the top of the ladder. */
export const MAX_RATE = 99_900;

/**
 * Per-100 rates (decimal = 1 + rate/100) for a bookmaker or toss book: whole numbers, backRate <
 * layRate, both within [1, MAX_RATE], and like an exchange book no way to back or lay every runner
 * at a sure profit (Σ 100/(100 + backRate) ≥ 1 ≥ Σ 100/(100 + layRate), the ladder permitting).
 */
export function ratePrices(probabilities: readonly number[], margins: Margins): RatePrices[] {
  const q = probabilities.map((raw) => Math.min(MAX_PROBABILITY, Math.max(0.001, raw)));
  const rates = q.map((p) => {
    const backRate = Math.min(
      MAX_RATE - 1,
      Math.max(1, Math.floor((1 / (p * (1 + margins.back)) - 1) * 100)),
    );
    const layRate = Math.min(
      MAX_RATE,
      Math.max(backRate + 1, Math.ceil((1 / (p * (1 - margins.lay)) - 1) * 100)),
    );
    return { backRate, layRate };
  });
  const implied = (rate: number) => 100 / (100 + rate);
  for (let guard = 0; guard < 10_000; guard++) {
    const book = rates.reduce((sum, r) => sum + implied(r.layRate), 0);
    if (book <= 1 + 1e-12) break;
    let worst = -1;
    let worstExcess = -Infinity;
    rates.forEach((r, i) => {
      const excess = implied(r.layRate) - (q[i] as number);
      if (excess > worstExcess && r.layRate < MAX_RATE) {
        worst = i;
        worstExcess = excess;
      }
    });
    if (worst < 0) break;
    const r = rates[worst] as RatePrices;
    r.layRate = Math.min(MAX_RATE, r.layRate + Math.max(1, Math.ceil(r.layRate * 0.01)));
  }
  return rates;
}

export interface FancyLine {
  noLine: number;
  noRate: number;
  yesLine: number;
  yesRate: number;
}

/**
 * The lines of a session market for a runs total with the given mean. Between two whole numbers the
 * house offers two lines a run apart at evens (exactly the middle number loses both sides); near a
 * half it offers one line with uneven rates instead, as Indian books do.
 */
export function fancyLine(mean: number, floor: number): FancyLine {
  const m = Math.max(floor, mean);
  const whole = Math.floor(m);
  const frac = m - whole;
  if (frac >= 0.4 && frac < 0.6) {
    const line = Math.max(floor, whole + 1);
    return { noLine: line, noRate: 110, yesLine: line, yesRate: 90 };
  }
  const noLine = Math.max(floor, Math.round(m));
  return { noLine, noRate: 100, yesLine: noLine + 1, yesRate: 100 };
}
