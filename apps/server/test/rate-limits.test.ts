import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
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
  userRow,
  verify,
  type Answer,
} from './helpers';

const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';

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

  // ------------------------------------------------------------ sign-in limits per account and origin
  /** The device cookie an answer sets ('backlay_device=…'), for the next request of that browser. */
  function deviceCookieOf(answer: Answer): string {
    const raw = answer.headers['set-cookie'];
    const cookie = (Array.isArray(raw) ? raw : [String(raw ?? '')]).find((c) =>
      c.startsWith('backlay_device='),
    );
    if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(answer.headers)}`);
    return cookie.split(';')[0] as string;
  }

  /** A player who registered and verified in their own browser at their own address. */
  async function owner(ip: string) {
    const who = await register(ctx.app);
    const answer = await verify(ctx.app, who, await outboxCode(ctx.app, who.mobile), ip);
    expectOk(answer);
    return { ...who, ip, cookie: deviceCookieOf(answer), userId: answer.body.result.userId };
  }

  /** A browser that signs in: sends its cookie, and keeps the one the server hands out. */
  function browser(ip: string | undefined, cookie?: string) {
    let jar = cookie;
    return {
      get cookie() {
        return jar;
      },
      async signIn(login: string, password: string) {
        const answer = await authenticate(ctx.app, login, password, {
          ...(ip ? { ip } : {}),
          ...(jar ? { headers: { cookie: jar } } : {}),
        });
        if (!jar) jar = deviceCookieOf(answer);
        return answer;
      },
    };
  }

  /** Moves a user's (or an unknown name's) failed tries back in time, as if made long ago. */
  async function ageFailures(
    who: { userId: number } | { login: string },
    seconds: number,
    result = 'InvalidUserNameOrPassword',
  ) {
    const where =
      'userId' in who
        ? and(eq(loginAttempts.userId, who.userId), eq(loginAttempts.result, result))
        : and(eq(loginAttempts.userNameOrEmail, who.login), eq(loginAttempts.result, result));
    await ctx.database.db
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - make_interval(secs => ${seconds})` })
      .where(where);
  }

  it('Authenticate: a stranger who guesses wrong from anywhere cannot keep the owner out', async () => {
    const who = await owner('203.0.113.10');
    const other = await registerVerified(ctx.app);
    // Ten wrong passwords from one address, with a fresh browser each time, then a try every 90 s.
    const attacker = '198.51.100.70';
    for (let i = 0; i < 5; i++) {
      expectRefused(await browser(attacker).signIn(who.userName, `Wrong@${i}00`), 401, 'INVALID_CREDENTIALS');
    }
    const held = await browser(attacker).signIn(who.userName, PASSWORD);
    expectRefused(held, 429, 'RATE_LIMITED', 'Too many failed sign-ins. Please try again in 30 seconds.');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
    for (let i = 0; i < 5; i++) {
      await ageFailures(who, 90);
      await ageFailures(who, 90, 'RateLimited');
      const answer = await browser(attacker).signIn(who.userName, `Again@${i}00`);
      expect([401, 429]).toContain(answer.status);
    }
    // And from ten more addresses at once.
    for (let i = 0; i < 10; i++) {
      expectRefused(
        await browser(`198.51.100.${100 + i}`).signIn(who.userName, 'Wrong@123'),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    // The owner signs in: in their own browser, in a new browser at home, in a new browser anywhere else.
    expectOk(await browser('192.0.2.99', who.cookie).signIn(who.userName, PASSWORD));
    expectOk(await browser(who.ip).signIn(who.userName, PASSWORD));
    expectOk(await browser('192.0.2.98').signIn(who.userName, PASSWORD));
    expectOk(await authenticate(ctx.app, other.userName, PASSWORD));
    // The attacker's address still waits, with the right password too, and a new browser does not help.
    expectRefused(await browser(attacker).signIn(who.userName, PASSWORD), 429, 'RATE_LIMITED');
  });

  it('Authenticate: after five failures from one browser each try waits longer (30 s, 1 min, 2 min … 15 min), wherever it goes', async () => {
    const who = await owner('203.0.113.11');
    // One browser (its cookie) hopping to a new address for every try.
    const here = browser(undefined);
    for (let i = 0; i < 5; i++) {
      expectRefused(await here.signIn(who.userName, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    }
    for (const [wait, text] of [
      [30, '30 seconds'],
      [60, '1 minute'],
      [120, '2 minutes'],
    ] as const) {
      const refused = await here.signIn(who.userName, 'Wrong@123');
      expectRefused(refused, 429, 'RATE_LIMITED', `Too many failed sign-ins. Please try again in ${text}.`);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(wait - 5);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(wait);
      // Refused tries are not failures: they do not make the wait longer.
      await ageFailures(who, wait - 10);
      expectRefused(await here.signIn(who.userName, 'Wrong@123'), 429, 'RATE_LIMITED');
      await ageFailures(who, 11);
      expectRefused(await here.signIn(who.userName, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    }
    // The waits stop growing at 15 minutes, and failures a day old no longer count.
    for (let i = 0; i < 10; i++) {
      await ageFailures(who, 15 * 60);
      expectRefused(await here.signIn(who.userName, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    }
    const capped = await here.signIn(who.userName, PASSWORD);
    expectRefused(capped, 429, 'RATE_LIMITED', 'Too many failed sign-ins. Please try again in 15 minutes.');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(15 * 60 - 5);
    await ageFailures(who, 24 * 3600);
    const login = expectOk(await here.signIn(who.userName, PASSWORD));
    // The refusals are among the attempts the owner can see.
    const limited = expectOk(
      await call<{ totalCount: number; items: { result: string }[] }>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { Result: 'RateLimited', MaxResultCount: '100' },
        token: login.accessToken,
      }),
    );
    expect(limited.totalCount).toBe(7);
  });

  it('Authenticate: a sign-in clears the browser’s count; the owner’s own browser waits only for its own failures', async () => {
    const who = await owner('203.0.113.12');
    const mine = browser('192.0.2.50', who.cookie);
    // The owner mistypes four times, then gets it right: the count starts again.
    for (let i = 0; i < 4; i++)
      expectRefused(await mine.signIn(who.userName, 'Typo@123'), 401, 'INVALID_CREDENTIALS');
    expectOk(await mine.signIn(who.userName, PASSWORD));
    for (let i = 0; i < 5; i++)
      expectRefused(await mine.signIn(who.userName, 'Typo@123'), 401, 'INVALID_CREDENTIALS');
    // Five failures in their own browser: it waits, from any address ...
    expectRefused(
      await browser('192.0.2.51', who.cookie).signIn(who.userName, PASSWORD),
      429,
      'RATE_LIMITED',
    );
    // ... but those failures do not hold up the owner's home address in another browser.
    expectOk(await browser(who.ip).signIn(who.userName, PASSWORD));
  });

  it('Authenticate: past 100 failures a day on one account, only browsers and addresses that signed in before may try', async () => {
    const who = await owner('203.0.113.13');
    // Guesses spread over a hundred addresses (written directly: each address alone stays under its limit).
    const user = await userRow(ctx.database.db, who.userName);
    await ctx.database.db.insert(loginAttempts).values(
      Array.from({ length: 100 }, (_, i) => ({
        domainId: user.domainId,
        userId: user.id,
        userNameOrEmail: who.userName,
        ip: `100.64.${i >> 8}.${i & 255}`,
        browser: 'bot',
        clientName: 'API client',
        result: 'InvalidUserNameOrPassword',
      })),
    );
    expectRefused(
      await browser('198.51.100.72').signIn(who.userName, PASSWORD),
      429,
      'RATE_LIMITED',
      'Too many failed sign-ins on this account. Please sign in from a device or network you have used before, or try again later.',
    );
    // The owner's browser, and any browser at the owner's address, still sign in.
    expectOk(await browser('198.51.100.73', who.cookie).signIn(who.userName, PASSWORD));
    expectOk(await browser(who.ip).signIn(who.userName, PASSWORD));
    // A day later the backstop is gone.
    await ageFailures(who, 24 * 3600);
    expectOk(await browser('198.51.100.74').signIn(who.userName, PASSWORD));
  });

  it('Authenticate: names no account has wait the same way, so the limits reveal nothing', async () => {
    const ghost = uniqueName('ghost');
    const who = await owner('203.0.113.14');
    const ip = '198.51.100.75';
    for (const name of [ghost, who.userName]) {
      for (let i = 0; i < 5; i++) {
        expectRefused(await browser(ip).signIn(name, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
      }
    }
    const ghostWait = await browser(ip).signIn(ghost, 'Wrong@123');
    const realWait = await browser(ip).signIn(who.userName, 'Wrong@123');
    expectRefused(ghostWait, 429, 'RATE_LIMITED');
    expect(ghostWait.body).toEqual(realWait.body);
    await ageFailures({ login: ghost }, 31);
    expectRefused(await browser(ip).signIn(ghost, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
  });

  it('Authenticate: the device cookie is HttpOnly, lasts a year, and a forged one is a new device', async () => {
    const who = await owner('203.0.113.15');
    const answer = await authenticate(ctx.app, who.userName, PASSWORD, { ip: who.ip });
    const raw = answer.headers['set-cookie'];
    const cookie = String(Array.isArray(raw) ? raw[0] : raw);
    expect(cookie).toMatch(
      /^backlay_device=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    // A browser that sends its cookie gets no new one.
    const again = await authenticate(ctx.app, who.userName, PASSWORD, {
      ip: who.ip,
      headers: { cookie: who.cookie },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    // A made-up device id is not the owner's: five failures with it wait like any stranger's.
    const forged = browser('198.51.100.76', 'backlay_device=AAAAAAAAAAAAAAAAAAAAAA');
    for (let i = 0; i < 5; i++)
      expectRefused(await forged.signIn(who.userName, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    expectRefused(
      await browser('198.51.100.77', forged.cookie).signIn(who.userName, PASSWORD),
      429,
      'RATE_LIMITED',
    );
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

  it('token checks and renewals: many players behind one address are not held to the sign-in limit', async () => {
    // Carrier-grade NAT: every signed-in page load checks its token, every player renews one.
    const ip = '198.51.100.80';
    for (let i = 0; i < 40; i++) {
      expectOk(
        await call(ctx.app, { method: 'POST', url: '/Account/GetAccessTokenValidateTime?accessToken=x', ip }),
      );
      expectRefused(
        await call(ctx.app, { url: '/Account/RefreshToken?refreshToken=not-a-token', ip }),
        401,
        'REFRESH_TOKEN_INVALID',
      );
    }
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

/** The browser journeys call from one address, faster than people: they raise these limits. */
describe('per-IP limits set by the configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      TOKEN_CALLS_PER_MINUTE_PER_IP: '4',
      SIGN_UPS_PER_MINUTE_PER_IP: '3',
      CODES_PER_MINUTE_PER_IP: '2',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** `allowed` calls with an empty body from `ip` are answered (refused as invalid), the next is 429. */
  async function limitedAt(url: string, allowed: number, ip: string) {
    for (let i = 0; i < allowed; i++) {
      expectRefused(await call(ctx.app, { url, body: {}, ip }), 400, 'VALIDATION_FAILED');
    }
    expectRefused(await call(ctx.app, { url, body: {}, ip }), 429, 'RATE_LIMITED', RATE_LIMITED);
  }

  it('TOKEN_CALLS_, SIGN_UPS_ and CODES_PER_MINUTE_PER_IP set where the 429 starts', async () => {
    const ip = '198.51.100.70';
    await limitedAt('/Account/GetAccessTokenValidateTime', 4, ip);
    await limitedAt('/Account/Register', 3, ip);
    await limitedAt('/Account/VerificationUser', 2, ip);
  });
});
