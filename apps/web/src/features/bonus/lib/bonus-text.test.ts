import { describe, expect, it } from 'vitest';
import { PlayerBonusSchema } from '@backlay/contract';
import { wireBonus, type WireBonus } from '../testing/fake-bonus-api';
import { offerBasis, offerText, orderBonuses, plainTerms, timeLeft, wageringPercent } from './bonus-text';

const bonus = (over: Partial<WireBonus> & { id: number }) => PlayerBonusSchema.parse(wireBonus(over));

describe('bonus text', () => {
  it('heads an offer with its amount when known, else its percent and cap', () => {
    expect(offerText(bonus({ id: 1 }))).toBe('100% up to ₹5,000');
    expect(offerText(bonus({ id: 1, amount: 1234.5 }))).toBe('₹1,234.5');
    expect(offerBasis(bonus({ id: 1, amount: 1234.5 }))).toBe('100% up to ₹5,000');
    expect(offerText(bonus({ id: 2, percent: 12.5, maxAmount: 1000 }))).toBe('12.5% up to ₹1,000');
    expect(offerText(bonus({ id: 3, kind: 'Free', percent: null, amount: 100 }))).toBe('₹100');
    expect(offerBasis(bonus({ id: 3, kind: 'Free', percent: null, amount: 100 }))).toBeNull();
  });

  it('says each kind and the wagering in plain words', () => {
    expect(
      plainTerms(bonus({ id: 1, kind: 'Cashback', percent: 10, maxAmount: 1000, wageringMultiplier: 1 }))[0],
    ).toBe(
      '10% of your net losses on settled bets over the recent period, up to ₹1,000. Once a period, and only if you lost.',
    );
    expect(
      plainTerms(bonus({ id: 1, kind: 'Reload', percent: 25, maxAmount: 2000, minDeposit: 1000 }))[0],
    ).toBe('For a later deposit of at least ₹1,000: 25% of it, up to ₹2,000. Once for each deposit.');
    expect(plainTerms(bonus({ id: 1, amount: 1000, wageringMultiplier: 5, validDays: 1 }))[1]).toMatch(
      /^Bet 5× the bonus \(₹5,000\) within 1 day of claiming/,
    );
    const free = plainTerms(
      bonus({ id: 4, kind: 'Free', percent: null, amount: 100, wageringMultiplier: 0 }),
    );
    expect(free.slice(0, 2)).toEqual(['₹100 free, once.', 'No wagering: it is paid to your cash at once.']);
    expect(free.some((t) => t.includes('expires'))).toBe(false);
  });

  it('measures wagering within 0 to 100 percent', () => {
    expect(wageringPercent(bonus({ id: 1, wagered: 0, wageringRequired: 5000 }))).toBe(0);
    expect(wageringPercent(bonus({ id: 1, wagered: 2500, wageringRequired: 5000 }))).toBe(50);
    expect(wageringPercent(bonus({ id: 1, wagered: 6000, wageringRequired: 5000 }))).toBe(100);
  });

  it('counts time left in days, hours, minutes and seconds, and null once past', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(timeLeft(at((3 * 24 + 4) * 3_600_000 + 59_000), now)).toBe('3d 4h');
    expect(timeLeft(at(5 * 3_600_000 + 2 * 60_000), now)).toBe('5h 02m');
    expect(timeLeft(at(4 * 60_000 + 9_000), now)).toBe('4m 09s');
    expect(timeLeft(at(500), now)).toBe('0m 01s');
    expect(timeLeft(at(0), now)).toBeNull();
    expect(timeLeft(at(-1000), now)).toBeNull();
  });

  it('orders the active bonus, offers (claimable first) and the finished ones (newest first)', () => {
    const list = [
      bonus({ id: 1, status: 'Expired', userBonusId: 1, endedAt: '2026-11-01T00:00:00Z' }),
      bonus({ id: 2, claimable: false, reason: 'No' }),
      bonus({ id: 3, status: 'Active', userBonusId: 3 }),
      bonus({ id: 4 }),
      bonus({ id: 5, status: 'Completed', userBonusId: 5, endedAt: '2026-11-20T00:00:00Z' }),
    ];
    const o = orderBonuses(list);
    expect(o.active.map((b) => b.id)).toEqual([3]);
    expect(o.offers.map((b) => b.id)).toEqual([4, 2]);
    expect(o.history.map((b) => b.id)).toEqual([5, 1]);
  });
});
