import { GamesError } from '../errors';
import { pick } from './floats';

export type Suit = 'diamonds' | 'hearts' | 'spades' | 'clubs';
/** 2..10, J = 11, Q = 12, K = 13, A = 14 (games that count the ace low say so themselves). */
export type Rank = 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14;

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

/**
 * The stable index → card mapping (part of the fairness scheme: changing it changes every outcome):
 * rank-major, suits in the order ♦ ♥ ♠ ♣. Index i is rank 2 + floor(i / 4) of SUITS[i mod 4]:
 * 0 = 2♦, 1 = 2♥, 2 = 2♠, 3 = 2♣, 4 = 3♦, …, 48 = A♦, 51 = A♣.
 */
export const SUITS: readonly Suit[] = ['diamonds', 'hearts', 'spades', 'clubs'];
export const DECK_SIZE = 52;

export function cardAt(index: number): Card {
  if (!Number.isInteger(index) || index < 0 || index >= DECK_SIZE) {
    throw new GamesError('INVALID_CARD', `a card index is 0 to 51, got ${index}`);
  }
  return { rank: (2 + Math.floor(index / 4)) as Rank, suit: SUITS[index % 4]! };
}

export function cardIndex(card: Card): number {
  return (card.rank - 2) * 4 + SUITS.indexOf(card.suit);
}

/** One card from one float, as from an endless shoe: floor(f × 52) through the mapping above. */
export function card(f: number): Card {
  return cardAt(pick(f, DECK_SIZE));
}

/** A fresh deck in index order, the starting point of every shuffle. */
export function freshDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => cardAt(i));
}

export function isRed(c: Card): boolean {
  return c.suit === 'diamonds' || c.suit === 'hearts';
}

const RANK_NAMES: Readonly<Record<number, string>> = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { diamonds: '♦', hearts: '♥', spades: '♠', clubs: '♣' };

/** "10♥", "A♣": for logs, tests and the verification page. */
export function formatCard(c: Card): string {
  return `${RANK_NAMES[c.rank] ?? String(c.rank)}${SUIT_SYMBOLS[c.suit]}`;
}
