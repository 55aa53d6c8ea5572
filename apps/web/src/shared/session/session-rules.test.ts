import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteKey } from '@backlay/contract';
import { bus } from '../events/bus';
import { AppError } from '../http/errors';
import { useSessionStore } from './session-store';

// The session's calls go through the HTTP client's front door; here they answer what each test says.
const answers: Partial<Record<RouteKey, (query: unknown) => unknown>> = {};
const calls: { key: RouteKey; query: unknown }[] = [];
vi.mock('../http/api', () => ({
  call: vi.fn(async (key: RouteKey, options: { query?: unknown } = {}) => {
    calls.push({ key, query: options.query });
    const answer = answers[key];
    if (!answer) throw new Error(`no answer for ${key}`);
    return answer(options.query);
  }),
}));

const {
  checkSession,
  confirmAccessToken,
  ensureFreshAccessToken,
  pendingRenewal,
  renewAccessToken,
  RENEW_RETRY_DELAYS_MS,
} = await import('./session-rules');

const NOW = Date.now();
const userinfo = {
  userId: 7,
  userName: 'player_one',
  username: 'player_one',
  isDemo: false,
  balance: 1500,
  exposure: 0,
  football: true,
  tennis: true,
  cricket: true,
  casinoToken: 'ct',
  domain: 'test',
};

/** A player signed in earlier: tokens, user info, open bets and P/L, balance, and the rest. */
function storeSession(expiry: number) {
  const set = (k: string, v: string) => window.localStorage.setItem(k, v);
  set('baseUrl', 'https://api.example.com');
  set('accessToken', 'access-old');
  set('refresh_token', 'refresh-1');
  set('userinfo', JSON.stringify(userinfo));
  set('expire_in', '900');
  set('expire_DateTime', String(expiry));
  set('OpenBets', JSON.stringify({ balance: 1500, exposure: 0, openBets: [] }));
  set('ProfitLoss', '[]');
  set('balance', '1500');
  set('exposure', '0');
  set('casino_is_empty', 'false');
  set('betslips', JSON.stringify({ stakes: [{ title: '100', value: 100 }], slip: null }));
  set('pins', '[12]');
  set('ip', JSON.stringify({ ip: '203.0.113.9' }));
  useSessionStore.getState().syncFromStorage();
}

const keys = () => Object.keys(window.localStorage).sort();
const refused = () =>
  new AppError({
    code: 'REFRESH_TOKEN_INVALID',
    message: 'Your session has expired. Please log in again.',
    status: 401,
    session: 'expired',
  });

describe('the reload rule with the refresh token (section 4)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    calls.length = 0;
    for (const key of Object.keys(answers)) delete answers[key as RouteKey];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a player back after the access token ran out, within the refresh token's life, stays signed in", async () => {
    storeSession(NOW - 20 * 60_000);
    const before = { ...window.localStorage };
    answers.refreshToken = () => ({ accessToken: 'access-new', expireInSeconds: 900 });
    const cleared = vi.fn();
    const off = bus.on('session:cleared', cleared);

    expect(checkSession()).toBe(false);
    // Nothing is cleared while the refresh token is being exchanged.
    expect(useSessionStore.getState().user?.userName).toBe('player_one');
    expect(await pendingRenewal()).toBe('renewed');
    off();

    expect(calls).toEqual([{ key: 'refreshToken', query: { refreshToken: 'refresh-1' } }]);
    // The rule now finds a valid expiry: the session stays, and only the token and its expiry changed.
    expect(checkSession()).toBe(true);
    expect(cleared).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user?.userName).toBe('player_one');
    const after = { ...window.localStorage };
    expect(after.accessToken).toBe('access-new');
    expect(Number(after.expire_DateTime)).toBeGreaterThan(Date.now() + 890_000);
    for (const key of Object.keys(before).filter((k) => !['accessToken', 'expire_DateTime'].includes(k)))
      expect(after[key], key).toBe(before[key]);
  });

  it('a refresh that brings a fresh casinoToken keeps it in the user info, and changes nothing else there', async () => {
    storeSession(NOW - 20 * 60_000);
    const before = JSON.parse(window.localStorage.getItem('userinfo') ?? '{}') as Record<string, unknown>;
    answers.refreshToken = () => ({
      accessToken: 'access-new',
      expireInSeconds: 900,
      casinoToken: 'casino-new',
    });
    expect(checkSession()).toBe(false);
    expect(await pendingRenewal()).toBe('renewed');
    const after = JSON.parse(window.localStorage.getItem('userinfo') ?? '{}') as Record<string, unknown>;
    expect(after).toEqual({ ...before, casinoToken: 'casino-new' });
    expect(useSessionStore.getState().user?.casinoToken).toBe('casino-new');
  });

  it('a refresh token that no longer works: the rule clears tokens, user info, open bets, P/L and balance, nothing else', async () => {
    storeSession(NOW - 25 * 60 * 60_000);
    answers.refreshToken = () => {
      throw refused();
    };
    const expired = vi.fn();
    const off = bus.on('session:expired', expired);
    checkSession();
    expect(await pendingRenewal()).toBe('refused');
    off();
    expect(keys()).toEqual(['baseUrl', 'betslips', 'ip', 'pins']);
    expect(useSessionStore.getState().user).toBeNull();
    // The reload rule, not a logout: the player stays where they were, slip and pins intact.
    expect(expired).not.toHaveBeenCalled();
  });

  it('no refresh token: the expired session is cleared at once, without a call', () => {
    storeSession(NOW - 1000);
    window.localStorage.removeItem('refresh_token');
    expect(checkSession()).toBe(false);
    expect(calls).toEqual([]);
    expect(keys()).toEqual(['baseUrl', 'betslips', 'ip', 'pins']);
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('a valid expiry keeps the session without a call', () => {
    storeSession(NOW + 10 * 60_000);
    expect(checkSession()).toBe(true);
    expect(calls).toEqual([]);
    expect(useSessionStore.getState().user?.userName).toBe('player_one');
  });

  it('a server that cannot be reached is tried again, then the rule clears the session', async () => {
    vi.useFakeTimers({ now: NOW });
    storeSession(NOW - 20 * 60_000);
    answers.refreshToken = () => {
      throw new AppError({ code: 'NETWORK', message: 'Please Check Your Network Connection...' });
    };
    checkSession();
    const outcome = pendingRenewal();
    for (const delay of RENEW_RETRY_DELAYS_MS) await vi.advanceTimersByTimeAsync(delay);
    expect(await outcome).toBe('unreachable');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1 + RENEW_RETRY_DELAYS_MS.length);
    expect(keys()).toEqual(['baseUrl', 'betslips', 'ip', 'pins']);
  });

  it('the network back on the second try keeps the session', async () => {
    vi.useFakeTimers({ now: NOW });
    storeSession(NOW - 20 * 60_000);
    let tries = 0;
    answers.refreshToken = () => {
      tries += 1;
      if (tries === 1)
        throw new AppError({ code: 'NETWORK', message: 'Please Check Your Network Connection...' });
      return { accessToken: 'access-new', expireInSeconds: 900 };
    };
    checkSession();
    const outcome = pendingRenewal();
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_DELAYS_MS[0] ?? 0);
    expect(await outcome).toBe('renewed');
    expect(window.localStorage.getItem('accessToken')).toBe('access-new');
  });

  it('calls that find the token expired wait for one exchange between them', async () => {
    storeSession(NOW - 60_000);
    let release: (v: unknown) => void = () => undefined;
    answers.refreshToken = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const waiting = [ensureFreshAccessToken(), ensureFreshAccessToken(), renewAccessToken()];
    release({ accessToken: 'access-new', expireInSeconds: 900 });
    expect(await Promise.all(waiting)).toEqual(['renewed', 'renewed', 'renewed']);
    expect(calls.filter((c) => c.key === 'refreshToken')).toHaveLength(1);
    // A fresh token needs no exchange.
    expect(ensureFreshAccessToken()).toBeNull();
  });

  it('a sign-out while the exchange is on its way: its answer is dropped', async () => {
    storeSession(NOW - 60_000);
    let release: (v: unknown) => void = () => undefined;
    answers.refreshToken = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const outcome = renewAccessToken();
    window.localStorage.clear();
    release({ accessToken: 'access-new', expireInSeconds: 900 });
    expect(await outcome).toBe('none');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('GetAccessTokenValidateTime: the server says how long the token has', () => {
  beforeEach(() => {
    window.localStorage.clear();
    calls.length = 0;
    for (const key of Object.keys(answers)) delete answers[key as RouteKey];
  });

  it("a valid token's expiry is set from the server's count (the phone's clock may be off)", async () => {
    // The phone thinks an hour is left; the server knows 120 seconds are.
    storeSession(NOW + 60 * 60_000);
    answers.getAccessTokenValidateTime = () => ({
      isValid: true,
      expireInSeconds: 120,
      expireDateTime: new Date(NOW + 120_000).toISOString(),
    });
    await confirmAccessToken();
    expect(calls).toEqual([{ key: 'getAccessTokenValidateTime', query: { accessToken: 'access-old' } }]);
    const expiry = Number(window.localStorage.getItem('expire_DateTime'));
    expect(expiry).toBeGreaterThan(Date.now() + 110_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it('a token the server no longer takes is renewed at once; a refused renewal clears the session', async () => {
    storeSession(NOW + 10 * 60_000);
    answers.getAccessTokenValidateTime = () => ({ isValid: false, expireInSeconds: 0, expireDateTime: null });
    answers.refreshToken = () => ({ accessToken: 'access-new', expireInSeconds: 900 });
    await confirmAccessToken();
    expect(calls.map((c) => c.key)).toEqual(['getAccessTokenValidateTime', 'refreshToken']);
    expect(window.localStorage.getItem('accessToken')).toBe('access-new');

    calls.length = 0;
    answers.refreshToken = () => {
      throw refused();
    };
    await confirmAccessToken();
    expect(calls.map((c) => c.key)).toEqual(['getAccessTokenValidateTime', 'refreshToken']);
    expect(keys()).toEqual(['baseUrl', 'betslips', 'ip', 'pins']);
  });

  it('no answer leaves the stored expiry as it is', async () => {
    storeSession(NOW + 10 * 60_000);
    answers.getAccessTokenValidateTime = () => {
      throw new AppError({ code: 'NETWORK', message: 'Please Check Your Network Connection...' });
    };
    await confirmAccessToken();
    expect(window.localStorage.getItem('expire_DateTime')).toBe(String(NOW + 10 * 60_000));
    expect(window.localStorage.getItem('accessToken')).toBe('access-old');
  });
});
