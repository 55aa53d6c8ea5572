import { describe, expect, it } from 'vitest';
import { priceLabel, priceLabeller } from './price-label';

describe('a price cell’s name', () => {
  it('made once per cell reads as priceLabel does, for odds with money and for a fancy line', () => {
    const odds = priceLabeller('back', 'India', 'size');
    expect(odds('1.5', '1.2K')).toBe(priceLabel('back', 'India', '1.5', undefined, '1.2K'));
    expect(odds('2.02', '850')).toBe('back India at 2.02, 850');
    expect(odds(null, '')).toBe(priceLabel('back', 'India', null));
    const line = priceLabeller('yes', '6 over runs', 'rate');
    expect(line('45', '100')).toBe(priceLabel('yes', '6 over runs', '45', '100'));
  });

  it('keeps a name that holds the stand-in characters’ neighbours as they are', () => {
    const odds = priceLabeller('lay', 'A, B & C {x}', 'size');
    expect(odds('3', '1K')).toBe('lay A, B & C {x} at 3, 1K');
  });
});
