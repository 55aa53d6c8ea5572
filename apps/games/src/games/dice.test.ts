import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floats } from '../fair/floats';
import { clientSeedArb, floatArb, nonceArb, serverSeedArb } from '../fair/test-arbitraries';
import { dice, diceFromFloat, quote, TOTAL_ROLLS, type DiceBet, type DiceDirection } from './dice';
import type { Paise } from './money';
import { band, errorCode, rounds, SERVER } from './test-support';

const diceBet = (direction: DiceDirection, target: number, stake = 10_000, id = 'b'): DiceBet => ({
  id,
  direction,
  target,
  stake: stake as Paise,
});
const targetArb = fc.oneof(
  fc.tuple(fc.constant('under' as const), fc.integer({ min: 100, max: 9_800 })),
  fc.tuple(fc.constant('over' as const), fc.integer({ min: 200, max: 9_900 })),
);

describe('Dice: the roll', () => {
  it('known answer: SERVER/backlay/1 rolls 69.18 (floor(0xb117f8fa × 10001 / 2^32) = 6918)', () => {
    expect(dice.outcome(floats(SERVER, 'backlay', 1, dice.floatsPerRound))).toEqual({ roll: 6_918 });
    expect(Number((0xb117f8fan * 10_001n) >> 32n)).toBe(6_918);
  });

  it('covers 0.00 to 100.00 and nothing else', () => {
    expect(diceFromFloat(0).roll).toBe(0);
    expect(diceFromFloat(1 - 2 ** -32).roll).toBe(10_000);
    fc.assert(
      fc.property(floatArb, (f) => {
        const { roll } = diceFromFloat(f);
        expect(Number.isInteger(roll) && roll >= 0 && roll <= 10_000).toBe(true);
      }),
    );
  });
});

describe('Dice: multipliers', () => {
  it('0.99 × 10001 / winning rolls, floored to 4 decimals', () => {
    expect(quote('under', 5_000)).toEqual({
      winningRolls: 5_000,
      totalRolls: 10_001,
      multiplier: 19_801,
      multiplierText: '1.9801',
    });
    expect(quote('over', 5_000)).toMatchObject({ winningRolls: 5_000, multiplier: 19_801 });
    expect(quote('under', 100)).toMatchObject({
      winningRolls: 100,
      multiplier: 990_099,
      multiplierText: '99.0099',
    });
    expect(quote('over', 200)).toMatchObject({
      winningRolls: 9_800,
      multiplier: 10_103,
      multiplierText: '1.0103',
    });
    expect(quote('under', 2_500)).toMatchObject({ multiplier: 39_603 }); // 99009900 / 2500 = 39603.96
  });

  it('refuses targets beyond the limits, fractions and unknown directions', () => {
    for (const [direction, target] of [
      ['under', 99],
      ['under', 9_801],
      ['over', 199],
      ['over', 9_901],
      ['over', 0],
      ['under', 10_000],
    ] as const) {
      expect(
        errorCode(() => quote(direction, target)),
        `${direction} ${target}`,
      ).toBe('INVALID_TARGET');
    }
    expect(
      errorCode(() => dice.validateBet({ id: 'b', stake: 10_000, direction: 'under', target: 50.5 })),
    ).toBe('INVALID_TARGET');
    expect(
      errorCode(() => dice.validateBet({ id: 'b', stake: 10_000, direction: 'sideways', target: 5_000 })),
    ).toBe('INVALID_BET');
    expect(errorCode(() => dice.validateBet({ id: 'b', stake: 0, direction: 'under', target: 5_000 }))).toBe(
      'INVALID_STAKE',
    );
    expect(errorCode(() => dice.validateBet(diceBet('under', 100)))).toBeUndefined();
    expect(errorCode(() => dice.settle([diceBet('under', 100), diceBet('over', 9_000)], { roll: 0 }))).toBe(
      'INVALID_BET',
    );
  });
});

describe('Dice: settlement in paise', () => {
  it('under wins strictly below the target, over strictly above; a roll on the target loses', () => {
    const settle = (direction: DiceDirection, target: number, roll: number) =>
      dice.settle([diceBet(direction, target)], { roll })[0]!;
    expect(settle('under', 5_000, 4_999)).toMatchObject({ status: 'won', payout: 19_801, net: 9_801 });
    expect(settle('under', 5_000, 5_000)).toMatchObject({ status: 'lost', payout: 0, net: -10_000 });
    expect(settle('over', 5_000, 5_000)).toMatchObject({ status: 'lost', payout: 0 });
    expect(settle('over', 5_000, 5_001)).toMatchObject({ status: 'won', payout: 19_801 });
    // ₹10.01 at 1.9801×: 1982.0801 paise → 1982.
    expect(dice.settle([diceBet('under', 5_000, 1_001)], { roll: 0 })[0]!.payout).toBe(1_982);
  });

  it('every valid target returns between 98.99% and 99% exactly over the 10,001 rolls', () => {
    fc.assert(
      fc.property(targetArb, ([direction, target]) => {
        // Every winning roll pays the same amount, so the return over all rolls is wins × that payout.
        const win = dice.settle([diceBet(direction, target)], {
          roll: direction === 'under' ? 0 : 10_000,
        })[0]!;
        const returned = quote(direction, target).winningRolls * win.payout;
        const rtp = returned / (TOTAL_ROLLS * 10_000);
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.9899);
      }),
      { numRuns: 300 },
    );
  });

  it('counts the winning rolls it claims', () => {
    for (const [direction, target] of [
      ['under', 100],
      ['under', 7_777],
      ['over', 200],
      ['over', 9_900],
    ] as const) {
      let wins = 0;
      for (let roll = 0; roll < TOTAL_ROLLS; roll += 1) {
        if (dice.settle([diceBet(direction, target)], { roll })[0]!.status === 'won') wins += 1;
      }
      expect(wins, `${direction} ${target}`).toBe(quote(direction, target).winningRolls);
    }
  });

  it('any bet and roll: payout whole, never negative, loss never beyond the stake', () => {
    fc.assert(
      fc.property(
        targetArb,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        ([d, t], roll, stake) => {
          const r = dice.settle([diceBet(d, t, stake)], { roll })[0]!;
          expect(Number.isSafeInteger(r.payout) && r.payout >= 0 && r.net >= -stake).toBe(true);
        },
      ),
    );
  });

  it('the return over many seeded rolls sits in the band of the 1% edge', () => {
    const n = 5_000;
    const { low, high } = band(
      [
        [5_000 / 10_001, 1.9801],
        [5_001 / 10_001, 0],
      ],
      n,
    );
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, (s, c, from) => {
        let returned = 0;
        for (const o of rounds(dice, s, c, from, n))
          returned += dice.settle([diceBet('over', 5_000, 100)], o)[0]!.payout;
        expect(returned / (n * 100)).toBeGreaterThan(low);
        expect(returned / (n * 100)).toBeLessThan(high);
      }),
      { numRuns: 3 },
    );
  });
});
