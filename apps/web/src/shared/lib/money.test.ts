import { describe, expect, it } from 'vitest';
import { paise } from '@backlay/exchange';
import { formatMoney } from './money';

/** How the screens printed rupees before money was parsed into paise. */
const before = {
  exact: (rupees: number) =>
    new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees),
  plain: (rupees: number) => rupees.toLocaleString('en-IN'),
  whole: (rupees: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(rupees),
  digits: (rupees: number) => String(rupees),
};

describe('formatMoney: paise on screen as the rupees players saw before', () => {
  it('prints the figures of the header, statements, slips and limits', () => {
    expect(formatMoney(paise(1_500_000))).toBe('15,000.00');
    expect(formatMoney(paise(10_000_000_00))).toBe('1,00,00,000.00');
    expect(formatMoney(paise(1999))).toBe('19.99');
    expect(formatMoney(paise(-20_050))).toBe('-200.50');
    expect(formatMoney(paise(0))).toBe('0.00');
    expect(formatMoney(paise(50_000_000), 'plain')).toBe('5,00,000');
    expect(formatMoney(paise(1250), 'plain')).toBe('12.5');
    expect(formatMoney(paise(50_000_000), 'whole')).toBe('5,00,000');
    expect(formatMoney(paise(10_000), 'digits')).toBe('100');
    expect(formatMoney(paise(50_000_000), 'digits')).toBe('500000');
  });

  it('matches the old rupee formatting for every style over a spread of amounts', () => {
    const amounts = [
      0, 1, 5, 10, 99, 100, 101, 1050, 99_999, 100_000, 123_456_789, 10_000_000_00, -1, -123_456,
    ];
    for (let p = -50_000; p <= 50_000; p += 997) amounts.push(p);
    for (const p of amounts) {
      const rupees = p / 100;
      expect(formatMoney(paise(p))).toBe(before.exact(rupees));
      expect(formatMoney(paise(p), 'plain')).toBe(before.plain(rupees));
      expect(formatMoney(paise(p), 'digits')).toBe(before.digits(rupees));
      if (Number.isInteger(rupees)) expect(formatMoney(paise(p), 'whole')).toBe(before.whole(rupees));
    }
  });

  it('shortens sizes and limits with Indian units', () => {
    expect(formatMoney(paise(85_000), 'short')).toBe('850');
    expect(formatMoney(paise(120_000), 'short')).toBe('1.2K');
    expect(formatMoney(paise(1_200_000), 'short')).toBe('12K');
    expect(formatMoney(paise(15_000_000), 'short')).toBe('1.5L');
    expect(formatMoney(paise(2_300_000_000), 'short')).toBe('2.3Cr');
    expect(formatMoney(paise(230_000_000), 'short')).toBe('23L');
    expect(formatMoney(paise(150_025), 'short')).toBe('1.5K');
  });
});
