import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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

  it('by keyboard: the focus goes to Yes and stays there, Escape answers, and the focus goes back', () => {
    render(
      <>
        <button type="button">Place bet</button>
        <InactivityOverlay />
      </>,
    );
    const before = screen.getByRole('button', { name: 'Place bet' });
    before.focus();
    act(() => vi.advanceTimersByTime(9 * 60_000));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still active?' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(document.activeElement).toBe(yes);
    // Tab and Shift+Tab have nowhere else to go.
    fireEvent.keyDown(yes, { key: 'Tab' });
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(yes, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(yes, { key: 'Escape' });
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(before);
    // Answered: it asks again only after another idle spell.
    act(() => vi.advanceTimersByTime(9 * 60_000 - 1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
