import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/shared/lib/date';
import { renderPage } from '@/shared/http/testing';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { fakeRgApi } from '../testing/fake-rg-api';
import { PlayRestrictionBanner } from './PlayRestrictionBanner';

vi.mock('@/shared/http/api', async () => {
  const { fakeRgApi: fake } = await import('../testing/fake-rg-api');
  return { call: (...args: Parameters<typeof fake.call>) => fake.call(...args) };
});

const HOUR = 3_600_000;
const show = () => renderPage('/inplay', <PlayRestrictionBanner />);
const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('PlayRestrictionBanner', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ userName: 'ravi', username: 'ravi', isDemo: false }));
    fakeRgApi.reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('tells a player in a time-out until when, and that withdrawing stays possible', async () => {
    const until = later(20);
    fakeRgApi.timeOutUntil = until;
    show();
    const banner = await screen.findByTestId('play-restriction-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(
      within(banner).getByText(
        `You are taking a time-out until ${formatDateTime(until)}. You can still withdraw.`,
      ),
    ).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Go to Withdrawal' }).getAttribute('href')).toBe(
      '/withdrawal',
    );
  });

  it('says self-exclusion when both are in force', async () => {
    const until = later(24 * 200);
    fakeRgApi.timeOutUntil = later(30);
    fakeRgApi.selfExcludedUntil = until;
    show();
    const banner = await screen.findByTestId('play-restriction-banner');
    expect(banner.textContent).toContain(
      `You have excluded yourself from play until ${formatDateTime(until)}. You can still withdraw.`,
    );
    expect(banner.textContent).not.toContain('time-out');
  });

  it('shows nothing to a player free to play, nor to a visitor', async () => {
    show();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeRgApi.calls.map((c) => c.key)).toEqual(['getResponsibleGaming']);
    expect(screen.queryByTestId('play-restriction-banner')).toBeNull();
    cleanup();

    fakeRgApi.timeOutUntil = later(5);
    fakeRgApi.calls.length = 0;
    window.localStorage.removeItem('accessToken');
    useSessionStore.getState().setUser(null);
    show();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeRgApi.calls).toEqual([]);
    expect(screen.queryByTestId('play-restriction-banner')).toBeNull();
  });

  it('goes by itself when the time-out ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeRgApi.timeOutUntil = later(2);
    show();
    expect(await screen.findByTestId('play-restriction-banner')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2 * HOUR - 60_000));
    expect(screen.getByTestId('play-restriction-banner')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.queryByTestId('play-restriction-banner')).toBeNull();
  });
});
