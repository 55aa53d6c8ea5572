import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from './errors';
import {
  LADDER,
  LADDER_SIZE,
  MAX_PRICE,
  MIN_PRICE,
  formatPrice,
  houseRounding,
  isOnLadder,
  ladderIndex,
  nearestOnLadder,
  nextTick,
  parseLadderPrice,
  parseOdds,
  previousTick,
  priceAtIndex,
  priceToDecimal,
  ticksBetween,
  type Hundredths,
} from './ladder';

// Written out independently of ladder.ts: [first, last, step, count] per band, in hundredths.
const BANDS: ReadonlyArray<readonly [number, number, number, number]> = [
  [101, 200, 1, 100],
  [202, 300, 2, 50],
  [305, 400, 5, 20],
  [410, 600, 10, 20],
  [620, 1000, 20, 20],
  [1050, 2000, 50, 20],
  [2100, 3000, 100, 10],
  [3200, 5000, 200, 10],
  [5500, 10000, 500, 10],
  [11000, 100000, 1000, 90],
];

const h = (n: number): Hundredths => n as Hundredths;
const ladderPrice = fc.integer({ min: 0, max: 349 }).map((i) => LADDER[i] as Hundredths);

describe('ladder contents', () => {
  it('holds exactly 350 strictly increasing prices from 1.01 to 1000', () => {
    expect(LADDER_SIZE).toBe(350);
    expect(LADDER[0]).toBe(101);
    expect(LADDER[349]).toBe(100000);
    expect(MIN_PRICE).toBe(101);
    expect(MAX_PRICE).toBe(100000);
    for (let i = 1; i < LADDER.length; i++) expect(LADDER[i]).toBeGreaterThan(LADDER[i - 1] as number);
  });

  it('equals the band table price by price', () => {
    const expected: number[] = [];
    for (const [first, last, step, count] of BANDS) {
      const band: number[] = [];
      for (let p = first; p <= last; p += step) band.push(p);
      expect(band).toHaveLength(count);
      expected.push(...band);
    }
    expect([...LADDER]).toEqual(expected);
  });

  it('prints every price the way the wire shows it', () => {
    expect(LADDER.slice(0, 3).map(priceToDecimal)).toEqual([1.01, 1.02, 1.03]);
    expect(LADDER.map(priceToDecimal).map((d) => parseLadderPrice(d))).toEqual([...LADDER]);
    expect(formatPrice(h(200))).toBe('2.00');
    expect(formatPrice(h(100000))).toBe('1000.00');
  });
});

describe('membership and parsing', () => {
  it.each([
    1.01, 1.99, 2, 2.02, 2.98, 3, 3.05, 4, 4.1, 6, 6.2, 10, 10.5, 20, 21, 30, 32, 50, 55, 100, 110, 1000,
  ])('accepts %s', (price) => {
    expect(isOnLadder(parseLadderPrice(price))).toBe(true);
    expect(parseLadderPrice(String(price))).toBe(Math.round(price * 100));
  });

  it.each([1, 1.0, 2.01, 2.99, 3.03, 3.01, 4.05, 6.1, 10.2, 20.5, 31, 52, 101, 1000.5, 1010, 0.5, -2])(
    'refuses off-ladder %s',
    (price) => {
      expect(() => parseLadderPrice(price)).toThrowError(ExchangeError);
    },
  );

  it('refuses more than two decimals and malformed text rather than rounding', () => {
    for (const bad of [
      1.005,
      2.001,
      1.1 * 1.1,
      Number.NaN,
      Infinity,
      '2.0.0',
      ' 2',
      '2e0',
      '+2',
      '',
      '1e3',
    ]) {
      expect(() => parseOdds(bad)).toThrowError(ExchangeError);
    }
    expect(() => parseLadderPrice(1.005)).toThrowError(/at most two decimals/);
    expect(() => parseLadderPrice(1000.5)).toThrowError(/not on the price ladder/);
  });

  it('parses bookmaker-style odds that need not be on the ladder', () => {
    expect(parseOdds(1.95)).toBe(195);
    expect(parseOdds('2.01')).toBe(201);
    expect(() => parseOdds(1)).toThrowError(/above 1.00/);
  });

  it('rejects non-integers and out-of-range values', () => {
    for (const bad of [101.5, 100, 0, -101, 100001, 100010, 201, 303]) expect(isOnLadder(bad)).toBe(false);
    expect(() => ladderIndex(201)).toThrowError(/2.01 \(201 hundredths\) is not on the price ladder/);
  });
});

describe('ticks', () => {
  it('steps across every band edge both ways', () => {
    const edges: Array<[number, number, number]> = [
      // [below, edge, above]
      [199, 200, 202],
      [298, 300, 305],
      [395, 400, 410],
      [590, 600, 620],
      [980, 1000, 1050],
      [1950, 2000, 2100],
      [2900, 3000, 3200],
      [4800, 5000, 5500],
      [9500, 10000, 11000],
    ];
    for (const [below, edge, above] of edges) {
      expect(nextTick(below)).toBe(edge);
      expect(nextTick(edge)).toBe(above);
      expect(previousTick(above)).toBe(edge);
      expect(previousTick(edge)).toBe(below);
    }
  });

  it('returns null past the ends', () => {
    expect(previousTick(101)).toBeNull();
    expect(nextTick(100000)).toBeNull();
    expect(nextTick(99000)).toBe(100000);
    expect(previousTick(102)).toBe(101);
    expect(nextTick(50)).toBe(101);
    expect(previousTick(200000)).toBe(100000);
  });

  it('moves an off-ladder price to the neighbouring ladder prices', () => {
    expect(nextTick(201)).toBe(202);
    expect(previousTick(201)).toBe(200);
    expect(nearestOnLadder(303, 'up')).toBe(305);
    expect(nearestOnLadder(303, 'down')).toBe(300);
    expect(nearestOnLadder(300, 'down')).toBe(300);
    expect(nearestOnLadder(100050, 'down')).toBe(100000);
    expect(nearestOnLadder(100050, 'up')).toBeNull();
    expect(nearestOnLadder(100, 'down')).toBeNull();
    expect(nearestOnLadder(100, 'up')).toBe(101);
    expect(houseRounding('back')).toBe('down');
    expect(houseRounding('lay')).toBe('up');
  });

  it('counts ticks with a sign', () => {
    expect(ticksBetween(101, 100000)).toBe(349);
    expect(ticksBetween(100000, 101)).toBe(-349);
    expect(ticksBetween(198, 202)).toBe(3);
    expect(ticksBetween(400, 400)).toBe(0);
    expect(() => ticksBetween(201, 300)).toThrowError(ExchangeError);
  });

  it('indexes every price', () => {
    LADDER.forEach((price, i) => {
      expect(ladderIndex(price)).toBe(i);
      expect(priceAtIndex(i)).toBe(price);
    });
    expect(priceAtIndex(-1)).toBeNull();
    expect(priceAtIndex(350)).toBeNull();
  });
});

describe('ladder properties', () => {
  it('next and previous are inverse on the ladder', () => {
    fc.assert(
      fc.property(ladderPrice, (p) => {
        const next = nextTick(p);
        if (next !== null) expect(previousTick(next)).toBe(p);
        const prev = previousTick(p);
        if (prev !== null) expect(nextTick(prev)).toBe(p);
        expect(next === null).toBe(p === MAX_PRICE);
        expect(prev === null).toBe(p === MIN_PRICE);
      }),
    );
  });

  it('ticksBetween is additive and agrees with stepping', () => {
    fc.assert(
      fc.property(ladderPrice, ladderPrice, ladderPrice, (a, b, c) => {
        expect(ticksBetween(a, b) + ticksBetween(b, c)).toBe(ticksBetween(a, c));
        expect(Math.sign(ticksBetween(a, b))).toBe(Math.sign(b - a));
      }),
    );
    fc.assert(
      fc.property(ladderPrice, fc.integer({ min: 0, max: 20 }), (p, n) => {
        let q: Hundredths | null = p;
        for (let i = 0; i < n && q !== null; i++) q = nextTick(q);
        if (q !== null) expect(ticksBetween(p, q)).toBe(n);
      }),
    );
  });

  it('nearestOnLadder brackets any price by adjacent ladder prices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100000 }), (x) => {
        const down = nearestOnLadder(x, 'down');
        const up = nearestOnLadder(x, 'up');
        expect(down).not.toBeNull();
        expect(up).not.toBeNull();
        expect(down as number).toBeLessThanOrEqual(x);
        expect(up as number).toBeGreaterThanOrEqual(x);
        if (isOnLadder(x)) expect([down, up]).toEqual([x, x]);
        else expect(ticksBetween(down as number, up as number)).toBe(1);
      }),
    );
  });

  it('parses exactly what it prints', () => {
    fc.assert(
      fc.property(ladderPrice, (p) => {
        expect(parseLadderPrice(formatPrice(p))).toBe(p);
        expect(parseLadderPrice(priceToDecimal(p))).toBe(p);
      }),
    );
  });
});
