import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIFETIMES, useSessionLifetimes } from '@/shared/session/session-lifetimes';
import { InactivityOverlay } from './InactivityOverlay';

describe('the inactivity overlay follows the server’s GetSettingExpiry answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useSessionLifetimes.setState({ ...DEFAULT_LIFETIMES });
  });

  it('prompts after the 9 minutes of section 9 until the server says otherwise', () => {
    render(<InactivityOverlay />);
    act(() => vi.advanceTimersByTime(9 * 60_000 - 1));
    expect(screen.queryByText('Are you still active?')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Are you still active?')).toBeTruthy();
  });

  it("prompts after the server's inactivityPromptSeconds and hides after its answer window", () => {
    render(<InactivityOverlay />);
    act(() => useSessionLifetimes.setState({ inactivityPromptMs: 5 * 60_000, inactivityAnswerMs: 20_000 }));
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(screen.getByText('Are you still active?')).toBeTruthy();
    act(() => vi.advanceTimersByTime(19_999));
    expect(screen.getByText('Are you still active?')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Are you still active?')).toBeNull();
  });
});
