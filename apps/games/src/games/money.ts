import { GamesError } from '../errors';

/**
 * Money as integer paise (₹1 = 100). The same brand as `Paise` in @backlay/exchange, written out
 * here because this provider stands outside the operator and imports none of its code; the two
 * types are structurally identical, so the server can take these amounts as they are.
 */
export type Paise = number & { readonly __unit: 'Paise' };

/** Decimal odds as integer hundredths (1.98 → 198), as in @backlay/exchange. */
export type Hundredths = number & { readonly __unit: 'Hundredths' };

/** Table limits; the operator's own limits apply on top, at the wallet. */
export interface StakeLimits {
  readonly min: Paise;
  readonly max: Paise;
}

/** ₹10 to ₹1,00,000 per bet unless a table says otherwise. */
export const DEFAULT_LIMITS: StakeLimits = { min: 1_000 as Paise, max: 10_000_000 as Paise };

/**
 * What settle() accepts whatever the table's limits: any positive stake up to ₹1,000 crore, which
 * keeps every payout (at most 99× here) an exact safe integer.
 */
export const SETTLEMENT_BOUNDS: StakeLimits = { min: 1 as Paise, max: 100_000_000_000 as Paise };

export function paise(value: number): Paise {
  if (!Number.isSafeInteger(value))
    throw new GamesError('MONEY_OUT_OF_RANGE', `not a whole number of paise: ${value}`);
  return value as Paise;
}

export function assertStake(stake: unknown, limits: StakeLimits = DEFAULT_LIMITS): asserts stake is Paise {
  if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake <= 0) {
    throw new GamesError(
      'INVALID_STAKE',
      `a stake is a positive whole number of paise, got ${String(stake)}`,
    );
  }
  if (stake < limits.min || stake > limits.max) {
    throw new GamesError('INVALID_STAKE', `a stake is ${limits.min} to ${limits.max} paise, got ${stake}`);
  }
}

/**
 * stake × numerator / denominator, floored: every rounding goes to the house, once per bet. BigInt
 * keeps the product exact whatever the stake (a ₹1 lakh stake × 990,099 would pass 2^53 in doubles).
 */
export function mulDivFloor(stake: Paise, numerator: number, denominator: number): Paise {
  if (
    !Number.isSafeInteger(numerator) ||
    !Number.isSafeInteger(denominator) ||
    numerator < 0 ||
    denominator <= 0
  ) {
    throw new GamesError('INVALID_BET', `bad ratio ${numerator}/${denominator}`);
  }
  return paise(Number((BigInt(stake) * BigInt(numerator)) / BigInt(denominator)));
}

/** The whole return of a winning bet at decimal odds: stake × odds / 100, floored. */
export function returnAtOdds(stake: Paise, odds: Hundredths): Paise {
  return mulDivFloor(stake, odds, 100);
}

/** "1.98" from 198: for the UI, so no float ever formats the odds. */
export function formatOdds(odds: Hundredths): string {
  return `${Math.floor(odds / 100)}.${String(odds % 100).padStart(2, '0')}`;
}
