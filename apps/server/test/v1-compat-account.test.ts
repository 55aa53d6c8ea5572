import type { LoginResult } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import {
  authenticate,
  CHROME_UA,
  expectOk,
  expectRefused,
  nextIp,
  PASSWORD,
  registerVerified,
  type Envelope,
  type Registered,
} from './helpers';

/**
 * The family's public V1 client (Vue 3, axios) against our server, call by call, sent as that client
 * sends them: axios's default Accept, `POST url, null` (a form content type and no body at all),
 * JSON bodies for objects, query parameters for the rest, and the client's own origin (it is served
 * from another address than the API).
 */
const V1_ORIGIN = 'http://localhost:8080';
const AXIOS_ACCEPT = 'application/json, text/plain, */*';

interface V1Request {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  /** An object is sent as JSON (axios's default for objects); null is axios's `post(url, null)`. */
  data?: object | null;
  token?: string;
  headers?: Record<string, string>;
}

async function v1<T = unknown>(app: FastifyInstance, r: V1Request) {
  const headers: Record<string, string> = {
    'user-agent': CHROME_UA,
    accept: AXIOS_ACCEPT,
    origin: V1_ORIGIN,
    host: 'localhost:3000',
    ...r.headers,
  };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  let payload: string | undefined;
  if (r.method === 'POST') {
    if (r.data === null || r.data === undefined) {
      // What axios sends for post(url, null): the form content type and an empty body.
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = '';
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(r.data);
    }
  }
  const res = await app.inject({
    method: r.method,
    url: r.url,
    ...(r.query ? { query: r.query } : {}),
    ...(payload !== undefined ? { payload } : {}),
    headers,
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
}

describe.each(backends)('the V1 client of the family: account and settings calls (%s)', (backend) => {
  let ctx: TestContext;
  let alice: Registered & { login: LoginResult };

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    alice = await registerVerified(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET api/Setting/GetDomainSetting', () => {
    it('answers what Setting/GetSetting answers (the client marks the site suspended on a failure)', async () => {
      const v1Answer = expectOk(await v1(ctx.app, { method: 'GET', url: '/api/Setting/GetDomainSetting' }));
      const ours = expectOk(await v1(ctx.app, { method: 'GET', url: '/Setting/GetSetting' }));
      expect(v1Answer).toEqual(ours);
      expect(v1Answer).toMatchObject({ siteSuspended: false, domainName: expect.any(String) });
    });

    it('matches in any casing, as every route does', async () => {
      expectOk(await v1(ctx.app, { method: 'GET', url: '/api/setting/getdomainsetting' }));
    });
  });

  describe('bodyless POSTs: a form content type and no body', () => {
    it('Account/GetAccessTokenValidateTime is served, not refused for its content type', async () => {
      const answer = await v1(ctx.app, {
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        query: { accessToken: alice.login.accessToken },
        data: null,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
    });

    it('an empty body under any content type is no body, on a route that takes none', async () => {
      for (const contentType of [
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded; charset=UTF-8',
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=x',
      ]) {
        const answer = await ctx.app.inject({
          method: 'POST',
          url: '/Account/GetUserLoginAttempts',
          headers: {
            'content-type': contentType,
            authorization: `Bearer ${alice.login.accessToken}`,
          },
          payload: '',
          remoteAddress: nextIp(),
        });
        expect(answer.statusCode, `${contentType}: ${answer.body}`).toBe(200);
        expect(answer.json<Envelope>().success).toBe(true);
      }
    });

    it('a route that takes a body still refuses a missing one with the 400 envelope', async () => {
      for (const contentType of ['application/x-www-form-urlencoded', 'application/json']) {
        const answer = await ctx.app.inject({
          method: 'POST',
          url: '/Account/Authenticate',
          headers: { 'content-type': contentType },
          payload: '',
          remoteAddress: nextIp(),
        });
        const body = answer.json<Envelope>();
        expect(answer.statusCode, contentType).toBe(400);
        expect(body.success).toBe(false);
        expect(body.error?.code).toBe('VALIDATION_FAILED');
      }
    });

    it('a form body that is not empty is still refused: the API speaks JSON', async () => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${alice.login.accessToken}`,
        },
        payload: 'a=1',
        remoteAddress: nextIp(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<Envelope>().error).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Send the request body as application/json.',
      });
    });
  });

  describe('Account/GetAccessTokenValidateTime', () => {
    it('answers the V1 form a bare number: the seconds left on the token', async () => {
      const answer = await v1<unknown>(ctx.app, {
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        query: { accessToken: alice.login.accessToken },
        data: null,
      });
      const seconds = expectOk(answer);
      expect(typeof seconds).toBe('number');
      expect(seconds).toBeGreaterThan(ctx.config.ACCESS_TOKEN_TTL_SECONDS - 60);
      expect(seconds).toBeLessThanOrEqual(ctx.config.ACCESS_TOKEN_TTL_SECONDS);
      // What that client does with it.
      expect(Number.parseInt(String(seconds), 10)).toBe(seconds);
    });

    it('answers the V1 form 0 for a token that is not good (that client signs out on 0)', async () => {
      const answer = await v1(ctx.app, {
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        query: { accessToken: 'not-a-token' },
        data: null,
      });
      expect(expectOk(answer)).toBe(0);
    });

    it('answers the V1 form without a token (its call after a refresh) the lifetime of an access token', async () => {
      const answer = await v1(ctx.app, {
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        data: null,
      });
      expect(expectOk(answer)).toBe(ctx.config.ACCESS_TOKEN_TTL_SECONDS);
    });

    it('still answers our own client (no content type, no body) the object', async () => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        query: { accessToken: alice.login.accessToken },
        headers: { accept: AXIOS_ACCEPT },
        remoteAddress: nextIp(),
      });
      expect(answer.statusCode).toBe(200);
      const result = answer.json<Envelope<{ isValid: boolean; expireInSeconds: number }>>().result;
      expect(result).toMatchObject({ isValid: true, expireDateTime: expect.any(String) });
      expect(result.expireInSeconds).toBeGreaterThan(0);
    });

    it('still requires the token from our own client', async () => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        remoteAddress: nextIp(),
      });
      const body = answer.json<Envelope>();
      expect(answer.statusCode).toBe(400);
      expect(body.error?.code).toBe('VALIDATION_FAILED');
      expect(body.error?.validationErrors?.[0]?.field).toBe('accessToken');
    });
  });

  describe('GET api/setting/GetSettingExpiry', () => {
    it("also answers the family's timeOutSecond and showTimeOutNotificationSecond", async () => {
      const result = expectOk(
        await v1<Record<string, number>>(ctx.app, { method: 'GET', url: '/api/setting/GetSettingExpiry' }),
      );
      expect(result.timeOutSecond).toBe(result.inactivityPromptSeconds);
      expect(result.showTimeOutNotificationSecond).toBe(result.inactivityAnswerSeconds);
      expect(result.timeOutSecond).toBeGreaterThan(0);
      expect(result.showTimeOutNotificationSecond).toBeGreaterThan(0);
    });
  });

  describe('POST Account/changePassword', () => {
    it('accepts a body without confirmPassword; the new password works', async () => {
      const bob = await registerVerified(ctx.app);
      const newPassword = 'Fresh@4567';
      const answer = await v1(ctx.app, {
        method: 'POST',
        url: '/Account/changePassword',
        token: bob.login.accessToken,
        data: { currentPassword: PASSWORD, newPassword },
      });
      expect(expectOk(answer)).toMatchObject({ message: expect.any(String) });
      expectOk(await authenticate(ctx.app, bob.userName, newPassword));
    });

    it('still validates the new password by the rules', async () => {
      const answer = await v1(ctx.app, {
        method: 'POST',
        url: '/Account/changePassword',
        token: alice.login.accessToken,
        data: { currentPassword: PASSWORD, newPassword: 'short' },
      });
      expectRefused(answer, 400, 'VALIDATION_FAILED');
      expect(answer.body.error?.validationErrors?.[0]?.field).toBe('newPassword');
    });

    it('still requires a confirmPassword that is sent to match', async () => {
      const answer = await v1(ctx.app, {
        method: 'POST',
        url: '/Account/changePassword',
        token: alice.login.accessToken,
        data: { currentPassword: PASSWORD, newPassword: 'Fresh@4567', confirmPassword: 'Other@4567' },
      });
      expectRefused(answer, 400, 'VALIDATION_FAILED', 'Passwords must match');
    });
  });

  describe('domain settings: logo and favicon as absolute URLs', () => {
    const absolute = /^http:\/\/localhost:3000\/./;

    it('in the CDN settings file, the API and the settings with the sport tree', async () => {
      const cdn = expectOk(
        await v1<{ mainLogo: string; favicon: string }>(ctx.app, {
          method: 'GET',
          url: '/cdn/settings/test.json',
        }),
      );
      const api = expectOk(
        await v1<{ mainLogo: string; favicon: string }>(ctx.app, {
          method: 'GET',
          url: '/api/Setting/GetDomainSetting',
        }),
      );
      const tree = expectOk(
        await v1<{ setting: { mainLogo: string; favicon: string; sliderImages: { imageUrl: string }[] } }>(
          ctx.app,
          { method: 'GET', url: '/Setting/GetSettingWithSportTree' },
        ),
      );
      for (const s of [cdn, api, tree.setting]) {
        expect(s.mainLogo).toMatch(absolute);
        expect(s.favicon).toMatch(absolute);
      }
      expect(cdn.mainLogo).toBe('http://localhost:3000/logo.svg');
      for (const slide of tree.setting.sliderImages) expect(slide.imageUrl).toMatch(absolute);
    });

    it('built on the address this server was reached at, not the calling page', async () => {
      const s = expectOk(
        await v1<{ mainLogo: string }>(ctx.app, {
          method: 'GET',
          url: '/Setting/GetSetting',
          headers: { host: '127.0.0.1:4100' },
        }),
      );
      expect(s.mainLogo).toBe('http://127.0.0.1:4100/logo.svg');
    });

    it('ignores X-Forwarded-Proto and -Host when no proxy is trusted', async () => {
      const s = expectOk(
        await v1<{ mainLogo: string }>(ctx.app, {
          method: 'GET',
          url: '/Setting/GetSetting',
          headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
        }),
      );
      expect(s.mainLogo).toBe('http://localhost:3000/logo.svg');
    });
  });
});

describe.each(backends)('absolute settings URLs behind a trusted proxy (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('uses the scheme and host the proxy was reached at', async () => {
    const s = expectOk(
      await v1<{ mainLogo: string; favicon: string }>(ctx.app, {
        method: 'GET',
        url: '/cdn/settings/test.json',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'play.test.example' },
      }),
    );
    expect(s.mainLogo).toBe('https://play.test.example/logo.svg');
    expect(s.favicon).toBe('https://play.test.example/favicon.svg');
  });
});
