import { addMonths, REALITY_CHECK_MINUTES, SELF_EXCLUSION_MONTHS, TIME_OUT_HOURS } from '@backlay/contract';

/*
 * The lengths a player picks from, and when each one ends. A time-out counts hours; a
 * self-exclusion counts calendar months in UTC, as the server counts them.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The longest choice aims a few minutes short of the server's bound: a phone's clock a little ahead
 * of the server's would otherwise ask for a moment past it and be refused.
 */
const LONGEST_MARGIN_MS = 5 * MINUTE_MS;

export const TIME_OUT_CHOICES = [
  { id: '24h', hours: 24 },
  { id: '3d', hours: 3 * 24 },
  { id: '1w', hours: 7 * 24 },
  { id: '2w', hours: 14 * 24 },
  { id: '6w', hours: 42 * 24 },
] as const satisfies readonly { id: string; hours: number }[];
export type TimeOutChoice = (typeof TIME_OUT_CHOICES)[number]['id'];

export const SELF_EXCLUSION_CHOICES = [
  { id: '6m', months: 6 },
  { id: '1y', months: 12 },
  { id: '2y', months: 24 },
  { id: '5y', months: 60 },
] as const satisfies readonly { id: string; months: number }[];
export type SelfExclusionChoice = (typeof SELF_EXCLUSION_CHOICES)[number]['id'];

/** The reminders offered, within the contract's bounds. */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120].filter(
  (m) => m >= REALITY_CHECK_MINUTES.min && m <= REALITY_CHECK_MINUTES.max,
);

/** When a time-out taken at `now` ends. */
export function timeOutEnd(choice: TimeOutChoice, now: Date): Date {
  const hours = TIME_OUT_CHOICES.find((c) => c.id === choice)?.hours ?? TIME_OUT_HOURS.min;
  const end = now.getTime() + hours * HOUR_MS;
  return new Date(hours >= TIME_OUT_HOURS.max ? end - LONGEST_MARGIN_MS : end);
}

/** When a self-exclusion taken at `now` ends. */
export function selfExclusionEnd(choice: SelfExclusionChoice, now: Date): Date {
  const months = SELF_EXCLUSION_CHOICES.find((c) => c.id === choice)?.months ?? SELF_EXCLUSION_MONTHS.min;
  const end = addMonths(now, months).getTime();
  return new Date(months >= SELF_EXCLUSION_MONTHS.max ? end - LONGEST_MARGIN_MS : end);
}

/** A time still ahead of `now`, as a Date; null when absent or past. */
export function inForce(until: string | null, now: number): Date | null {
  if (until == null) return null;
  const at = new Date(until);
  return at.getTime() > now ? at : null;
}

/**
 * The next reminder after `now`: every `minutes` since the session started. A page opened in the
 * middle of an interval waits for its end, not a whole interval more.
 */
export function nextReminderAt(startedAt: number, minutes: number, now: number): number {
  const every = minutes * MINUTE_MS;
  if (now < startedAt) return startedAt + every;
  return startedAt + (Math.floor((now - startedAt) / every) + 1) * every;
}

/** Time played, in whole hours and minutes. */
export function playedTime(startedAt: number, now: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((now - startedAt) / MINUTE_MS));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** setTimeout's longest wait; a later moment is reached in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
