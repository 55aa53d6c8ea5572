import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { card, cardAt, cardIndex, DECK_SIZE, formatCard, freshDeck, isRed } from './cards';
import { floats } from './floats';
import { shuffle } from './shuffle';
import { clientSeedArb, floatArb, serverSeedArb } from './test-arbitraries';

const SERVER = '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';

describe('the index → card mapping', () => {
  it('is rank-major with suits ♦ ♥ ♠ ♣', () => {
    expect(freshDeck().slice(0, 5).map(formatCard)).toEqual(['2♦', '2♥', '2♠', '2♣', '3♦']);
    expect(formatCard(cardAt(35))).toBe('10♣');
    expect(formatCard(cardAt(36))).toBe('J♦');
    expect(cardAt(48)).toEqual({ rank: 14, suit: 'diamonds' });
    expect(formatCard(cardAt(51))).toBe('A♣');
  });

  it('is a bijection of 52 distinct cards, 13 ranks × 4 suits', () => {
    const deck = freshDeck();
    expect(new Set(deck.map(formatCard)).size).toBe(52);
    deck.forEach((c, i) => expect(cardIndex(c)).toBe(i));
    expect(deck.filter(isRed)).toHaveLength(26);
    expect(() => cardAt(52)).toThrow(/0 to 51/);
    expect(() => cardAt(-1)).toThrow(/0 to 51/);
  });

  it('card(f) = floor(f × 52): the known answer and the edges', () => {
    // floats(SERVER, 'backlay', 1)[0] = 0.69177… → floor(35.97) = 35 = 10♣ (checked in Python).
    expect(formatCard(card(floats(SERVER, 'backlay', 1, 1)[0]!))).toBe('10♣');
    expect(formatCard(card(0))).toBe('2♦');
    expect(formatCard(card(1 - 2 ** -32))).toBe('A♣');
    expect(formatCard(card(1 / 52))).toBe('2♥');
  });

  it('card(f) is always a real card', () => {
    fc.assert(
      fc.property(floatArb, (f) => {
        const i = cardIndex(card(f));
        expect(i >= 0 && i < DECK_SIZE).toBe(true);
        expect(i).toBe(Math.floor(f * 52));
      }),
    );
  });

  it('every card comes up about as often as the others over many draws', () => {
    // 52 × 400 draws from one seed's nonces; a fixed stream, so this is a check of the maths, not luck.
    const counts = new Array<number>(52).fill(0);
    for (let nonce = 0; nonce < 2600; nonce += 1) {
      for (const f of floats(SERVER, 'spread', nonce, 8)) counts[cardIndex(card(f))]! += 1;
    }
    const expected = 20_800 / 52;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 51 degrees of freedom: the 99.99th percentile is about 100; a biased mapping lands in thousands.
    expect(chiSquare).toBeLessThan(110);
    expect(Math.min(...counts)).toBeGreaterThan(expected * 0.75);
  });
});

describe('shuffle', () => {
  it('known answer: the full deck shuffled by SERVER/backlay/1 (computed in Python)', () => {
    const deck = shuffle(freshDeck(), floats(SERVER, 'backlay', 1, 51));
    expect(deck.slice(0, 12).map(formatCard)).toEqual([
      '8♠',
      '7♠',
      '6♣',
      'K♣',
      '3♦',
      '7♥',
      '10♥',
      'A♣',
      '4♣',
      '9♥',
      '5♦',
      '2♠',
    ]);
    expect(deck.map(cardIndex).slice(-6)).toEqual([16, 31, 7, 48, 50, 35]);
  });

  it('follows i from n − 1 down to 1, j = floor(f_(n−1−i) × (i + 1))', () => {
    // 3 items, floats [0.9, 0.1]: i = 2 → j = floor(2.7) = 2 (stay); i = 1 → j = floor(0.2) = 0 (swap).
    expect(shuffle(['a', 'b', 'c'], [0.9, 0.1])).toEqual(['b', 'a', 'c']);
    // all zeros: each i swaps with 0, which rotates the deck left by one.
    expect(shuffle([1, 2, 3, 4], [0, 0, 0])).toEqual([2, 3, 4, 1]);
    expect(shuffle([], [])).toEqual([]);
    expect(shuffle(['only'], [])).toEqual(['only']);
  });

  it('refuses too few floats and leaves its input alone', () => {
    const deck = freshDeck();
    expect(() => shuffle(deck, new Array(50).fill(0.5))).toThrow(/51 floats/);
    shuffle(deck, new Array(51).fill(0.5));
    expect(deck).toEqual(freshDeck());
  });

  it('is a deterministic permutation of its input', () => {
    fc.assert(
      fc.property(fc.array(floatArb, { minLength: 51, maxLength: 51 }), (fs) => {
        const out = shuffle(freshDeck(), fs);
        expect(out.map(cardIndex).sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
        expect(shuffle(freshDeck(), fs)).toEqual(out);
      }),
    );
  });

  it('puts each card first about equally often from the seeds', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, (s, c) => {
        const firsts = new Array<number>(52).fill(0);
        for (let nonce = 0; nonce < 1040; nonce += 1) {
          firsts[cardIndex(shuffle(freshDeck(), floats(s, c, nonce, 51))[0]!)]! += 1;
        }
        // 20 expected per card; a shuffle that never moved index 0 would put one card first 1040 times.
        expect(Math.max(...firsts)).toBeLessThan(60);
      }),
      { numRuns: 3 },
    );
  });
});
