import type { Card, Rank } from '../fair/cards';
import { GamesError } from '../errors';

/** Teen Patti's categories, strongest first. */
export const CATEGORIES = ['trail', 'pure-sequence', 'sequence', 'colour', 'pair', 'high-card'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface HandValue {
  readonly category: Category;
  /** Compared left to right after the category; higher wins. */
  readonly ranks: readonly number[];
}

/**
 * The Indian rules for sequences: A-K-Q is the highest sequence and A-2-3 the second highest, above
 * K-Q-J; then down to 4-3-2, the lowest. K-A-2 (a wrap) is not a sequence. In `ranks` a sequence is
 * scored by one number: A-K-Q = 15, A-2-3 = 14, otherwise its top card (K-Q-J = 13 … 4-3-2 = 4).
 */
function sequenceScore(desc: readonly Rank[]): number | undefined {
  const [a, b, c] = desc as [Rank, Rank, Rank];
  if (a === 14 && b === 13 && c === 12) return 15;
  if (a === 14 && b === 3 && c === 2) return 14;
  return a - 1 === b && b - 1 === c ? a : undefined;
}

export function evaluateHand(cards: readonly Card[]): HandValue {
  if (cards.length !== 3)
    throw new GamesError('INVALID_CARD', `a Teen Patti hand has 3 cards, got ${cards.length}`);
  const desc = cards.map((c) => c.rank).sort((x, y) => y - x);
  const [hi, mid, lo] = desc as [Rank, Rank, Rank];
  const flush = cards.every((c) => c.suit === cards[0]!.suit);
  if (hi === lo) return { category: 'trail', ranks: [hi] };
  const sequence = sequenceScore(desc);
  if (sequence !== undefined) return { category: flush ? 'pure-sequence' : 'sequence', ranks: [sequence] };
  if (flush) return { category: 'colour', ranks: desc };
  // A pair is compared by the pair's rank, then the odd card.
  if (hi === mid) return { category: 'pair', ranks: [hi, lo] };
  if (mid === lo) return { category: 'pair', ranks: [mid, hi] };
  return { category: 'high-card', ranks: desc };
}

/** > 0 when a beats b, < 0 when b beats a, 0 for equal hands (suits never break a tie). */
export function compareHands(a: HandValue, b: HandValue): number {
  const byCategory = CATEGORIES.indexOf(b.category) - CATEGORIES.indexOf(a.category);
  if (byCategory !== 0) return byCategory;
  for (let i = 0; i < a.ranks.length; i += 1) {
    const diff = (a.ranks[i] ?? 0) - (b.ranks[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
