import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { paise } from '@backlay/exchange';
import { bus } from '../events/bus';
import { useLoadingStore } from '../stores/loading';
import { call, http, readStoredAnswer, storeAnswer } from './client';
import { AppError } from './errors';
import { abortPendingRequests } from './request-tracker';

const loginResult = {
  accessToken: 'a.b.c',
  refreshToken: 'r--1',
  expireInSeconds: 900,
  stakes: [],
  casinoToken: 'ct',
  domain: 'test',
  userId: 7,
  userName: 'player_one',
  isDemo: false,
  balance: 100,
  exposure: 0,
  football: true,
  tennis: true,
  cricket: true,
};

let seen: InternalAxiosRequestConfig[] = [];
function answer(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    }
    return response;
  };
}

describe('the HTTP client', () => {
  beforeEach(() => {
    seen = [];
    window.localStorage.clear();
  });
  afterEach(() => {
    http.defaults.adapter = undefined;
  });

  it('sends sign-in without a bearer, sanitises the body, and parses the result', async () => {
    window.localStorage.setItem('accessToken', 'stale-token');
    http.defaults.adapter = answer(200, { success: true, result: loginResult });
    const result = await call('authenticate', {
      body: { userNameOrEmailAddress: ' <b>player_one</b>; ', password: 'Passw0rd!', rememberClient: false },
    });
    expect(result.userName).toBe('player_one');
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.headers.get('Authorization')).toBeUndefined();
    expect(JSON.parse(config.data as string)).toMatchObject({ userNameOrEmailAddress: 'player_one' });
    expect(config.url).toBe(`${window.location.origin}/Account/Authenticate`);
  });

  it('adds the bearer to user calls and sanitises query parameters; the stored baseUrl wins', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    window.localStorage.setItem('baseUrl', 'https://api.example.com/');
    http.defaults.adapter = answer(200, { success: true, result: { totalCount: 0, items: [] } });
    await call('getUserLoginAttempts', { query: { Result: 'All', MaxResultCount: 10, SkipCount: 0 } });
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.headers.get('Authorization')).toBe('Bearer tok');
    expect(config.url).toBe('https://api.example.com/Account/GetUserLoginAttempts');
    expect(config.params).toEqual({ Result: 'All', MaxResultCount: 10, SkipCount: 0 });
  });

  it("sends a body's money as rupees and the rest as given; answers arrive as paise", async () => {
    // A signed-in call: the client sends none without a session.
    window.localStorage.setItem('accessToken', 'tok');
    http.defaults.adapter = answer(200, {
      success: true,
      result: {
        betId: 9,
        status: 'PARTIALLY_MATCHED',
        message: 'ok',
        matchedRate: 1.8,
        requestedRate: 1.8,
        matchedStake: 300,
        unmatchedStake: 200,
        fills: [{ betId: 9, rate: 1.8, stake: 300 }],
        balance: 14500.5,
        exposure: 400,
      },
    });
    const placed = await call('placeBetV2', {
      body: {
        requestId: 'abcdefgh12',
        type: 2,
        rate: 1.8,
        stake: paise(50_000),
        runnerId: 11,
        fancyValue: null,
        marketId: '1.7001',
        eventId: 7,
      },
    });
    expect(JSON.parse((seen[0] as InternalAxiosRequestConfig).data as string)).toEqual({
      requestId: 'abcdefgh12',
      type: 2,
      rate: 1.8,
      stake: 500,
      runnerId: 11,
      fancyValue: null,
      marketId: '1.7001',
      eventId: 7,
    });
    expect(placed).toMatchObject({
      balance: 1_450_050,
      exposure: 40_000,
      matchedStake: 30_000,
      unmatchedStake: 20_000,
      fills: [{ betId: 9, rate: 1.8, stake: 30_000 }],
    });
  });

  it('keeps a stored answer as the server sent it (rupees) and reads it back as paise', async () => {
    const openBets = { balance: paise(1_450_050), exposure: paise(40_000), openBets: [] };
    await storeAnswer('OpenBets', 'userOpenBets', openBets);
    expect(JSON.parse(window.localStorage.getItem('OpenBets') ?? 'null')).toEqual({
      balance: 14500.5,
      exposure: 400,
      openBets: [],
    });
    expect(await readStoredAnswer('OpenBets', 'userOpenBets')).toEqual(openBets);
    window.localStorage.setItem('OpenBets', '{"balance":"x"}');
    expect(await readStoredAnswer('OpenBets', 'userOpenBets')).toBeUndefined();
  });

  it('keeps tokens in queries intact', async () => {
    http.defaults.adapter = answer(200, { success: true, result: { accessToken: 'n', expireInSeconds: 60 } });
    await call('refreshToken', { query: { refreshToken: 'ab--cd;ef' } });
    expect((seen[0] as InternalAxiosRequestConfig).params).toEqual({ refreshToken: 'ab--cd;ef' });
  });

  it('strips HTML from answers before the schema reads them', async () => {
    http.defaults.adapter = answer(200, {
      success: true,
      result: { ...loginResult, userName: '<img src=x onerror=alert(1)>player_one' },
    });
    const result = await call('authenticate', { body: { userNameOrEmailAddress: 'p', password: 'x' } });
    expect(result.userName).toBe('player_one');
  });

  it('rejects an answer whose success is not true, and one the schema cannot read', async () => {
    // A signed-in call: the client sends none without a session.
    window.localStorage.setItem('accessToken', 'tok');
    http.defaults.adapter = answer(200, { success: false, result: 'Stake too low' });
    await expect(call('userStakeAdd', { body: [] })).rejects.toMatchObject({ message: 'Stake too low' });
    http.defaults.adapter = answer(200, { success: true, result: { unexpected: true } });
    await expect(call('getUserLoginAttempts', { query: {} })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('an HTTP 401 clears the session keys and announces it; a wrong password does not', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    window.localStorage.setItem('userinfo', '{}');
    window.localStorage.setItem('pins', '[1]');
    const unauthorized = vi.fn();
    const off = bus.on('session:unauthorized', unauthorized);
    http.defaults.adapter = answer(401, {
      success: false,
      result: null,
      error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' },
    });
    await expect(
      call('changePassword', { body: { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' } }),
    ).rejects.toBeInstanceOf(AppError);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('userinfo')).toBeNull();
    expect(window.localStorage.getItem('pins')).toBe('[1]');

    window.localStorage.setItem('accessToken', 'tok');
    http.defaults.adapter = answer(401, {
      success: false,
      result: null,
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid user name or password.' },
    });
    await expect(
      call('authenticate', { body: { userNameOrEmailAddress: 'p', password: 'x' } }),
    ).rejects.toMatchObject({
      message: 'Invalid user name or password.',
    });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('accessToken')).toBe('tok');
    off();
  });

  it('tracks each request for the loading indicator and aborts all pending ones on demand', async () => {
    // A signed-in call: the client sends none without a session.
    window.localStorage.setItem('accessToken', 'tok');
    http.defaults.adapter = (config) =>
      new Promise((_resolve, reject) => {
        config.signal?.addEventListener?.('abort', async () => {
          const { CanceledError } = await import('axios');
          reject(new CanceledError(undefined, undefined, config));
        });
      });
    // Earlier calls linger in the list for a moment after they end (section 9), so count the change.
    const before = Object.keys(useLoadingStore.getState().requests).length;
    const pending = call('getUserLoginAttempts', { query: {} });
    // Sent once the route's feature schemas are loaded.
    await vi.waitFor(() => expect(Object.keys(useLoadingStore.getState().requests)).toHaveLength(before + 1));
    expect(abortPendingRequests()).toBe(1);
    await expect(pending).rejects.toMatchObject({ message: 'Request aborted', aborted: true });
  });
});

describe('the HTTP client and the session', () => {
  const openBets = { balance: 15, exposure: 0, openBets: [] };
  const expired = {
    success: false,
    result: null,
    error: { code: 'TOKEN_EXPIRED', message: 'Your session has expired. Please log in again.' },
  };
  /** Answers by path; every request is recorded with the bearer it carried. */
  function server(routes: Record<string, (config: InternalAxiosRequestConfig) => [number, unknown]>) {
    const sent: { path: string; bearer: string | undefined }[] = [];
    http.defaults.adapter = async (config) => {
      const path = new URL(config.url ?? '').pathname;
      const bearer = config.headers.get('Authorization') as string | undefined;
      sent.push({ path, bearer });
      const handler = routes[path];
      if (!handler) throw new Error(`unexpected ${path}`);
      const [status, data] = handler(config);
      return answer(status, data)(config);
    };
    return sent;
  }

  beforeEach(() => {
    seen = [];
    window.localStorage.clear();
  });
  afterEach(() => {
    http.defaults.adapter = undefined;
  });

  it('a signed-in call is never sent without a token: refused here, quietly, with no 401 rules', async () => {
    const sent = server({});
    const unauthorized = vi.fn();
    const off = bus.on('session:unauthorized', unauthorized);
    await expect(call('userOpenBets', { query: {} })).rejects.toMatchObject({
      code: 'SIGNED_OUT',
      aborted: true,
    });
    await expect(call('userExpectedProfitLoss', { query: {} })).rejects.toMatchObject({ code: 'SIGNED_OUT' });
    off();
    expect(sent).toEqual([]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('an access token past its expiry (a tab back from sleep) is renewed before the call goes out', async () => {
    window.localStorage.setItem('accessToken', 'old');
    window.localStorage.setItem('refresh_token', 'r1');
    window.localStorage.setItem('expire_DateTime', String(Date.now() - 60_000));
    const sent = server({
      '/Account/RefreshToken': () => [
        200,
        { success: true, result: { accessToken: 'new', expireInSeconds: 900 } },
      ],
      '/Bet/GetUserOpenBets': () => [200, { success: true, result: openBets }],
    });
    const result = await call('userOpenBets', { query: {} });
    expect(result.balance).toBe(paise(1500));
    expect(sent).toEqual([
      { path: '/Account/RefreshToken', bearer: undefined },
      { path: '/Bet/GetUserOpenBets', bearer: 'Bearer new' },
    ]);
    expect(window.localStorage.getItem('refresh_token')).toBe('r1');
  });

  it('the server says the token ran out (its clock, not ours): renewed once, sent again, nobody signed out', async () => {
    window.localStorage.setItem('accessToken', 'old');
    window.localStorage.setItem('refresh_token', 'r1');
    window.localStorage.setItem('userinfo', '{}');
    window.localStorage.setItem('expire_DateTime', String(Date.now() + 600_000));
    const sessionExpired = vi.fn();
    const off = bus.on('session:expired', sessionExpired);
    const sent = server({
      '/Account/RefreshToken': () => [
        200,
        { success: true, result: { accessToken: 'new', expireInSeconds: 900 } },
      ],
      '/Bet/GetUserOpenBets': (config) =>
        config.headers.get('Authorization') === 'Bearer new'
          ? [200, { success: true, result: openBets }]
          : [401, expired],
    });
    await expect(call('userOpenBets', { query: {} })).resolves.toMatchObject({ exposure: 0 });
    off();
    expect(sent.map((s) => `${s.path} ${s.bearer ?? '-'}`)).toEqual([
      '/Bet/GetUserOpenBets Bearer old',
      '/Account/RefreshToken -',
      '/Bet/GetUserOpenBets Bearer new',
    ]);
    expect(sessionExpired).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('userinfo')).toBe('{}');
  });

  it('a session signed out elsewhere: the renewal is refused and the 401 rules of section 8 follow', async () => {
    window.localStorage.setItem('accessToken', 'old');
    window.localStorage.setItem('refresh_token', 'r1');
    window.localStorage.setItem('expire_DateTime', String(Date.now() + 600_000));
    const sessionExpired = vi.fn();
    const off = bus.on('session:expired', sessionExpired);
    const sent = server({
      '/Account/RefreshToken': () => [
        401,
        { ...expired, error: { code: 'REFRESH_TOKEN_INVALID', message: 'Your session has expired.' } },
      ],
      '/Bet/GetUserOpenBets': () => [401, expired],
    });
    await expect(call('userOpenBets', { query: {} })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    off();
    expect(sent.map((s) => s.path)).toEqual(['/Bet/GetUserOpenBets', '/Account/RefreshToken']);
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
  });
});
