import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InactivityWatcher } from './watcher';

describe('inactivity (section 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prompts after 9 idle minutes and, unanswered for 10 s, reports no answer', () => {
    const onPrompt = vi.fn();
    const onNoAnswer = vi.fn();
    const w = new InactivityWatcher({ onPrompt, onNoAnswer });
    w.start();
    vi.advanceTimersByTime(9 * 60_000 - 1);
    expect(onPrompt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(onNoAnswer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onNoAnswer).toHaveBeenCalledTimes(1);
    expect(w.isPrompting).toBe(false);
  });

  it('activity restarts the idle timer; activity during the prompt is not an answer', () => {
    const onPrompt = vi.fn();
    const onNoAnswer = vi.fn();
    const w = new InactivityWatcher({ onPrompt, onNoAnswer });
    w.start();
    vi.advanceTimersByTime(8 * 60_000);
    w.activity();
    vi.advanceTimersByTime(8 * 60_000);
    expect(onPrompt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    w.activity();
    vi.advanceTimersByTime(10_000);
    expect(onNoAnswer).toHaveBeenCalledTimes(1);
  });

  it('Yes clears the answer timer and restarts the idle timer', () => {
    const onPrompt = vi.fn();
    const onNoAnswer = vi.fn();
    const w = new InactivityWatcher({ onPrompt, onNoAnswer });
    w.start();
    vi.advanceTimersByTime(9 * 60_000);
    w.confirm();
    vi.advanceTimersByTime(60_000);
    expect(onNoAnswer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(8 * 60_000);
    expect(onPrompt).toHaveBeenCalledTimes(2);
  });
});
