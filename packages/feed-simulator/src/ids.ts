import { hashSeed } from './prng';

/** A selection id stable for a name, as exchanges keep one id per team, player or horse. */
export function runnerIdOf(name: string): number {
  return (hashSeed(0x5eed, name) % 2_000_000_000) + 1;
}

/** Event ids take at most this many digits in a market id (ids stay below 2^31 anyway). */
const EVENT_DIGITS = 10;
/** The markets one event can number: the four-digit suffixes that do not end in 0. */
export const MAX_MARKETS_PER_EVENT = 9_000;

/**
 * The id of an event's n-th market (n from 1): "1." followed by the event id in ten digits and a
 * four-digit suffix that never ends in 0, e.g. event 1025738000, market 10 → "1.10257380000011".
 *
 * Such an id survives a client that reads it as a JavaScript number (`parseFloat`) unchanged:
 * `String(parseFloat(id)) === id`, since it has 15 significant digits at most and no trailing zero
 * after the point; so two ids never meet as the same number. (The ids of checkpoint version 1,
 * `1.${eventId * 1000 + n}`, lost their trailing zeros that way: "1.257380001010" came back as
 * "1.25738000101", another market's id. They have at most 13 digits after the point, so no id of this
 * scheme, always 14, is one of them.)
 */
export function marketIdOf(eventId: number, n: number): string {
  if (!Number.isSafeInteger(eventId) || eventId < 1 || String(eventId).length > EVENT_DIGITS) {
    throw new RangeError(`event id ${eventId} does not fit a market id`);
  }
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_MARKETS_PER_EVENT) {
    throw new RangeError(`market ${n} of event ${eventId} does not fit a market id`);
  }
  // 1..9 → 1..9, 10..18 → 11..19, …: every ninth number skipped, so the last digit is never 0.
  const suffix = n + Math.floor((n - 1) / 9);
  return `1.${String(eventId).padStart(EVENT_DIGITS, '0')}${String(suffix).padStart(4, '0')}`;
}
