import { routes } from '@backlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, PASSWORD, register, registerVerified } from './helpers';

const SKIP_ORIGIN = 'http://skipotp.backlay.local';

describe.each(backends)('envelope and HTTP (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('routes match case-insensitively, with or without a trailing slash', async () => {
    const who = await registerVerified(ctx.app);
    for (const url of ['/account/authenticate', '/ACCOUNT/AUTHENTICATE', '/Account/Authenticate/']) {
      const login = expectOk(
        await call<{ userName: string }>(ctx.app, {
          url,
          body: { userNameOrEmailAddress: who.userName, password: PASSWORD },
        }),
      );
      expect(login.userName).toBe(who.userName);
    }
    expectRefused(
      await call(ctx.app, {
        url: '/account/AUTHENTICATE',
        body: { userNameOrEmailAddress: who.userName, password: 'Wrong@123' },
      }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectOk(await call(ctx.app, { url: '/API/SETTING/getsettingexpiry' }));
    expectOk(
      await call(ctx.app, { url: '/userstake/ADD', body: who.login.stakes, token: who.login.accessToken }),
    );
    expectOk(
      await call(ctx.app, {
        url: '/Account/ChangePassword',
        body: { currentPassword: PASSWORD, newPassword: 'Newer@456', confirmPassword: 'Newer@456' },
        token: who.login.accessToken,
      }),
    );
  });

  it('an unknown API path or method answers 404 ROUTE_NOT_FOUND in the envelope', async () => {
    for (const req of [
      { url: '/api/nope' },
      { url: '/Account/Nope', body: {} },
      { url: '/Account/Authenticate', method: 'GET' as const },
      { url: '/api/nope', headers: { accept: 'text/html' } },
    ]) {
      const answer = await call(ctx.app, req);
      expectRefused(answer, 404, 'ROUTE_NOT_FOUND', 'This address does not exist.');
      expect(answer.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('every answer carries the security headers', async () => {
    for (const req of [
      { url: '/api/setting/GetSettingExpiry' },
      { url: '/api/nope' },
      { url: '/Account/Authenticate', body: {} },
    ]) {
      const { headers } = await call(ctx.app, req);
      expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(headers['content-security-policy']).toMatch(/object-src 'none'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      // HSTS and the https upgrade only in production: over plain HTTP they would break the site.
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['x-powered-by']).toBeUndefined();
      // Powerful browser features the client never uses are switched off for it and its frames.
      expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(headers['permissions-policy']).toMatch(/geolocation=\(\)/);
      expect(headers['permissions-policy']).toMatch(/microphone=\(\)/);
    }
  });

  it("CORS allows a configured domain's origin and refuses an unknown one", async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/Account/Authenticate',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const allowed = await preflight(SKIP_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(SKIP_ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-methods'])).toMatch(/POST/);

    for (const origin of ['http://evil.example', 'https://skipotp.backlay.local.evil.example', 'null']) {
      const refused = await preflight(origin);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }

    // A real request from the configured origin is answered for that origin's domain.
    const settings = await call<{ skipVerification: boolean }>(ctx.app, {
      url: '/Setting/GetSetting',
      headers: { origin: SKIP_ORIGIN },
    });
    expect(expectOk(settings).skipVerification).toBe(true);
    expect(settings.headers['access-control-allow-origin']).toBe(SKIP_ORIGIN);
    const evil = await call(ctx.app, {
      url: '/api/setting/GetSettingExpiry',
      headers: { origin: 'http://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/docs serves the API UI and /docs/json the OpenAPI document with every contract route', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/docs' });
    const page =
      ui.statusCode === 302 ? await ctx.app.inject({ method: 'GET', url: String(ui.headers.location) }) : ui;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);

    const doc = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(json.openapi).toMatch(/^3\./);
    const defs = Object.values(routes);
    expect(defs.length).toBeGreaterThanOrEqual(16);
    for (const def of defs) {
      expect(json.paths[def.path]?.[def.method.toLowerCase()], `${def.method} ${def.path}`).toBeDefined();
    }
    const yaml = await ctx.app.inject({ method: 'GET', url: '/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain(`${routes.treeSportWithEvent.path}:`);
  });

  it('the CDN settings file is named after the host; localhost and test hosts get test.json', async () => {
    const get = (file: string) => call<Record<string, unknown>>(ctx.app, { url: `/cdn/settings/${file}` });
    const test = expectOk(await get('test.json'));
    expect(test).toMatchObject({
      domainName: 'test',
      allowSignUp: true,
      skipVerification: false,
      siteSuspended: false,
    });
    expect(expectOk(await get('skipotp.backlay.local.json'))).toMatchObject({
      skipVerification: true,
      bodyBgColor: 'blue',
    });
    expect(expectOk(await get('nosignup.backlay.local.json'))).toMatchObject({ allowSignUp: false });
    expect(expectOk(await get('suspended.backlay.local.json'))).toMatchObject({ siteSuspended: true });
    expectRefused(await get('test.txt'), 404, 'NOT_FOUND');
  });

  it('the settings calls answer the domain of the request', async () => {
    const here = expectOk(await call<{ domainName: string }>(ctx.app, { url: '/Setting/GetSetting' }));
    expect(here.domainName).toBe('test');
    const there = expectOk(
      await call<{ domainName: string }>(ctx.app, {
        url: '/Setting/GetSetting',
        host: 'nosignup.backlay.local',
      }),
    );
    expect(there.domainName).toBe('nosignup.backlay.local');
    const tree = expectOk(
      await call<{
        setting: { domainName: string };
        events: unknown[];
        bonuses: unknown[];
        games: unknown[];
        tv: unknown[];
      }>(ctx.app, { url: '/Setting/GetSettingWithSportTree' }),
    );
    expect(tree.setting.domainName).toBe('test');
    expect(Array.isArray(tree.events)).toBe(true);
  });
});

describe.each(backends)('production (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { NODE_ENV: 'production', CORS_ORIGINS: 'https://partner.example' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('production answers carry HSTS and upgrade insecure requests', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/Setting/GetSetting' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
  });

  it('/docs and its OpenAPI document are not served unless API_DOCS is on', async () => {
    for (const url of ['/docs', '/docs/json']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    const withDocs = await createTestApp(backend, { NODE_ENV: 'production', API_DOCS: 'true' });
    try {
      expect((await withDocs.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await withDocs.close();
    }
    // A second app of its own: migrations and the seed on a fresh database take a while on a busy machine.
  }, 180_000);

  it('/dev/otp-outbox and its aging do not exist, though codes are still sent', async () => {
    expect(ctx.config.isProduction).toBe(true);
    const who = await register(ctx.app);
    expectRefused(
      await call(ctx.app, { url: '/dev/otp-outbox', query: { mobile: who.mobile } }),
      404,
      'ROUTE_NOT_FOUND',
    );
    expectRefused(
      await call(ctx.app, { url: '/dev/otp-outbox/age', body: { mobile: who.mobile, seconds: 60 } }),
      404,
      'ROUTE_NOT_FOUND',
    );
    const wrong = await call(ctx.app, {
      url: '/Account/VerificationUser',
      body: { userName: who.userName, mobile: who.mobile, domain: who.domain, otp: '000000' },
    });
    expectRefused(wrong, 400, 'OTP_INVALID');
  });

  it('an unknown host is not served, and only configured origins pass CORS', async () => {
    expectRefused(
      await call(ctx.app, { url: '/Setting/GetSetting', host: 'unknown.example' }),
      404,
      'DOMAIN_UNKNOWN',
    );
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/Account/Authenticate',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight('https://partner.example')).headers['access-control-allow-origin']).toBe(
      'https://partner.example',
    );
    expect((await preflight(SKIP_ORIGIN)).headers['access-control-allow-origin']).toBe(SKIP_ORIGIN);
    for (const origin of [
      'http://evil.example',
      'http://test.evil.example',
      'https://partner.example.evil.example',
    ]) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers carry no stack traces', async () => {
    const answer = await call(ctx.app, {
      url: '/Account/Authenticate',
      raw: { payload: '{"a":', contentType: 'application/json' },
    });
    expectRefused(answer, 400, 'BAD_REQUEST');
    expect(JSON.stringify(answer.body)).not.toMatch(/stack|at \//);
  });
});
