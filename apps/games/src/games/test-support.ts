// Helpers shared by the games' tests; not exported from the package.
import fc from 'fast-check';
import { GamesError } from '../errors';
import { cardAt, type Card, type Rank, type Suit } from '../fair/cards';
import { floats } from '../fair/floats';
import type { FairGame } from './game';

export const SERVER = '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';

const SUIT_OF: Readonly<Record<string, Suit>> = { d: 'diamonds', h: 'hearts', s: 'spades', c: 'clubs' };
const RANK_OF: Readonly<Record<string, number>> = { T: 10, J: 11, Q: 12, K: 13, A: 14 };

/** "Ah Kd 2c" → cards, to write hand tables the way people read them (T = 10). */
export function cards(text: string): Card[] {
  return text.split(' ').map((t) => {
    const rank = RANK_OF[t[0]!] ?? Number(t[0]);
    const suit = SUIT_OF[t[1]!];
    if (suit === undefined || !(rank >= 2 && rank <= 14)) throw new Error(`bad card ${t}`);
    return { rank: rank as Rank, suit };
  });
}

export const cardArb = fc.integer({ min: 0, max: 51 }).map(cardAt);

/** The code of the GamesError a call throws, or undefined when it does not throw. */
export function errorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof GamesError ? e.code : `not a GamesError: ${String(e)}`;
  }
  return undefined;
}

/** The game's outcomes for consecutive nonces of one seed pair. */
export function* rounds<O>(
  game: FairGame<O>,
  serverSeed: string,
  clientSeed: string,
  from: number,
  count: number,
) {
  for (let nonce = from; nonce < from + count; nonce += 1) {
    yield game.outcome(floats(serverSeed, clientSeed, nonce, game.floatsPerRound));
  }
}

/**
 * The band a mean return per unit staked should fall in over n rounds: the exact mean ± 6 standard
 * deviations of the mean. Wide enough never to fail by chance (about 1 in 500 million), narrow
 * enough to catch a wrong rule or a wrong price. `returns` lists each (probability, return per unit).
 */
export function band(
  returns: readonly (readonly [number, number])[],
  n: number,
): { mean: number; low: number; high: number } {
  const mean = returns.reduce((s, [p, r]) => s + p * r, 0);
  const variance = returns.reduce((s, [p, r]) => s + p * (r - mean) ** 2, 0);
  const half = 6 * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}
