import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { useSession } from './session-store';
import {
  IDLE_AFTER_MS,
  RENEW_BEFORE_MS,
  TOKEN_RAN_OUT_MESSAGE,
  useSessionRenewal,
} from './use-session-renewal';

const FIFTEEN_MINUTES = 15 * 60_000;
const operator = { userName: 'finance_op', role: 'finance' as const, domainId: 1 };
const renewed = ok({ accessToken: 'token-renewed', expireInSeconds: 900, operator });

describe('the session renewal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    useSession
      .getState()
      .signIn({ accessToken: 'token-first', expiresAt: Date.now() + FIFTEEN_MINUTES, operator });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSession.getState().signOut();
  });

  it('renews a working operator a minute before the token runs out, and keeps renewing', async () => {
    const server = fakeServer({ 'POST /admin/auth/refresh': renewed });
    renderHook(() => useSessionRenewal());
    await act(() => vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES - RENEW_BEFORE_MS - 1_000));
    expect(server.calls('POST /admin/auth/refresh')).toHaveLength(0);
    // The operator works on.
    window.dispatchEvent(new Event('pointerdown'));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const [first] = server.calls('POST /admin/auth/refresh');
    expect(first?.authorization).toBe('Bearer token-first');
    expect(useSession.getState().session?.accessToken).toBe('token-renewed');
    // Fifteen minutes from the renewal, a second ago.
    expect(useSession.getState().session?.expiresAt).toBe(Date.now() - 1_000 + FIFTEEN_MINUTES);
    // Still there past the first token's end, and renewed again while still at work.
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    window.dispatchEvent(new Event('keydown'));
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 - RENEW_BEFORE_MS));
    expect(server.calls('POST /admin/auth/refresh')).toHaveLength(2);
    expect(useSession.getState().session).not.toBeNull();
  });

  it('lets an unattended console sign out when the token runs out, without renewing it', async () => {
    const server = fakeServer({ 'POST /admin/auth/refresh': renewed });
    renderHook(() => useSessionRenewal());
    expect(IDLE_AFTER_MS).toBeLessThan(FIFTEEN_MINUTES - RENEW_BEFORE_MS);
    await act(() => vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES));
    expect(server.calls('POST /admin/auth/refresh')).toHaveLength(0);
    expect(useSession.getState().session).toBeNull();
    expect(useSession.getState().endedBecause).toBe(TOKEN_RAN_OUT_MESSAGE);
  });

  it('ends the session when the token runs out if the server refuses to renew it', async () => {
    const server = fakeServer({
      'POST /admin/auth/refresh': refused(401, 'TOKEN_EXPIRED', 'Your operator session is over (12 hours).'),
    });
    renderHook(() => useSessionRenewal());
    await act(() => vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES - RENEW_BEFORE_MS - 1_000));
    window.dispatchEvent(new Event('pointerdown'));
    await act(() => vi.advanceTimersByTimeAsync(RENEW_BEFORE_MS + 1_000));
    expect(server.calls('POST /admin/auth/refresh')).toHaveLength(1);
    expect(useSession.getState().session).toBeNull();
  });
});
