import { formatHundredths, parseHundredths } from './decimal';
import { ExchangeError } from './errors';

/**
 * Decimal odds as an integer number of hundredths (1.01 → 101, 1000 → 100000), so comparisons and
 * tick arithmetic are integer operations and no float ever decides anything.
 */
export type Hundredths = number & { readonly __unit: 'Hundredths' };
/** Alias kept for readers who think of a ladder price as a tick value. */
export type PriceTicks = Hundredths;

/** Which way to move an off-ladder price onto the ladder. */
export type LadderRounding = 'up' | 'down';

interface Band {
  readonly from: number;
  readonly to: number;
  readonly step: number;
}

// Betfair classic bands in hundredths; each band is (from, to] with `from` belonging to the band below.
const BANDS: readonly Band[] = [
  { from: 100, to: 200, step: 1 },
  { from: 200, to: 300, step: 2 },
  { from: 300, to: 400, step: 5 },
  { from: 400, to: 600, step: 10 },
  { from: 600, to: 1000, step: 20 },
  { from: 1000, to: 2000, step: 50 },
  { from: 2000, to: 3000, step: 100 },
  { from: 3000, to: 5000, step: 200 },
  { from: 5000, to: 10000, step: 500 },
  { from: 10000, to: 100000, step: 1000 },
];

function buildLadder(): readonly Hundredths[] {
  const prices: Hundredths[] = [];
  for (const band of BANDS) {
    for (let price = band.from + band.step; price <= band.to; price += band.step) {
      prices.push(price as Hundredths);
    }
  }
  return Object.freeze(prices);
}

/** All 350 ladder prices in hundredths, ascending. */
export const LADDER: readonly Hundredths[] = buildLadder();
export const LADDER_SIZE = LADDER.length;
export const MIN_PRICE = 101 as Hundredths;
export const MAX_PRICE = 100000 as Hundredths;

const INDEX = new Map<number, number>(LADDER.map((price, index) => [price, index]));

export function isOnLadder(price: number): price is Hundredths {
  return INDEX.has(price);
}

/** Position of a ladder price (0 for 1.01, 349 for 1000); throws for an off-ladder price. */
export function ladderIndex(price: number): number {
  const index = INDEX.get(price);
  if (index === undefined) {
    throw new ExchangeError('OFF_LADDER', `${describe(price)} is not on the price ladder`);
  }
  return index;
}

/** The ladder price at a position, or null outside 0..349. */
export function priceAtIndex(index: number): Hundredths | null {
  return LADDER[index] ?? null;
}

/** Index of the first ladder price ≥ price (LADDER_SIZE when there is none). */
function lowerBound(price: number): number {
  let lo = 0;
  let hi = LADDER.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((LADDER[mid] as number) < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The smallest ladder price strictly above `price`, or null above the top (1000). */
export function nextTick(price: number): Hundredths | null {
  const index = lowerBound(price);
  return LADDER[LADDER[index] === price ? index + 1 : index] ?? null;
}

/** The largest ladder price strictly below `price`, or null below the bottom (1.01). */
export function previousTick(price: number): Hundredths | null {
  return LADDER[lowerBound(price) - 1] ?? null;
}

/** Signed number of ticks from `from` to `to` (positive when `to` is higher); both must be on the ladder. */
export function ticksBetween(from: number, to: number): number {
  return ladderIndex(to) - ladderIndex(from);
}

/**
 * The ladder price itself when on the ladder, else the neighbour in the given direction, or null when
 * there is none (below 1.01 rounding down, above 1000 rounding up).
 *
 * To never give a customer better odds than the house offered, round a back price 'down' (a backer
 * wins more at a higher price) and a lay price 'up' (a layer risks less at a lower price); see
 * `houseRounding`.
 */
export function nearestOnLadder(price: number, rounding: LadderRounding): Hundredths | null {
  if (isOnLadder(price)) return price;
  return rounding === 'up' ? nextTick(price) : previousTick(price);
}

/** The rounding that favours the house for a bet on this side. */
export function houseRounding(side: 'back' | 'lay'): LadderRounding {
  return side === 'back' ? 'down' : 'up';
}

/**
 * Decimal odds (a JSON number or string with at most two decimals) as hundredths, without requiring
 * the ladder: bookmaker prices are 1 + rate/100 and need not be ladder prices.
 */
export function parseOdds(input: number | string): Hundredths {
  const hundredths = parseHundredths(input, 'odds');
  if (hundredths <= 100) {
    throw new ExchangeError('INVALID_DECIMAL', `odds must be above 1.00, got ${String(input)}`);
  }
  return hundredths as Hundredths;
}

/** Decimal odds that must be on the ladder (match odds); throws OFF_LADDER otherwise (2.01, 3.03, 1000.5). */
export function parseLadderPrice(input: number | string): Hundredths {
  const hundredths = parseHundredths(input, 'odds');
  if (!isOnLadder(hundredths)) {
    throw new ExchangeError('OFF_LADDER', `${String(input)} is not on the price ladder`);
  }
  return hundredths;
}

/**
 * Decimal odds for the wire, e.g. 101 → 1.01. Exact in the sense that matters: a decimal with at most
 * 15 significant digits survives the trip through a double, so JSON prints n's two-decimal text.
 */
export function priceToDecimal(price: Hundredths): number {
  return price / 100;
}

/** Decimal odds as text with two decimals, e.g. 200 → "2.00". */
export function formatPrice(price: Hundredths): string {
  return formatHundredths(price);
}

function describe(price: number): string {
  return Number.isInteger(price) ? `${formatHundredths(price)} (${price} hundredths)` : String(price);
}
