import {
  addMonths,
  RG_INCREASE_DELAY_HOURS,
  RG_PERIODS,
  SELF_EXCLUSION_MONTHS,
  TIME_OUT_HOURS,
  type RgPeriod,
} from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';

/*
 * The rules of responsible gaming (README.md beside this file), pure: the rolling windows, what a
 * change of a limit does, the bounds of a time-out and a self-exclusion, and the refusals a
 * deposit, a bet or a casino stake meets, in words a player reads. No I/O: the service and the
 * guards hand in what the repository read.
 */

export const HOUR_MS = 3_600_000;

/** Each period's rolling window, ending now: the last 24 hours, 7 days, 30 days. */
export const PERIOD_HOURS: Record<RgPeriod, number> = { day: 24, week: 7 * 24, month: 30 * 24 };

/** Where each period's window begins, for a window ending at `now`. */
export function windowStart(now: Date, period: RgPeriod): Date {
  return new Date(now.getTime() - PERIOD_HOURS[period] * HOUR_MS);
}

/** Whether an instant falls in a period's window ending at `now` (its start excluded, `now` included). */
export function inWindow(at: Date, now: Date, period: RgPeriod): boolean {
  return at.getTime() > windowStart(now, period).getTime() && at.getTime() <= now.getTime();
}

/** One amount per period. */
export type PerPeriod<T> = Record<RgPeriod, T>;
export type PeriodLimits = PerPeriod<Paise | null>;

export const NO_LIMITS: PeriodLimits = { day: null, week: null, month: null };

export const hasAnyLimit = (limits: PeriodLimits): boolean => RG_PERIODS.some((p) => limits[p] !== null);

/** What was lost in a window: minus the net result of bets and casino, never below zero. */
export const netLoss = (netResult: Paise): Paise => paise(Math.max(0, -netResult));

// ---------------------------------------------------------------- changing a limit

/**
 * What asking for `requested` does to a limit that stands at `current` with `pending` waiting:
 * - the current amount again: nothing changes, and a pending change is cancelled;
 * - a first limit or a decrease: applies at once, and cancels a pending change;
 * - an increase or a removal: waits `RG_INCREASE_DELAY_HOURS` as a pending change (which replaces
 *   another pending one; the same pending change again keeps its time).
 */
export type LimitDecision =
  | { action: 'none' }
  | { action: 'cancel-pending' }
  | { action: 'apply'; cancelsPending: boolean }
  | { action: 'pend'; effectiveAt: Date; replacesPending: boolean }
  | { action: 'keep-pending' };

export function decideLimitChange(
  current: Paise | null,
  pending: { amount: Paise | null } | null,
  requested: Paise | null,
  now: Date,
): LimitDecision {
  if (requested === current) return pending ? { action: 'cancel-pending' } : { action: 'none' };
  const tighter = current === null || (requested !== null && requested < current);
  if (tighter) return { action: 'apply', cancelsPending: pending !== null };
  if (pending && pending.amount === requested) return { action: 'keep-pending' };
  return {
    action: 'pend',
    effectiveAt: new Date(now.getTime() + RG_INCREASE_DELAY_HOURS * HOUR_MS),
    replacesPending: pending !== null,
  };
}

/** A pending change the player may confirm now: its 24 hours have passed. */
export const awaitingConfirmation = (effectiveAt: Date, now: Date): boolean =>
  effectiveAt.getTime() <= now.getTime();

// ---------------------------------------------------------------- time-out and self-exclusion

/** How far past a bound a time may fall, for a client's clock a little off ours (either way). */
export const CLOCK_SKEW_MS = 15 * 60_000;

export type BarKind = 'time_out' | 'self_exclusion';

/** The earliest and latest end a time-out or self-exclusion asked for now may have. */
export function barBounds(kind: BarKind, now: Date): { min: Date; max: Date } {
  if (kind === 'time_out') {
    return {
      min: new Date(now.getTime() + TIME_OUT_HOURS.min * HOUR_MS - CLOCK_SKEW_MS),
      max: new Date(now.getTime() + TIME_OUT_HOURS.max * HOUR_MS + CLOCK_SKEW_MS),
    };
  }
  return {
    min: new Date(addMonths(now, SELF_EXCLUSION_MONTHS.min).getTime() - CLOCK_SKEW_MS),
    max: new Date(addMonths(now, SELF_EXCLUSION_MONTHS.max).getTime() + CLOCK_SKEW_MS),
  };
}

export type BarVerdict =
  | { ok: true; changed: boolean }
  | { ok: false; code: 'RG_CHANGE_REFUSED' | 'VALIDATION_FAILED'; message: string };

const BAR_NAME: Record<BarKind, string> = { time_out: 'time-out', self_exclusion: 'self-exclusion' };
const BAR_RANGE: Record<BarKind, string> = {
  time_out: 'from 24 hours to 6 weeks',
  self_exclusion: 'from 6 months to 5 years',
};

/**
 * A time-out or self-exclusion asked to end at `requested`, while `current` (null: none in force)
 * stands: the same end changes nothing; an earlier one (shortening or lifting it) is refused; a
 * later one, or a first one, must end within the bounds counted from now.
 */
export function judgeBar(kind: BarKind, requested: Date, current: Date | null, now: Date): BarVerdict {
  if (current && requested.getTime() === current.getTime()) return { ok: true, changed: false };
  if (current && requested.getTime() < current.getTime()) {
    return {
      ok: false,
      code: 'RG_CHANGE_REFUSED',
      message: `Your ${BAR_NAME[kind]} runs until ${istTime(current)}: it cannot be shortened or lifted early, only lengthened. Nothing was changed.`,
    };
  }
  const { min, max } = barBounds(kind, now);
  if (requested.getTime() < min.getTime() || requested.getTime() > max.getTime()) {
    return {
      ok: false,
      code: 'VALIDATION_FAILED',
      message: `A ${BAR_NAME[kind]} lasts ${BAR_RANGE[kind]}.`,
    };
  }
  return { ok: true, changed: true };
}

// ---------------------------------------------------------------- words

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** India has no daylight saving. */
const IST_OFFSET_MS = 330 * 60_000;

/** An instant as a player in India reads it: "26 Nov 2026, 10:30 IST". */
export function istTime(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}, ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())} IST`;
}

/** A player who may not play or deposit now, and until when; null when neither is in force. */
export function barredError(standing: {
  excludedUntil: Date | null;
  timedOutUntil: Date | null;
}): AppError | null {
  // Self-exclusion is the stronger of the two: it is said when both are in force.
  if (standing.excludedUntil) {
    return new AppError(
      'PLAYER_SELF_EXCLUDED',
      `You have excluded yourself from play until ${istTime(standing.excludedUntil)}. You can still withdraw.`,
    );
  }
  if (standing.timedOutUntil) {
    return new AppError(
      'PLAYER_TIMED_OUT',
      `You are taking a time-out until ${istTime(standing.timedOutUntil)}. You can still withdraw.`,
    );
  }
  return null;
}

const ADJECTIVE: Record<RgPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const SPAN: Record<RgPeriod, string> = { day: 'today', week: 'this week', month: 'this month' };

/**
 * The period whose limit binds an amount: of the limits `used + amount` goes over, the one with
 * the least left (the lowest applies); null when it fits every limit.
 */
function binding(
  limits: PeriodLimits,
  used: PerPeriod<Paise>,
  amount: number,
): { period: RgPeriod; limit: Paise; left: Paise } | null {
  let worst: { period: RgPeriod; limit: Paise; left: Paise } | null = null;
  for (const period of RG_PERIODS) {
    const limit = limits[period];
    if (limit === null || used[period] + amount <= limit) continue;
    const left = paise(Math.max(0, limit - used[period]));
    if (!worst || left < worst.left) worst = { period, limit, left };
  }
  return worst;
}

/** DEPOSIT_LIMIT_REACHED when `amount` would take the deposits of a window over its limit. */
export function depositRefusal(limits: PeriodLimits, used: PerPeriod<Paise>, amount: Paise): AppError | null {
  const hit = binding(limits, used, amount);
  if (!hit) return null;
  const more = hit.left > 0 ? `${formatRupees(hit.left)} more` : 'nothing more';
  return new AppError(
    'DEPOSIT_LIMIT_REACHED',
    `Your ${ADJECTIVE[hit.period]} deposit limit is ${formatRupees(hit.limit)}; you can deposit ${more} ${SPAN[hit.period]}. Nothing was changed.`,
  );
}

/**
 * LOSS_LIMIT_REACHED when adding `added` to what is at risk would let the player lose more than a
 * loss limit in its window: what they lost there, plus the exposure of their open bets, plus the
 * new risk (a bet's added exposure, a casino stake). A bet that adds no risk is never refused.
 */
export function lossRefusal(
  limits: PeriodLimits,
  lost: PerPeriod<Paise>,
  atRisk: Paise,
  added: number,
  what: 'bet' | 'stake',
): AppError | null {
  if (added <= 0) return null;
  const risked = {
    day: paise(lost.day + atRisk),
    week: paise(lost.week + atRisk),
    month: paise(lost.month + atRisk),
  };
  const hit = binding(limits, risked, added);
  if (!hit) return null;
  const open = atRisk > 0 ? ` and ${formatRupees(atRisk)} is at risk in open bets` : '';
  const more = hit.left > 0 ? `${formatRupees(hit.left)} more` : 'nothing more';
  return new AppError(
    'LOSS_LIMIT_REACHED',
    `Your ${ADJECTIVE[hit.period]} loss limit is ${formatRupees(hit.limit)}: you have lost ${formatRupees(lost[hit.period])} ${SPAN[hit.period]}${open}, so you can ${what === 'bet' ? 'risk' : 'stake'} ${more}. Nothing was changed.`,
  );
}
