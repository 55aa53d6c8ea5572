import { describe, expect, it } from 'vitest';
import { freshDeck } from '../fair/cards';
import { compareHands, evaluateHand, type Category } from './teen-patti-hands';
import { cards } from './test-support';

const value = (text: string) => evaluateHand(cards(text));
const beats = (a: string, b: string) => compareHands(value(a), value(b));

describe('Teen Patti hand categories', () => {
  it.each<[string, Category, number[]]>([
    ['Ah As Ad', 'trail', [14]],
    ['2c 2d 2h', 'trail', [2]],
    ['Ah Kh Qh', 'pure-sequence', [15]],
    ['Ah 2h 3h', 'pure-sequence', [14]],
    ['Kc Qc Jc', 'pure-sequence', [13]],
    ['4s 3s 2s', 'pure-sequence', [4]],
    ['Qd Ah Ks', 'sequence', [15]],
    ['3d Ah 2s', 'sequence', [14]],
    ['Td 9h 8s', 'sequence', [10]],
    ['4d 2h 3s', 'sequence', [4]],
    ['Ah 9h 2h', 'colour', [14, 9, 2]],
    ['Kc Ac 2c', 'colour', [14, 13, 2]], // K-A-2 wraps: not a sequence
    ['Ks Ad 2h', 'high-card', [14, 13, 2]], // K-A-2 off-suit: only high card
    ['9s 9d Ah', 'pair', [9, 14]],
    ['2s Kd Kh', 'pair', [13, 2]],
    ['Ad 2s 4h', 'high-card', [14, 4, 2]],
    ['5d 3s 2h', 'high-card', [5, 3, 2]],
  ])('%s is %s %j', (hand, category, ranks) => {
    expect(value(hand)).toEqual({ category, ranks });
  });

  it('counts every category over all 22,100 three-card hands exactly', () => {
    const deck = freshDeck();
    const counts: Record<string, number> = {};
    for (let i = 0; i < 52; i += 1)
      for (let j = i + 1; j < 52; j += 1)
        for (let k = j + 1; k < 52; k += 1) {
          const { category } = evaluateHand([deck[i]!, deck[j]!, deck[k]!]);
          counts[category] = (counts[category] ?? 0) + 1;
        }
    // The textbook counts: 13 × 4 trails, 12 sequences × 4 suits, 12 × (64 − 4), and so on.
    expect(counts).toEqual({
      trail: 52,
      'pure-sequence': 48,
      sequence: 720,
      colour: 1096,
      pair: 3744,
      'high-card': 16440,
    });
  });

  it('refuses anything but three cards', () => {
    expect(() => evaluateHand(cards('Ah Kh'))).toThrow(/3 cards/);
  });
});

describe('Teen Patti comparisons', () => {
  it('orders the categories: trail > pure sequence > sequence > colour > pair > high card', () => {
    const ladder = ['2c 2d 2h', '4s 3s 2s', 'Qd Ah Ks', 'Ah Kh 9h', 'As Ad Kh', 'Ad Ks Jh'];
    for (let i = 0; i + 1 < ladder.length; i += 1) {
      expect(beats(ladder[i]!, ladder[i + 1]!)).toBeGreaterThan(0);
      expect(beats(ladder[i + 1]!, ladder[i]!)).toBeLessThan(0);
    }
  });

  it('A-K-Q > A-2-3 > K-Q-J > … > 4-3-2, pure or not', () => {
    expect(beats('Ah Kh Qh', 'Ad 2d 3d')).toBeGreaterThan(0);
    expect(beats('Ad 2d 3d', 'Ks Qs Js')).toBeGreaterThan(0);
    expect(beats('Ks Qs Js', '4c 3c 2c')).toBeGreaterThan(0);
    expect(beats('Ah Ks Qd', 'Ad 2s 3c')).toBeGreaterThan(0);
    expect(beats('Ad 2s 3c', 'Kh Qs Jd')).toBeGreaterThan(0);
    // Any pure sequence beats any plain sequence, even the lowest against the highest.
    expect(beats('4c 3c 2c', 'Ah Ks Qd')).toBeGreaterThan(0);
  });

  it('trails by rank, pairs by pair then odd card, colours and high cards card by card', () => {
    expect(beats('Ah As Ad', 'Kh Ks Kd')).toBeGreaterThan(0);
    expect(beats('3h 3s 3d', '2h 2s 2d')).toBeGreaterThan(0);
    expect(beats('2h 2s 3d', 'Ah Ks Jd')).toBeGreaterThan(0); // a pair beats any high card
    expect(beats('Kh Ks 2d', 'Qh Qs Ad')).toBeGreaterThan(0);
    expect(beats('Kh Ks 5d', 'Kc Kd 4s')).toBeGreaterThan(0);
    expect(beats('Ah 9h 3h', 'Ks Qs Ts')).toBeGreaterThan(0);
    expect(beats('Ah 9h 4h', 'Ac 9c 3c')).toBeGreaterThan(0);
    expect(beats('Ah Ts 4d', 'Ad 9c 8h')).toBeGreaterThan(0);
    expect(beats('Kh Js 3d', 'Kd Jc 2h')).toBeGreaterThan(0);
  });

  it('the same ranks in different suits tie: suits never decide', () => {
    expect(beats('Ah Ks 9d', 'Ac Kd 9h')).toBe(0);
    expect(beats('7h 7s 2d', '7c 7d 2h')).toBe(0);
    expect(beats('Ah Kh Qh', 'As Ks Qs')).toBe(0);
    expect(beats('Ad 2s 3c', 'Ah 2c 3d')).toBe(0);
    expect(beats('Kh 9h 4h', 'Kc 9c 4c')).toBe(0);
  });
});
