import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../src/platform/db/schema';
import { backends, createTestApp, type TestContext } from './harness';
import {
  accountState,
  authenticate,
  call,
  expectOk,
  expectRefused,
  outboxCode,
  PASSWORD,
  register,
  registerVerified,
  uniqueMobile,
  uniqueName,
  verify,
} from './helpers';

const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
const ACCOUNT_LOCKED = 'Too many failed sign-ins. Please try again in 15 minutes.';

/** One app; each test uses its own client addresses and accounts, so counters never mix. */
describe.each(backends)('rate limits (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('Authenticate: 20 a minute per IP, then 429; another IP is not affected', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 20; i++) {
      // Unknown, distinct names: the per-account limit stays out of the way.
      expectRefused(
        await authenticate(ctx.app, uniqueName('guess'), 'Guess@123', { ip }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    const before = await accountState(ctx.database.db);
    const limited = await authenticate(ctx.app, uniqueName('guess'), 'Guess@123', { ip });
    expectRefused(limited, 429, 'RATE_LIMITED', RATE_LIMITED);
    expect(limited.headers['retry-after']).toBeDefined();
    // Refused before any work: not even an attempt is recorded.
    expect(await accountState(ctx.database.db)).toEqual(before);
    // The limit counts requests, not only failures, and whatever the body.
    expectRefused(await call(ctx.app, { url: '/Account/Authenticate', body: {}, ip }), 429, 'RATE_LIMITED');
    expectRefused(
      await authenticate(ctx.app, uniqueName('guess'), 'Guess@123', { ip: '198.51.100.21' }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('Authenticate: 10 failures for one account in 15 minutes lock it, even with the right password from new IPs', async () => {
    const who = await registerVerified(ctx.app);
    const other = await registerVerified(ctx.app);
    for (let i = 0; i < 10; i++) {
      expectRefused(await authenticate(ctx.app, who.userName, `Wrong@${i}00`), 401, 'INVALID_CREDENTIALS');
    }
    const locked = await authenticate(ctx.app, who.userName.toUpperCase(), PASSWORD);
    expectRefused(locked, 429, 'RATE_LIMITED', ACCOUNT_LOCKED);
    expect(locked.body.error?.message).toMatch(/Too many failed sign-ins/);
    // Unknown accounts are limited the same way, so the limit reveals nothing.
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 10; i++) {
      expectRefused(await authenticate(ctx.app, ghost, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    }
    expectRefused(await authenticate(ctx.app, ghost, 'Wrong@123'), 429, 'RATE_LIMITED', ACCOUNT_LOCKED);
    // Someone else still signs in.
    expectOk(await authenticate(ctx.app, other.userName, PASSWORD));
  });

  it('Authenticate: failures older than 15 minutes no longer count', async () => {
    const who = await registerVerified(ctx.app);
    for (let i = 0; i < 10; i++) {
      expectRefused(await authenticate(ctx.app, who.userName, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    }
    expectRefused(await authenticate(ctx.app, who.userName, PASSWORD), 429, 'RATE_LIMITED');
    await ctx.database.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.userId, who.login.userId));
    const login = expectOk(await authenticate(ctx.app, who.userName, PASSWORD));
    // The refusal is among the attempts the user can see.
    const limited = expectOk(
      await call<{ totalCount: number; items: { result: string }[] }>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { Result: 'RateLimited' },
        token: login.accessToken,
      }),
    );
    expect(limited.totalCount).toBe(1);
  });

  it('VerificationUser: 10 a minute per IP', async () => {
    const who = await register(ctx.app);
    const code = await outboxCode(ctx.app, who.mobile);
    const ip = '198.51.100.30';
    // Unknown registrations: refused, but they count against the address.
    for (let i = 0; i < 10; i++) {
      const answer = await verify(ctx.app, { ...who, userName: uniqueName('nobody') }, '123456', ip);
      expectRefused(answer, 400, 'VALIDATION_FAILED');
    }
    expectRefused(await verify(ctx.app, who, code, ip), 429, 'RATE_LIMITED', RATE_LIMITED);
    expectOk(await verify(ctx.app, who, code, '198.51.100.31'));
  });

  it('ResendVerificationCode: 10 a minute per IP', async () => {
    const ip = '198.51.100.40';
    const body = { userName: uniqueName('nobody'), mobile: uniqueMobile(), domain: 'test' };
    for (let i = 0; i < 10; i++) {
      expectRefused(
        await call(ctx.app, { url: '/Account/ResendVerificationCode', body, ip }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectRefused(
      await call(ctx.app, { url: '/Account/ResendVerificationCode', body, ip }),
      429,
      'RATE_LIMITED',
      RATE_LIMITED,
    );
  });

  it('Register: 10 a minute per IP, and the eleventh creates nothing', async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < 10; i++) {
      expectRefused(
        await call(ctx.app, { url: '/Account/Register', body: { userName: 'x' }, ip }),
        400,
        'VALIDATION_FAILED',
      );
    }
    const before = await accountState(ctx.database.db);
    const answer = await call(ctx.app, {
      url: '/Account/Register',
      body: { userName: uniqueName(), password: PASSWORD, confirmPassword: PASSWORD, mobile: uniqueMobile() },
      ip,
    });
    expectRefused(answer, 429, 'RATE_LIMITED', RATE_LIMITED);
    expect(await accountState(ctx.database.db)).toEqual(before);
  });

  it('LoginAsDemoUser: 10 a minute per IP', async () => {
    const ip = '198.51.100.60';
    for (let i = 0; i < 10; i++) expectOk(await call(ctx.app, { url: '/Account/LoginAsDemoUser', ip }));
    const before = await accountState(ctx.database.db);
    expectRefused(
      await call(ctx.app, { url: '/Account/LoginAsDemoUser', ip }),
      429,
      'RATE_LIMITED',
      RATE_LIMITED,
    );
    expect(await accountState(ctx.database.db)).toEqual(before);
  });
});

/** With Redis the per-IP counters are shared, so several server instances enforce one limit. */
const redisUrls = process.env.REDIS_URL ? [process.env.REDIS_URL] : [];
describe.each(redisUrls)('rate limits shared through Redis (%s)', (redisUrl) => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: `backlay-test-${randomBytes(4).toString('hex')}:` };
    a = await createTestApp('pglite', shared);
    b = await createTestApp('pglite', shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('Register: 10 a minute per IP across two instances', async () => {
    const ip = `198.51.${randomInt(0, 256)}.${randomInt(0, 256)}`;
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      expectRefused(await call(app, { url: '/Account/Register', body: {}, ip }), 400, 'VALIDATION_FAILED');
    }
    expectRefused(
      await call(a.app, { url: '/Account/Register', body: {}, ip }),
      429,
      'RATE_LIMITED',
      RATE_LIMITED,
    );
    expectRefused(
      await call(b.app, { url: '/Account/Register', body: {}, ip }),
      429,
      'RATE_LIMITED',
      RATE_LIMITED,
    );
    expectRefused(await call(b.app, { url: '/Account/Register', body: {} }), 400, 'VALIDATION_FAILED');
  });
});
