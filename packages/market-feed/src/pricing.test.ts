import { isOnLadder, LADDER } from '@backlay/exchange';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backBook, exchangePrices, fancyLine, layBook, MAX_BACK_BOOK, MAX_RATE, ratePrices } from './pricing';

const probabilities = fc
  .array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 2, maxLength: 14 })
  .map((w) => {
    const total = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / total);
  });
const margins = fc.record({
  back: fc.double({ min: 0, max: 0.05, noNaN: true }),
  lay: fc.double({ min: 0, max: 0.02, noNaN: true }),
});

describe('exchangePrices', () => {
  it('puts every price on the ladder, back below lay, three levels in order, and a sane back book', () => {
    fc.assert(
      fc.property(probabilities, margins, (probs, m) => {
        const books = exchangePrices(probs, m);
        expect(books).toHaveLength(probs.length);
        for (const book of books) {
          expect(book.back.length).toBeGreaterThanOrEqual(1);
          expect(book.lay.length).toBeGreaterThanOrEqual(1);
          expect(book.back.length).toBeLessThanOrEqual(3);
          expect(book.lay.length).toBeLessThanOrEqual(3);
          for (const p of [...book.back, ...book.lay]) expect(isOnLadder(p)).toBe(true);
          expect(book.back[0]).toBeLessThan(book.lay[0] as number);
          book.back.forEach((p, i) => i > 0 && expect(p).toBeLessThan(book.back[i - 1] as number));
          book.lay.forEach((p, i) => i > 0 && expect(p).toBeGreaterThan(book.lay[i - 1] as number));
        }
        const bests = books.map((b) => b.back[0] as (typeof b.back)[number]);
        const book = backBook(bests);
        expect(book).toBeLessThanOrEqual(MAX_BACK_BOOK + 1e-9);
        if (!bests.includes(LADDER[0] as (typeof bests)[number])) expect(book).toBeGreaterThanOrEqual(1);
        expect(layBook(books.map((b) => b.lay[0] as (typeof b.lay)[number]))).toBeLessThanOrEqual(1 + 1e-12);
      }),
      { numRuns: 500 },
    );
  });

  it('prices an even two-way market just around 2.0', () => {
    const [a, b] = exchangePrices([0.5, 0.5], { back: 0.015, lay: 0.005 });
    // 2.00 less a 1.5% margin is 1.97 once rounded down; the lay side rounds 2.01 up to 2.02.
    expect(b?.back).toEqual(a?.back);
    expect(a?.back).toEqual([197, 196, 195]);
    expect(a?.lay).toEqual([202, 204, 206]);
  });

  it('pins a near-certain runner at 1.01 and its opponent at the top of the ladder', () => {
    const [fav, dog] = exchangePrices([0.9999, 0.0001], { back: 0.015, lay: 0.005 });
    expect(fav?.back).toEqual([101]);
    expect(fav?.lay[0]).toBe(102);
    expect(dog?.lay[0]).toBe(100000);
    expect(dog?.back[0]).toBeLessThan(100000);
  });
});

describe('ratePrices', () => {
  it('gives whole rates with back below lay for any book', () => {
    fc.assert(
      fc.property(probabilities, margins, (probs, m) => {
        const rates = ratePrices(probs, m);
        for (const r of rates) {
          expect(Number.isInteger(r.backRate) && Number.isInteger(r.layRate)).toBe(true);
          expect(r.backRate).toBeGreaterThanOrEqual(1);
          expect(r.backRate).toBeLessThan(r.layRate);
          expect(r.layRate).toBeLessThanOrEqual(MAX_RATE);
        }
        const implied = (rate: number) => 100 / (100 + rate);
        expect(rates.reduce((s, r) => s + implied(r.layRate), 0)).toBeLessThanOrEqual(1 + 1e-12);
      }),
    );
  });

  it('quotes an even toss below evens on the back side', () => {
    const [r] = ratePrices([0.5, 0.5], { back: 0.02, lay: 0 });
    expect(r).toEqual({ backRate: 96, layRate: 100 });
  });
});

describe('fancyLine', () => {
  it('offers two lines a run apart at evens near a whole number', () => {
    expect(fancyLine(52.1, 0)).toEqual({ noLine: 52, noRate: 100, yesLine: 53, yesRate: 100 });
    expect(fancyLine(51.8, 0)).toEqual({ noLine: 52, noRate: 100, yesLine: 53, yesRate: 100 });
  });

  it('offers one line with NO dearer than YES near a half', () => {
    expect(fancyLine(52.5, 0)).toEqual({ noLine: 53, noRate: 110, yesLine: 53, yesRate: 90 });
  });

  it('never offers a line at or under runs already scored', () => {
    expect(fancyLine(40.2, 45).noLine).toBe(45);
  });
});
