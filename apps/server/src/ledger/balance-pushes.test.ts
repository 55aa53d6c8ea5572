import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BalancePushes } from './balance-pushes';

describe('BalancePushes', () => {
  let calls: number[];
  let pushes: BalancePushes;
  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    pushes = new BalancePushes(
      async (userId) => void calls.push(userId),
      () => undefined,
      250,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('pushes the first change at once', () => {
    pushes.changed(1);
    expect(calls).toEqual([1]);
  });

  it('pushes changes within the window once, at its end, and never drops the last one', () => {
    pushes.changed(1);
    pushes.changed(1);
    pushes.changed(1);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(249);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 1]);
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([1, 1]);
  });

  it('keeps users apart', () => {
    pushes.changed(1);
    pushes.changed(2);
    expect(calls).toEqual([1, 2]);
  });

  it('a change after a quiet window is pushed at once again', () => {
    pushes.changed(1);
    vi.advanceTimersByTime(300);
    pushes.changed(1);
    expect(calls).toEqual([1, 1]);
  });
});
