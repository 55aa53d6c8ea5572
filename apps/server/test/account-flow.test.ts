import { DEFAULT_STAKE_BUTTONS, type LoginResult } from '@backlay/contract';
import { eq, inArray } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalLines, journals, ledgerAccounts, refreshTokens, wallets } from '../src/platform/db/schema';
import { backends, createTestApp, type TestContext } from './harness';
import {
  authenticate,
  call,
  CHROME_UA,
  claimsOf,
  expectOk,
  expectRefused,
  expiredToken,
  outboxCode,
  PASSWORD,
  register,
  registerVerified,
  uniqueName,
  unsignedToken,
  userRow,
  verify,
  wrongKeyToken,
  type Registered,
} from './helpers';

function expectLoginResult(login: LoginResult, userName: string, domain = 'test') {
  expect(login.accessToken.split('.')).toHaveLength(3);
  expect(login.refreshToken.length).toBeGreaterThanOrEqual(32);
  // Opaque: the refresh token is not a JWT.
  expect(login.refreshToken.split('.')).toHaveLength(1);
  expect(login.expireInSeconds).toBe(900);
  expect(login.casinoToken.split('.')).toHaveLength(3);
  expect(login.casinoToken).not.toBe(login.accessToken);
  expect(login.domain).toBe(domain);
  expect(login.userName.toLowerCase()).toBe(userName.toLowerCase());
  expect(login.stakes).toHaveLength(8);
  // The access token's expiry is honest: expireInSeconds from now.
  const { exp, iat } = decodeJwt(login.accessToken);
  expect((exp ?? 0) - (iat ?? 0)).toBe(login.expireInSeconds);
  expect(Math.abs((exp ?? 0) - (Date.now() / 1000 + login.expireInSeconds))).toBeLessThan(5);
}

describe.each(backends)('account happy paths (%s)', (backend) => {
  let ctx: TestContext;
  // One registered, verified account for the read-only steps; tests that change it make their own.
  let alice: Registered & { login: LoginResult };

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    alice = await registerVerified(ctx.app, { userName: uniqueName('Alice') });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('Register puts a six-digit code in the dev outbox and VerificationUser answers the login result', async () => {
    const userName = uniqueName('Reg');
    const before = Date.now();
    const answer = await call<{
      userName: string;
      mobile: string;
      domain: string;
      skipVerification: boolean;
      otpExpiresInSeconds: number;
    }>(ctx.app, {
      url: '/Account/Register',
      body: { userName, password: PASSWORD, confirmPassword: PASSWORD, mobile: '+919812345678' },
    });
    const reg = expectOk(answer);
    expect(reg).toEqual({
      userName,
      mobile: '9812345678',
      domain: 'test',
      skipVerification: false,
      otpExpiresInSeconds: 120,
    });
    const user = await userRow(ctx.database.db, userName);
    expect(user.status).toBe('pending');
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);

    const outbox = expectOk(
      await call<{ mobile: string; code: string; sentAt: string; expiresAt: string }>(ctx.app, {
        url: '/dev/otp-outbox',
        query: { mobile: '09812345678' },
      }),
    );
    expect(outbox.mobile).toBe('9812345678');
    expect(outbox.code).toMatch(/^\d{6}$/);
    const validFor = Date.parse(outbox.expiresAt) - before;
    expect(validFor).toBeGreaterThan(118_000);
    expect(validFor).toBeLessThan(125_000);

    // The client may type the mobile with any accepted prefix.
    const login = expectOk(
      await verify(
        ctx.app,
        { userName, password: PASSWORD, mobile: '09812345678', domain: 'test' },
        outbox.code,
      ),
    );
    expectLoginResult(login, userName);
    expect(login.stakes).toEqual(DEFAULT_STAKE_BUTTONS);
    expect(login.stakes.map((s) => s.value)).toEqual([100, 500, 1000, 2000, 3000, 4000, 5000, 6000]);
    expect(login.isDemo).toBe(false);
    expect(login.balance).toBe(0);
    expect(login.exposure).toBe(0);
    expect((await userRow(ctx.database.db, userName)).status).toBe('active');
  });

  it('Authenticate answers the same shape, the user name matching case-insensitively', async () => {
    const login = expectOk(await authenticate(ctx.app, alice.userName.toUpperCase(), PASSWORD));
    expectLoginResult(login, alice.userName);
    expect(Object.keys(login).sort()).toEqual(Object.keys(alice.login).sort());
    expect(login.userId).toBe(alice.login.userId);
    expect(login.refreshToken).not.toBe(alice.login.refreshToken);
  });

  it('rememberClient keeps the refresh token for 30 days instead of one', async () => {
    const remembered = expectOk(
      await authenticate(ctx.app, alice.userName, PASSWORD, { rememberClient: true }),
    );
    const plain = expectOk(await authenticate(ctx.app, alice.userName, PASSWORD, { rememberClient: false }));
    const db = ctx.database.db;
    const rows = await db
      .select({
        id: refreshTokens.id,
        createdAt: refreshTokens.createdAt,
        expiresAt: refreshTokens.expiresAt,
      })
      .from(refreshTokens)
      .where(inArray(refreshTokens.id, [claimsOf(remembered).sessionId, claimsOf(plain).sessionId]))
      .orderBy(refreshTokens.id);
    const lifetimes = rows.map((r) => Math.round((r.expiresAt.getTime() - r.createdAt.getTime()) / 1000));
    expect(lifetimes[0]).toBeGreaterThan(30 * 86_400 - 60);
    expect(lifetimes[0]).toBeLessThan(30 * 86_400 + 60);
    expect(lifetimes[1]).toBeGreaterThan(86_400 - 60);
    expect(lifetimes[1]).toBeLessThan(86_400 + 60);
  });

  it('GetUserLoginAttempts lists every attempt with time, IP, browser and result, paged and filtered', async () => {
    const who = await registerVerified(ctx.app);
    // verification itself was one successful sign-in; add two failures and two successes.
    const started = Date.now();
    expectRefused(
      await authenticate(ctx.app, who.userName, 'Wrong@123', { ip: '203.0.113.7' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectOk(await authenticate(ctx.app, who.userName, PASSWORD, { ip: '203.0.113.8' }));
    expectRefused(
      await authenticate(ctx.app, who.userName, 'Wrong@456', { ip: '203.0.113.9' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const last = expectOk(await authenticate(ctx.app, who.userName, PASSWORD, { ip: '203.0.113.10' }));

    type Page = {
      totalCount: number;
      items: {
        id: number;
        creationTime: string;
        clientIpAddress: string;
        browserInfo: string;
        clientName: string;
        userNameOrEmailAddress: string;
        result: string;
      }[];
    };
    const all = expectOk(
      await call<Page>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        token: last.accessToken,
      }),
    );
    expect(all.totalCount).toBe(5);
    expect(all.items).toHaveLength(5);
    // Newest first.
    expect(all.items.map((a) => a.clientIpAddress).slice(0, 4)).toEqual([
      '203.0.113.10',
      '203.0.113.9',
      '203.0.113.8',
      '203.0.113.7',
    ]);
    expect(all.items.map((a) => a.result)).toEqual([
      'Success',
      'InvalidUserNameOrPassword',
      'Success',
      'InvalidUserNameOrPassword',
      'Success',
    ]);
    for (const a of all.items) {
      expect(a.browserInfo).toBe(CHROME_UA);
      expect(a.clientName).toBe('Chrome');
      expect(a.userNameOrEmailAddress.toLowerCase()).toBe(who.userName.toLowerCase());
      expect(Date.parse(a.creationTime)).toBeGreaterThan(started - 60_000);
      expect(a.creationTime).toMatch(/Z$/);
    }

    const page = expectOk(
      await call<Page>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { MaxResultCount: '2', SkipCount: '1' },
        token: last.accessToken,
      }),
    );
    expect(page.totalCount).toBe(5);
    expect(page.items.map((a) => a.id)).toEqual(all.items.slice(1, 3).map((a) => a.id));

    const failed = expectOk(
      await call<Page>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { Result: 'Failed' },
        token: last.accessToken,
      }),
    );
    expect(failed.totalCount).toBe(2);
    expect(failed.items.every((a) => a.result === 'InvalidUserNameOrPassword')).toBe(true);

    const success = expectOk(
      await call<Page>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { Result: 'Success', MaxResultCount: '1' },
        token: last.accessToken,
      }),
    );
    expect(success.totalCount).toBe(3);
    expect(success.items).toHaveLength(1);
    expect(success.items[0]?.clientIpAddress).toBe('203.0.113.10');

    // An empty Result means all, as a sibling client of the same backend sends it.
    const empty = expectOk(
      await call<Page>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { Result: '', MaxResultCount: '10', SkipCount: '0' },
        token: last.accessToken,
      }),
    );
    expect(empty).toEqual(all);
    expectRefused(
      await call(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        query: { Result: 'Sometimes' },
        token: last.accessToken,
      }),
      400,
      'VALIDATION_FAILED',
    );

    // Another user's attempts are not listed.
    const theirs = expectOk(
      await call<Page>(ctx.app, {
        method: 'POST',
        url: '/Account/GetUserLoginAttempts',
        token: alice.login.accessToken,
      }),
    );
    expect(
      theirs.items.every((a) => a.userNameOrEmailAddress.toLowerCase() === alice.userName.toLowerCase()),
    ).toBe(true);
  });

  it('GetUserLoginAttempts needs a token', async () => {
    expectRefused(
      await call(ctx.app, { method: 'POST', url: '/Account/GetUserLoginAttempts' }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('RefreshToken answers a new access token, its lifetime and a fresh casinoToken, and the new token works', async () => {
    const answer = await call<Record<string, unknown>>(ctx.app, {
      url: '/Account/RefreshToken',
      query: { refreshToken: alice.login.refreshToken },
    });
    const result = expectOk(answer);
    expect(Object.keys(result).sort()).toEqual(['accessToken', 'casinoToken', 'expireInSeconds']);
    expect(result.expireInSeconds).toBe(900);
    // The casinoToken names the same player of the same site (it lives 6 h: a long session still plays).
    const casino = (t: string) =>
      JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
        dom: number;
        aud: string;
      };
    const fresh = casino(String(result.casinoToken));
    const first = casino(alice.login.casinoToken);
    expect({ sub: fresh.sub, dom: fresh.dom, aud: fresh.aud }).toEqual({
      sub: first.sub,
      dom: first.dom,
      aud: 'casino',
    });
    const accessToken = String(result.accessToken);
    expect(claimsOf({ ...alice.login, accessToken })).toEqual(claimsOf(alice.login));
    expectOk(
      await call(ctx.app, { method: 'POST', url: '/Account/GetUserLoginAttempts', token: accessToken }),
    );
  });

  it('RefreshToken refuses an unknown refresh token', async () => {
    expectRefused(
      await call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken: 'not-a-token-we-issued' } }),
      401,
      'REFRESH_TOKEN_INVALID',
    );
  });

  it('GetAccessTokenValidateTime: a valid token, an expired one, a forged one', async () => {
    type Validity = { isValid: boolean; expireInSeconds: number; expireDateTime: string | null };
    const ask = (accessToken: string) =>
      call<Validity>(ctx.app, {
        method: 'POST',
        url: '/Account/GetAccessTokenValidateTime',
        query: { accessToken },
      });
    const valid = expectOk(await ask(alice.login.accessToken));
    expect(valid.isValid).toBe(true);
    expect(valid.expireInSeconds).toBeGreaterThan(800);
    expect(valid.expireInSeconds).toBeLessThanOrEqual(900);
    expect(Date.parse(valid.expireDateTime ?? '')).toBe((decodeJwt(alice.login.accessToken).exp ?? 0) * 1000);

    const claims = claimsOf(alice.login);
    for (const token of [
      await expiredToken(claims),
      await wrongKeyToken(claims),
      unsignedToken(claims),
      'garbage',
    ]) {
      expect(expectOk(await ask(token))).toEqual({
        isValid: false,
        expireInSeconds: 0,
        expireDateTime: null,
      });
    }
  });

  it('GetSettingExpiry answers the lifetimes the client honours', async () => {
    expect(expectOk(await call(ctx.app, { url: '/api/setting/GetSettingExpiry' }))).toEqual({
      accessTokenExpireInSeconds: 900,
      refreshTokenExpireInSeconds: 86_400,
      rememberedRefreshTokenExpireInSeconds: 30 * 86_400,
      inactivityPromptSeconds: 540,
      inactivityAnswerSeconds: 10,
      otpValiditySeconds: 120,
      // The family's V1 names for the two inactivity figures.
      timeOutSecond: 540,
      showTimeOutNotificationSecond: 10,
    });
  });

  describe('changePassword', () => {
    let bob: Registered & { login: LoginResult };
    const change = (token: string, body: Record<string, unknown>) =>
      call<{ message: string }>(ctx.app, { url: '/Account/changePassword', body, token });

    beforeAll(async () => {
      bob = await registerVerified(ctx.app);
    });

    it('refuses a wrong current password', async () => {
      expectRefused(
        await change(bob.login.accessToken, {
          currentPassword: 'Wrong@123',
          newPassword: 'Newer@456',
          confirmPassword: 'Newer@456',
        }),
        400,
        'PASSWORD_INCORRECT',
        'The current password is not correct.',
      );
    });

    it('refuses the same password again', async () => {
      expectRefused(
        await change(bob.login.accessToken, {
          currentPassword: PASSWORD,
          newPassword: PASSWORD,
          confirmPassword: PASSWORD,
        }),
        400,
        'PASSWORD_REUSED',
        'The new password must differ from the current one.',
      );
    });

    it('refuses a weak password and a mismatch with the section 5 messages', async () => {
      const tooShort = await change(bob.login.accessToken, {
        currentPassword: PASSWORD,
        newPassword: 'Ab1!',
        confirmPassword: 'Ab1!',
      });
      expectRefused(tooShort, 400, 'VALIDATION_FAILED', 'Password is too short - should be 8 chars minimum.');
      expect(tooShort.body.error?.validationErrors?.[0]?.field).toBe('newPassword');
      expectRefused(
        await change(bob.login.accessToken, {
          currentPassword: PASSWORD,
          newPassword: 'abcdefgh1',
          confirmPassword: 'abcdefgh1',
        }),
        400,
        'VALIDATION_FAILED',
        'Password Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character',
      );
      expectRefused(
        await change(bob.login.accessToken, {
          currentPassword: PASSWORD,
          newPassword: 'Newer@456',
          confirmPassword: 'Newer@457',
        }),
        400,
        'VALIDATION_FAILED',
        'Passwords must match',
      );
      // None of these changed the password.
      expectOk(await authenticate(ctx.app, bob.userName, PASSWORD));
    });

    it('succeeds and signs out the other sessions, keeping the current one', async () => {
      const other = expectOk(await authenticate(ctx.app, bob.userName, PASSWORD));
      const current = expectOk(await authenticate(ctx.app, bob.userName, PASSWORD));
      const done = expectOk(
        await change(current.accessToken, {
          currentPassword: PASSWORD,
          newPassword: 'Newer@456',
          confirmPassword: 'Newer@456',
        }),
      );
      expect(done.message).toMatch(/Password changed/);

      for (const signedOut of [other, bob.login]) {
        expectRefused(
          await call(ctx.app, {
            url: '/Account/RefreshToken',
            query: { refreshToken: signedOut.refreshToken },
          }),
          401,
          'REFRESH_TOKEN_INVALID',
        );
      }
      expectOk(
        await call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken: current.refreshToken } }),
      );

      expectRefused(await authenticate(ctx.app, bob.userName, PASSWORD), 401, 'INVALID_CREDENTIALS');
      expectOk(await authenticate(ctx.app, bob.userName, 'Newer@456'));
    });

    it('needs a token', async () => {
      expectRefused(
        await call(ctx.app, {
          url: '/Account/changePassword',
          body: { currentPassword: PASSWORD, newPassword: 'Newer@456', confirmPassword: 'Newer@456' },
        }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });

  describe('UserStake/Add', () => {
    const custom = [
      { title: '50', value: 50 },
      { title: '250', value: 250 },
      { title: '750', value: 750 },
      { title: '1.5k', value: 1500 },
      { title: '2.5k', value: 2500 },
      { title: '10k', value: 10_000 },
      { title: '25k', value: 25_000 },
      { title: '1L', value: 100_000 },
    ];

    it('saves exactly eight buttons and they come back on the next login', async () => {
      const who = await registerVerified(ctx.app);
      const saved = expectOk(
        await call(ctx.app, { url: '/UserStake/Add', body: custom, token: who.login.accessToken }),
      );
      expect(saved).toEqual(custom);
      const next = expectOk(await authenticate(ctx.app, who.userName, PASSWORD));
      expect(next.stakes).toEqual(custom);
      // Others keep theirs.
      expect(expectOk(await authenticate(ctx.app, alice.userName, PASSWORD)).stakes).toEqual(
        DEFAULT_STAKE_BUTTONS,
      );
    });

    it('refuses seven or nine buttons and changes nothing', async () => {
      const who = await registerVerified(ctx.app);
      for (const stakes of [custom.slice(0, 7), [...custom, { title: '2L', value: 200_000 }]]) {
        expectRefused(
          await call(ctx.app, { url: '/UserStake/Add', body: stakes, token: who.login.accessToken }),
          400,
          'VALIDATION_FAILED',
          'Exactly 8 stake buttons are needed',
        );
      }
      expect(expectOk(await authenticate(ctx.app, who.userName, PASSWORD)).stakes).toEqual(
        DEFAULT_STAKE_BUTTONS,
      );
    });

    it('needs a token', async () => {
      expectRefused(await call(ctx.app, { url: '/UserStake/Add', body: custom }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('LoginAsDemoUser', () => {
    it('opens a fresh, isolated account with the domain play money each call, its journal balanced', async () => {
      const first = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
      const second = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
      for (const demo of [first, second]) {
        expectLoginResult(demo, demo.userName);
        expect(demo.isDemo).toBe(true);
        expect(demo.balance).toBe(15_000);
        expect(demo.exposure).toBe(0);
        expect(demo.stakes).toEqual(DEFAULT_STAKE_BUTTONS);
      }
      expect(second.userId).not.toBe(first.userId);
      expect(second.userName).not.toBe(first.userName);

      const db = ctx.database.db;
      for (const demo of [first, second]) {
        const [wallet] = await db
          .select({ balance: ledgerAccounts.balance, accountId: ledgerAccounts.id })
          .from(wallets)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.cashAccountId))
          .where(eq(wallets.userId, demo.userId));
        expect(wallet?.balance).toBe(1_500_000);
        const funding = await db
          .select({ journalId: journals.id, amount: journalLines.amount, accountId: journalLines.accountId })
          .from(journals)
          .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
          .where(eq(journals.reference, `demo:${demo.userId}`));
        expect(funding).toHaveLength(2);
        expect(funding.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
        expect(funding.find((l) => l.accountId === wallet?.accountId)?.amount).toBe(1_500_000);
      }

      // Its token works for the user's own calls.
      expectOk(
        await call(ctx.app, {
          method: 'POST',
          url: '/Account/GetUserLoginAttempts',
          token: first.accessToken,
        }),
      );
    });

    it('demo accounts cannot sign in with a password, nor change one', async () => {
      const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
      const row = await userRow(ctx.database.db, demo.userName);
      expect(row.isDemo).toBe(true);
      for (const guess of [PASSWORD, '', 'demo', demo.userName]) {
        const answer = await authenticate(ctx.app, demo.userName, guess || 'x');
        expectRefused(answer, 401, 'INVALID_CREDENTIALS', 'Invalid user name or password.');
      }
      expectRefused(
        await call(ctx.app, {
          url: '/Account/changePassword',
          body: { currentPassword: 'anything1!', newPassword: 'Newer@456', confirmPassword: 'Newer@456' },
          token: demo.accessToken,
        }),
        403,
        'FORBIDDEN',
      );
    });

    it('a demo account on another domain gets that domain', async () => {
      const demo = expectOk(
        await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser', host: 'skipotp.backlay.local' }),
      );
      expect(demo.domain).toBe('skipotp.backlay.local');
      expect(demo.balance).toBe(15_000);
    });
  });

  it('a registration waiting for its code cannot sign in yet', async () => {
    const who = await register(ctx.app);
    expectRefused(
      await authenticate(ctx.app, who.userName, PASSWORD),
      403,
      'USER_NOT_VERIFIED',
      'Please verify your mobile number first.',
    );
    const code = await outboxCode(ctx.app, who.mobile);
    expectOk(await verify(ctx.app, who, code));
    expectOk(await authenticate(ctx.app, who.userName, PASSWORD));
  });
});
