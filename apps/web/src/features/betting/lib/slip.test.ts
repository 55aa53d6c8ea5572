import { describe, expect, it } from 'vitest';
import {
  betLiability,
  betPotentialProfit,
  bookmakerBet,
  fancyBook,
  parseOdds,
  wholeRupees,
  ZERO_PAISE,
} from '@backlay/exchange';
import { BET_TYPES, PlaceBetInputSchema } from '@backlay/contract';
import { z } from 'zod';
import type { PriceSelection } from '@/shared/market/selection';
import { priceSelection } from '@/shared/market/testing';
import {
  newRequestId,
  placeBetBody,
  previewOf,
  readStake,
  snapTypedOdds,
  stakeLimitMessage,
  tickDown,
  tickUp,
} from './slip';

/** India v Bangladesh's match odds at 2.00, a 5 s bet delay. */
function selection(over: Partial<PriceSelection>): PriceSelection {
  return priceSelection({ eventTitle: 'India v Bangladesh', rate: 2, betDelayMs: 5000, ...over });
}

describe('slip previews agree with @backlay/exchange', () => {
  it('back ₹1000 @ 2.00: profit ₹1000, liability ₹1000', () => {
    const p = previewOf(selection({ side: 'back' }), 2, wholeRupees(1000));
    expect(p).toEqual({ profitPaise: 100000, liabilityPaise: 100000 });
  });

  it('lay ₹500 @ 1.80: profit ₹500, liability ₹400 (the math page example)', () => {
    const p = previewOf(selection({ side: 'lay' }), 1.8, wholeRupees(500));
    expect(p).toEqual({ profitPaise: 50000, liabilityPaise: 40000 });
  });

  it('back and lay at awkward prices match the package to the paisa', () => {
    for (const price of [1.01, 1.37, 2.02, 3.45, 7.8, 19.5, 38, 990]) {
      for (const stake of [100, 333, 4999]) {
        for (const side of ['back', 'lay'] as const) {
          const bet = { side, runnerId: 11, price: parseOdds(price), stakePaise: wholeRupees(stake) };
          expect(previewOf(selection({ side }), price, wholeRupees(stake))).toEqual({
            profitPaise: betPotentialProfit(bet),
            liabilityPaise: betLiability(bet),
          });
        }
      }
    }
  });

  it('bookmaker rates are odds 1 + r/100', () => {
    const sel = selection({ marketType: 'BOOKMAKER', side: 'lay' });
    const bet = bookmakerBet('lay', 11, 95, wholeRupees(1000));
    expect(previewOf(sel, 95, wholeRupees(1000))).toEqual({
      profitPaise: betPotentialProfit(bet),
      liabilityPaise: betLiability(bet),
    });
    expect(previewOf(sel, 95, wholeRupees(1000))?.liabilityPaise).toBe(95000);
  });

  it('fancy YES wins stake·r/100 and risks the stake; NO wins the stake and risks stake·r/100', () => {
    const yes = selection({ marketType: 'FANCY', side: 'yes', runnerId: null, fancyValue: 83 });
    const no = selection({ marketType: 'FANCY', side: 'no', runnerId: null, fancyValue: 82 });
    expect(previewOf(yes, 90, wholeRupees(1000))).toEqual({ profitPaise: 90000, liabilityPaise: 100000 });
    expect(previewOf(no, 110, wholeRupees(1000))).toEqual({ profitPaise: 100000, liabilityPaise: 110000 });
    // The book of one NO bet: below the line the stake is won, from the line the rate is lost.
    const book = fancyBook([{ side: 'no', line: 82, rate: 110, stakePaise: wholeRupees(1000) }]);
    expect(book.map((b) => b.pnl)).toEqual([100000, -110000]);
  });

  it('shows nothing until the stake is a whole positive number', () => {
    expect(previewOf(selection({}), 2, null)).toBeNull();
    expect(previewOf(selection({}), 2, ZERO_PAISE)).toBeNull();
    // A fraction of a rupee never becomes a stake: the field's edge refuses it.
    expect(readStake('10.5')).not.toHaveProperty('stake');
  });
});

describe('ticks', () => {
  it('follow the ladder across band edges', () => {
    expect(tickUp('MATCH_ODDS', 1.99)).toBe(2);
    expect(tickUp('MATCH_ODDS', 2)).toBe(2.02);
    expect(tickDown('MATCH_ODDS', 2)).toBe(1.99);
    expect(tickDown('MATCH_ODDS', 3)).toBe(2.98);
    expect(tickUp('MATCH_ODDS', 3)).toBe(3.05);
    expect(tickUp('WIN', 10)).toBe(10.5);
    expect(tickDown('OVER_UNDER', 100)).toBe(95);
  });
  it('stop at the ends of the ladder', () => {
    expect(tickDown('MATCH_ODDS', 1.01)).toBeNull();
    expect(tickUp('MATCH_ODDS', 1000)).toBeNull();
  });
  it('move rates by one', () => {
    expect(tickUp('BOOKMAKER', 95)).toBe(96);
    expect(tickDown('TOSS', 95)).toBe(94);
    expect(tickDown('BOOKMAKER', 1)).toBeNull();
  });
});

describe('stake validation', () => {
  it('says what is wrong with the typed stake', () => {
    expect(readStake('')).toEqual({ error: 'Enter a stake' });
    expect(readStake('-50')).toEqual({ error: 'The stake must be more than zero' });
    expect(readStake('0')).toEqual({ error: 'The stake must be more than zero' });
    expect(readStake('10.5')).toEqual({ error: 'Stakes are whole rupees' });
    expect(readStake('abc')).toEqual({ error: 'Enter the stake in rupees, digits only' });
    expect(readStake('1e5')).toEqual({ error: 'Enter the stake in rupees, digits only' });
    expect(readStake('99999999999999999999')).toEqual({ error: 'The stake is too large' });
    // A safe integer, but more rupees than money can hold in paise.
    expect(readStake('99999999999999')).toEqual({ error: 'The stake is too large' });
    // The form's edge: whole rupees typed, paise out.
    expect(readStake(' 500 ')).toEqual({ stake: 50_000 });
  });
  it('names the market limits', () => {
    const [min, max] = [wholeRupees(100), wholeRupees(500000)];
    expect(stakeLimitMessage(wholeRupees(50), min, max)).toBe('Minimum stake is ₹100');
    expect(stakeLimitMessage(wholeRupees(600000), min, max)).toBe('Maximum stake is ₹5,00,000');
    expect(stakeLimitMessage(wholeRupees(100), min, max)).toBeNull();
  });
});

describe('the PlaceBetV2 body', () => {
  it('carries the V1 fields and a dashless requestId', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const body = placeBetBody(selection({ side: 'lay' }), 1.8, wholeRupees(500), id);
    expect(body).toMatchObject({
      requestId: id,
      type: BET_TYPES.lay,
      rate: 1.8,
      stake: 50_000,
      runnerId: 11,
      fancyValue: null,
      marketId: '1.7001',
      eventId: 7,
    });
    // The HTTP client encodes it: the wire carries whole rupees, as before.
    const wire = z.encode(PlaceBetInputSchema, {
      ...body,
      acceptAnyOdds: false,
      persistence: 'cancel',
      cashOut: false,
    });
    expect(wire).toMatchObject({ stake: 500, rate: 1.8, requestId: id });
  });
  it('sends the line and no runner for fancy', () => {
    const sel = selection({ marketType: 'FANCY', side: 'no', runnerId: null, fancyValue: 82 });
    expect(placeBetBody(sel, 100, wholeRupees(200), 'abcdefgh12')).toMatchObject({
      type: 4,
      fancyValue: 82,
      runnerId: null,
    });
  });
});

describe('typed odds', () => {
  const ladder = (side: PriceSelection['side'], text: string) => snapTypedOdds('MATCH_ODDS', side, text);
  it('keeps a ladder price as typed, in any spelling', () => {
    expect(ladder('back', '2.1')).toEqual({ rate: 2.1 });
    expect(ladder('back', '2.10')).toEqual({ rate: 2.1 });
    expect(ladder('back', ' 3,5 ')).toEqual({ rate: 3.5 });
    expect(ladder('lay', '120')).toEqual({ rate: 120 });
  });
  it('puts an off-ladder price on the nearest ladder price, in every band', () => {
    // 2-3 steps by 0.02, 3-4 by 0.05, 4-6 by 0.1, 10-20 by 0.5, 100-1000 by 10.
    expect(ladder('back', '2.034')).toEqual({ rate: 2.04 });
    expect(ladder('back', '3.12')).toEqual({ rate: 3.1 });
    expect(ladder('back', '3.13')).toEqual({ rate: 3.15 });
    expect(ladder('back', '4.44')).toEqual({ rate: 4.4 });
    expect(ladder('back', '12.7')).toEqual({ rate: 12.5 });
    expect(ladder('back', '12.8')).toEqual({ rate: 13 });
    expect(ladder('lay', '104')).toEqual({ rate: 100 });
    expect(ladder('lay', '1.011')).toEqual({ rate: 1.01 });
  });
  it("breaks a tie the house's way: down for a back, up for a lay", () => {
    expect(ladder('back', '2.03')).toEqual({ rate: 2.02 });
    expect(ladder('lay', '2.03')).toEqual({ rate: 2.04 });
    expect(ladder('back', '3.025')).toEqual({ rate: 3 });
    expect(ladder('lay', '3.025')).toEqual({ rate: 3.05 });
  });
  it('stops at the ends of the ladder and refuses what is not odds', () => {
    expect(ladder('back', '1.001')).toEqual({ rate: 1.01 });
    expect(ladder('back', '5000')).toEqual({ rate: 1000 });
    expect(ladder('back', '1')).toEqual({ error: 'Odds must be above 1.00' });
    expect(ladder('back', '0.5')).toEqual({ error: 'Odds must be above 1.00' });
    for (const bad of ['', 'abc', '2.1.1', '-2', '.']) {
      expect(ladder('back', bad)).toEqual({ error: 'Type the odds as a number' });
    }
  });
  it('rounds a bookmaker rate to a whole rate of 1 or more', () => {
    expect(snapTypedOdds('BOOKMAKER', 'back', '85.4')).toEqual({ rate: 85 });
    expect(snapTypedOdds('BOOKMAKER', 'lay', '85.5')).toEqual({ rate: 86 });
    expect(snapTypedOdds('BOOKMAKER', 'back', '0.2')).toEqual({ error: 'The rate must be 1 or more' });
  });
});

describe('the order options in the body', () => {
  it('sends accept-any-odds, and the persistence only for exchange markets', () => {
    const options = { acceptAnyOdds: true, persistence: 'keep' } as const;
    expect(placeBetBody(selection({}), 2, wholeRupees(100), 'abcdefgh12', options)).toMatchObject(options);
    const bookmaker = placeBetBody(
      selection({ marketType: 'BOOKMAKER' }),
      85,
      wholeRupees(100),
      'abcdefgh12',
      options,
    );
    expect(bookmaker.acceptAnyOdds).toBe(true);
    expect(bookmaker).not.toHaveProperty('persistence');
    // Without options: the defaults, as before.
    expect(placeBetBody(selection({}), 2, wholeRupees(100), 'abcdefgh12')).toMatchObject({
      acceptAnyOdds: false,
      persistence: 'cancel',
    });
  });
});
