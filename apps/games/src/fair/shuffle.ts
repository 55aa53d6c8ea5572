import { GamesError } from '../errors';
import { pick } from './floats';

/** How many floats shuffling n items takes: one per swap. */
export function floatsToShuffle(n: number): number {
  return Math.max(0, n - 1);
}

/**
 * Fisher–Yates driven by the round's floats, exactly: copy the items; for i from n − 1 down to 1,
 * with k = n − 1 − i (the k-th float, counting from 0), j = floor(floats[k] × (i + 1)), swap items
 * i and j. Cards are then dealt from index 0. The input is never mutated.
 */
export function shuffle<T>(items: readonly T[], floats: readonly number[]): T[] {
  const n = items.length;
  if (floats.length < floatsToShuffle(n)) {
    throw new GamesError(
      'NOT_ENOUGH_FLOATS',
      `shuffling ${n} items takes ${n - 1} floats, got ${floats.length}`,
    );
  }
  const out = [...items];
  for (let i = n - 1; i >= 1; i -= 1) {
    const j = pick(floats[n - 1 - i]!, i + 1);
    const held = out[i]!;
    out[i] = out[j]!;
    out[j] = held;
  }
  return out;
}
