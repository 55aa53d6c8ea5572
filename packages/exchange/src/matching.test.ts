import { describe, expect, it } from 'vitest';
import { executionPrice } from './matching';

describe('executionPrice: best execution', () => {
  it('a back is matched at the best back offered when it is at least the price asked', () => {
    expect(executionPrice('back', 109, 112)).toBe(112);
    expect(executionPrice('back', 198, 200)).toBe(200);
    expect(executionPrice('back', 200, 200)).toBe(200);
  });

  it('a lay is matched at the best lay offered when it is at most the price asked', () => {
    expect(executionPrice('lay', 184, 180)).toBe(180);
    expect(executionPrice('lay', 180, 180)).toBe(180);
  });

  it('a worse price offered than asked is no match (odds changed)', () => {
    expect(executionPrice('back', 202, 200)).toBeNull();
    expect(executionPrice('lay', 178, 180)).toBeNull();
    expect(executionPrice('back', 200, undefined)).toBeNull();
  });

  it('bookmaker rates follow the same rule (a higher back rate, a lower lay rate)', () => {
    expect(executionPrice('back', 85, 90)).toBe(90);
    expect(executionPrice('lay', 100, 95)).toBe(95);
    expect(executionPrice('back', 95, 90)).toBeNull();
  });

  it('acceptAnyOdds takes the best offered, better or worse', () => {
    expect(executionPrice('back', 250, 200, true)).toBe(200);
    expect(executionPrice('lay', 150, 180, true)).toBe(180);
    expect(executionPrice('lay', 150, undefined, true)).toBeNull();
  });
});
