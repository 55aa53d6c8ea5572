import { createHash, createHmac } from 'node:crypto';
import type { LoginResult } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ageChallenges } from '../src/account/otp-repository';
import { domains, referrals, smsOutbox } from '../src/platform/db/schema';
import { OutboxSmsSender } from '../src/platform/sms/sms-sender';
import { backends, createTestApp, TEST_SECRET, type TestContext } from './harness';
import {
  accountState,
  authenticate,
  call,
  expectOk,
  expectRefused,
  openChallenges,
  outboxCode,
  PASSWORD,
  register,
  registerVerified,
  uniqueMobile,
  uniqueName,
  userRow,
  verify,
  type Registered,
} from './helpers';

const SKIP = 'skipotp.backlay.local';
const NOSIGNUP = 'nosignup.backlay.local';

describe.each(backends)('account rules (%s)', (backend) => {
  let ctx: TestContext;
  let alice: Registered & { login: LoginResult };

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    // Every domain's referral reward, set before any request reads (and caches) a domain.
    await ctx.database.db.update(domains).set({ referralRewardPaise: paise(25_050) });
    alice = await registerVerified(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Move a user's codes back in time, as if they had been sent `seconds` earlier. */
  async function ageCodes(userName: string, seconds: number) {
    const user = await userRow(ctx.database.db, userName);
    await ageChallenges(ctx.database.db, user.id, seconds);
  }

  /** Asks for another code for a registered, unverified player. */
  function resendCode(who: Registered) {
    return call(ctx.app, {
      url: '/Account/ResendVerificationCode',
      body: { userName: who.userName, mobile: who.mobile, domain: who.domain },
    });
  }

  describe('sign-in', () => {
    it('an unknown user and a wrong password answer alike', async () => {
      const unknown = await authenticate(ctx.app, uniqueName('nobody'), PASSWORD);
      const wrong = await authenticate(ctx.app, alice.userName, 'Wrong@123');
      expectRefused(unknown, 401, 'INVALID_CREDENTIALS', 'Invalid user name or password.');
      expectRefused(wrong, 401, 'INVALID_CREDENTIALS', 'Invalid user name or password.');
      expect(unknown.body).toEqual(wrong.body);
    });

    it('an account of one domain cannot sign in on another, which answers as for an unknown user', async () => {
      const skipUser = await register(ctx.app, { host: SKIP });
      expectOk(await verify(ctx.app, skipUser, '000000'));
      expectOk(await authenticate(ctx.app, skipUser.userName, PASSWORD, { host: SKIP }));

      const elsewhere = await authenticate(ctx.app, skipUser.userName, PASSWORD);
      expectRefused(elsewhere, 401, 'INVALID_CREDENTIALS', 'Invalid user name or password.');
      expectRefused(
        await authenticate(ctx.app, alice.userName, PASSWORD, { host: SKIP }),
        401,
        'INVALID_CREDENTIALS',
        'Invalid user name or password.',
      );
    });

    it('a token or refresh token from one domain is refused on another', async () => {
      const skipUser = await register(ctx.app, { host: SKIP });
      const login = expectOk(await verify(ctx.app, skipUser, '000000'));
      expect(login.domain).toBe(SKIP);
      expectOk(
        await call(ctx.app, {
          method: 'POST',
          url: '/Account/GetUserLoginAttempts',
          token: login.accessToken,
          host: SKIP,
        }),
      );
      expectRefused(
        await call(ctx.app, {
          method: 'POST',
          url: '/Account/GetUserLoginAttempts',
          token: login.accessToken,
        }),
        401,
        'UNAUTHENTICATED',
      );
      expectRefused(
        await call(ctx.app, {
          url: '/UserStake/Add',
          body: login.stakes,
          token: alice.login.accessToken,
          host: SKIP,
        }),
        401,
        'UNAUTHENTICATED',
      );
      expectRefused(
        await call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken: login.refreshToken } }),
        401,
        'REFRESH_TOKEN_INVALID',
      );
      expect(
        expectOk(
          await call(ctx.app, {
            method: 'POST',
            url: '/Account/GetAccessTokenValidateTime',
            query: { accessToken: login.accessToken },
          }),
        ),
      ).toEqual({ isValid: false, expireInSeconds: 0, expireDateTime: null });
    });

    it('the same user name may exist on two domains, each signing in only on its own', async () => {
      const userName = uniqueName('twin');
      const here = await registerVerified(ctx.app, { userName });
      const there = await register(ctx.app, { userName, host: SKIP, password: 'There@123' });
      expectOk(await verify(ctx.app, there, '000000'));
      expect(expectOk(await authenticate(ctx.app, userName, PASSWORD)).userId).toBe(here.login.userId);
      const other = expectOk(await authenticate(ctx.app, userName, 'There@123', { host: SKIP }));
      expect(other.userId).not.toBe(here.login.userId);
      expectRefused(await authenticate(ctx.app, userName, 'There@123'), 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('sign-up switches', () => {
    it('sign-up off answers 403 SIGNUP_DISABLED and creates nothing', async () => {
      const before = await accountState(ctx.database.db);
      const answer = await call(ctx.app, {
        url: '/Account/Register',
        host: NOSIGNUP,
        body: {
          userName: uniqueName(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          mobile: uniqueMobile(),
        },
      });
      expectRefused(answer, 403, 'SIGNUP_DISABLED', 'Sign-up is not available on this site.');
      expect(await accountState(ctx.database.db)).toEqual(before);
    });

    it('a skipVerification domain sends no code and accepts the fixed code', async () => {
      const who = await register(ctx.app, { host: SKIP });
      const user = await userRow(ctx.database.db, who.userName);
      expect(await openChallenges(ctx.database.db, user.id)).toHaveLength(0);
      expectRefused(
        await call(ctx.app, { url: '/dev/otp-outbox', query: { mobile: who.mobile } }),
        404,
        'NOT_FOUND',
      );
      const login = expectOk(await verify(ctx.app, who, ctx.config.SKIP_VERIFICATION_CODE));
      expect(ctx.config.SKIP_VERIFICATION_CODE).toBe('000000');
      expect(login.domain).toBe(SKIP);
      expect((await userRow(ctx.database.db, who.userName)).status).toBe('active');
    });

    it('a skipVerification domain refuses any other code', async () => {
      const who = await register(ctx.app, { host: SKIP });
      const answer = await verify(ctx.app, who, '123456');
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect((await userRow(ctx.database.db, who.userName)).status).toBe('pending');
    });

    it('the normal domain refuses the fixed code', async () => {
      const who = await register(ctx.app);
      const real = await outboxCode(ctx.app, who.mobile);
      expectRefused(
        await verify(ctx.app, who, '000000'),
        400,
        'OTP_INVALID',
        'The verification code is not correct.',
      );
      expect((await userRow(ctx.database.db, who.userName)).status).toBe('pending');
      expectOk(await verify(ctx.app, who, real));
    });

    it('the fixed code is a server setting', async () => {
      const other = await createTestApp(backend, { SKIP_VERIFICATION_CODE: '424242' });
      try {
        const who = await register(other.app, { host: SKIP });
        // No code was ever sent on this domain: anything but the configured fixed code is wrong.
        expectRefused(await verify(other.app, who, '000000'), 400, 'OTP_INVALID');
        expectOk(await verify(other.app, who, '424242'));
      } finally {
        await other.close();
      }
      // A second app of its own: migrations and the seed on a fresh database take a while on a busy machine.
    }, 180_000);
  });

  describe('one-time codes', () => {
    it('a code is six digits and lives two minutes', async () => {
      const who = await register(ctx.app);
      const code = await outboxCode(ctx.app, who.mobile);
      expect(code).toMatch(/^\d{6}$/);
      await ageCodes(who.userName, 121);
      const before = await accountState(ctx.database.db);
      expectRefused(
        await verify(ctx.app, who, code),
        400,
        'OTP_EXPIRED',
        'The verification code has expired. Please request a new one.',
      );
      expect(await accountState(ctx.database.db)).toEqual(before);
      expect((await userRow(ctx.database.db, who.userName)).status).toBe('pending');
    });

    it('a code just inside its two minutes still works', async () => {
      const who = await register(ctx.app);
      const code = await outboxCode(ctx.app, who.mobile);
      await ageCodes(who.userName, 110);
      expectOk(await verify(ctx.app, who, code));
    });

    it('five wrong tries burn the code; the right one is refused afterwards', async () => {
      const who = await register(ctx.app);
      const code = await outboxCode(ctx.app, who.mobile);
      const wrong = code === '111111' ? '222222' : '111111';
      for (let i = 1; i <= 4; i++) {
        expectRefused(
          await verify(ctx.app, who, wrong),
          400,
          'OTP_INVALID',
          'The verification code is not correct.',
        );
      }
      expectRefused(
        await verify(ctx.app, who, wrong),
        429,
        'OTP_ATTEMPTS_EXCEEDED',
        'Too many wrong codes. Please request a new one.',
      );
      const user = await userRow(ctx.database.db, who.userName);
      const [challenge] = await openChallenges(ctx.database.db, user.id);
      expect(challenge?.wrongTries).toBe(5);
      expect(challenge?.endReason).toBe('too_many_tries');

      // The burnt code says so, even when the right digits come afterwards.
      expectRefused(await verify(ctx.app, who, code), 429, 'OTP_ATTEMPTS_EXCEEDED');
      expect((await userRow(ctx.database.db, who.userName)).status).toBe('pending');
    });

    it('a resend voids the previous code; the new one works', async () => {
      const who = await register(ctx.app);
      const first = await outboxCode(ctx.app, who.mobile);
      await ageCodes(who.userName, 31);
      const resent = expectOk(await resendCode(who));
      expect(resent).toEqual({ otpExpiresInSeconds: 120 });
      const second = await outboxCode(ctx.app, who.mobile);
      const user = await userRow(ctx.database.db, who.userName);
      const rows = await openChallenges(ctx.database.db, user.id);
      expect(rows).toHaveLength(2);
      expect(rows[0]?.endReason).toBe('resent');
      expect(rows[1]?.endedAt).toBeNull();

      if (first !== second) {
        expectRefused(await verify(ctx.app, who, first), 400, 'OTP_INVALID');
      }
      expectOk(await verify(ctx.app, who, second));
    });

    it('a used code is refused the second time', async () => {
      const who = await register(ctx.app);
      const code = await outboxCode(ctx.app, who.mobile);
      expectOk(await verify(ctx.app, who, code));
      const before = await accountState(ctx.database.db);
      expectRefused(
        await verify(ctx.app, who, code),
        409,
        'ALREADY_VERIFIED',
        'This account is already verified. Please log in.',
      );
      expect(await accountState(ctx.database.db)).toEqual(before);
    });

    it('a resend right after the first code is throttled, and six codes an hour at most', async () => {
      const who = await register(ctx.app);
      const resend = () => resendCode(who);
      const before = await accountState(ctx.database.db);
      expectRefused(
        await resend(),
        429,
        'RATE_LIMITED',
        'Please wait 30 seconds before asking for another code.',
      );
      expect(await accountState(ctx.database.db)).toEqual(before);

      for (let sent = 1; sent < 6; sent++) {
        await ageCodes(who.userName, 31);
        expectOk(await resend());
      }
      await ageCodes(who.userName, 31);
      expectRefused(
        await resend(),
        429,
        'RATE_LIMITED',
        'Too many codes requested. Please try again in an hour.',
      );
      const user = await userRow(ctx.database.db, who.userName);
      expect(await openChallenges(ctx.database.db, user.id)).toHaveLength(6);
    });

    it("the development control moves a mobile's codes back on its own site only, so a resend is allowed", async () => {
      const who = await register(ctx.app);
      const resend = () => resendCode(who);
      expectRefused(await resend(), 429, 'RATE_LIMITED');
      const age = (host?: string) =>
        call<{ aged: number }>(ctx.app, {
          url: '/dev/otp-outbox/age',
          body: { mobile: who.mobile, seconds: 31 },
          ...(host ? { host } : {}),
        });
      // Another site has no player with this mobile: nothing moves, the throttle holds.
      expect(expectOk(await age(SKIP))).toEqual({ aged: 0 });
      expectRefused(await resend(), 429, 'RATE_LIMITED');
      expect(expectOk(await age())).toEqual({ aged: 1 });
      expect(expectOk(await resend())).toEqual({ otpExpiresInSeconds: 120 });
      expectRefused(
        await call(ctx.app, { url: '/dev/otp-outbox/age', body: { mobile: who.mobile, seconds: 0 } }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('a code is for its own user and mobile only', async () => {
      const a = await register(ctx.app);
      const b = await register(ctx.app);
      const codeA = await outboxCode(ctx.app, a.mobile);
      const codeB = await outboxCode(ctx.app, b.mobile);
      if (codeA !== codeB) expectRefused(await verify(ctx.app, b, codeA), 400, 'OTP_INVALID');
      // A's user name with B's mobile: no such registration.
      expectRefused(
        await verify(ctx.app, { ...a, mobile: b.mobile }, codeA),
        400,
        'VALIDATION_FAILED',
        'No registration waits for this user name and mobile.',
      );
      // The body's domain must be the site the request comes from.
      expectRefused(
        await verify(ctx.app, { ...a, domain: SKIP }, codeA),
        400,
        'VALIDATION_FAILED',
        'No registration waits for this user name and mobile.',
      );
      expectOk(await verify(ctx.app, a, codeA));
    });
  });

  describe('mobile numbers as people type them', () => {
    /** '98765 43210': the ten digits in the usual 5 + 5 groups. */
    const spaced = (m: string) => `${m.slice(0, 5)} ${m.slice(5)}`;

    it.each([
      ['98765 43210', (m: string) => spaced(m)],
      ['+91 98765 43210', (m: string) => `+91 ${spaced(m)}`],
      ['0 98765 43210', (m: string) => `0${spaced(m)}`],
    ])('registers a mobile typed as %s, and verifies with it typed the same way', async (_, typed) => {
      const mobile = uniqueMobile();
      const userName = uniqueName();
      const answer = await call<{ mobile: string }>(ctx.app, {
        url: '/Account/Register',
        body: { userName, password: PASSWORD, confirmPassword: PASSWORD, mobile: typed(mobile) },
      });
      expect(expectOk(answer).mobile).toBe(mobile);
      expect((await userRow(ctx.database.db, userName)).mobile).toBe(mobile);
      const code = await outboxCode(ctx.app, typed(mobile));
      expectOk(
        await verify(ctx.app, { userName, mobile: typed(mobile), domain: 'test', password: PASSWORD }, code),
      );
      // The same number typed another way is the same number: it is taken.
      expectRefused(
        await call(ctx.app, {
          url: '/Account/Register',
          body: {
            userName: uniqueName(),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            mobile: `+91${mobile}`,
          },
        }),
        409,
        'MOBILE_TAKEN',
      );
    });

    it('still refuses what is not an Indian mobile number, spaces or not', async () => {
      for (const mobile of ['98765 4321', '58765 43210', '+92 98765 43210', '987 65 43 21 0 1', '   ']) {
        const answer = await call(ctx.app, {
          url: '/Account/Register',
          body: { userName: uniqueName(), password: PASSWORD, confirmPassword: PASSWORD, mobile },
        });
        expectRefused(answer, 400, 'VALIDATION_FAILED', 'mobile number is not valid');
      }
    });
  });

  describe('sign-in by mobile number', () => {
    it('signs in with the registered mobile, typed any way section 5 allows, spaces too', async () => {
      const who = await registerVerified(ctx.app);
      const m = who.mobile;
      for (const typed of [
        m,
        `+91${m}`,
        `0091${m}`,
        `0${m}`,
        `${m.slice(0, 5)} ${m.slice(5)}`,
        `+91 ${m.slice(0, 5)} ${m.slice(5)}`,
      ]) {
        const login = expectOk(await authenticate(ctx.app, typed, PASSWORD));
        expect(login.userName).toBe(who.userName);
        expect(login.userId).toBe(who.login.userId);
      }
      expectRefused(
        await authenticate(ctx.app, m, 'Wrong@123'),
        401,
        'INVALID_CREDENTIALS',
        'Invalid user name or password.',
      );
    });

    it('an unregistered mobile answers as an unknown user; a registration waiting for its code is not verified', async () => {
      const nobody = await authenticate(ctx.app, uniqueMobile(), PASSWORD);
      const unknown = await authenticate(ctx.app, uniqueName('nobody'), PASSWORD);
      expectRefused(nobody, 401, 'INVALID_CREDENTIALS');
      expect(nobody.body).toEqual(unknown.body);
      const pending = await register(ctx.app);
      expectRefused(await authenticate(ctx.app, pending.mobile, PASSWORD), 403, 'USER_NOT_VERIFIED');
    });

    it('a user name made of digits signs in as that user, even when it is also someone’s mobile number', async () => {
      const digits = uniqueMobile();
      const named = await registerVerified(ctx.app, { userName: digits, password: 'Named@123' });
      const holder = await registerVerified(ctx.app, { mobile: digits });
      expect(expectOk(await authenticate(ctx.app, digits, 'Named@123')).userId).toBe(named.login.userId);
      // The mobile's owner signs in with it typed with a prefix or spaces, or with their user name.
      expect(expectOk(await authenticate(ctx.app, `+91 ${digits}`, PASSWORD)).userId).toBe(
        holder.login.userId,
      );
      expectOk(await authenticate(ctx.app, holder.userName, PASSWORD));
    });
  });

  describe('one-time codes at rest', () => {
    it('neither the code table nor the SMS outbox holds a code in plain text; the dev outbox still shows it', async () => {
      const who = await register(ctx.app);
      const code = await outboxCode(ctx.app, who.mobile);
      expect(code).toMatch(/^\d{6}$/);
      const user = await userRow(ctx.database.db, who.userName);
      const challenges = await openChallenges(ctx.database.db, user.id);
      const outbox = await ctx.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.mobile, user.mobile ?? ''));
      expect(challenges).toHaveLength(1);
      expect(outbox).toHaveLength(1);
      for (const row of [...challenges, ...outbox]) {
        for (const value of Object.values(row)) expect(String(value)).not.toContain(code);
      }
      // The code table keeps an HMAC-SHA256 under the server secret, not a bare hash of six digits.
      const digest = (key: string) => createHmac('sha256', key).update(`${user.id}:${code}`).digest('hex');
      expect(challenges[0]?.codeHash).toBe(digest(TEST_SECRET));
      expect(challenges[0]?.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
      expectOk(await verify(ctx.app, who, code));
    });

    it('a server with another secret cannot open the outbox', async () => {
      const who = await register(ctx.app);
      const mine = new OutboxSmsSender(ctx.database.db, () => undefined, TEST_SECRET);
      const theirs = new OutboxSmsSender(ctx.database.db, () => undefined, `${TEST_SECRET}-another`);
      expect((await mine.latest(who.mobile))?.code).toBe(await outboxCode(ctx.app, who.mobile));
      expect(await theirs.latest(who.mobile)).toBeNull();
    });
  });

  describe('registration rules', () => {
    it('a taken user name (any case) or mobile is refused', async () => {
      const before = await accountState(ctx.database.db);
      expectRefused(
        await call(ctx.app, {
          url: '/Account/Register',
          body: {
            userName: alice.userName.toUpperCase(),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            mobile: uniqueMobile(),
          },
        }),
        409,
        'USERNAME_TAKEN',
        'This user name is already taken.',
      );
      expectRefused(
        await call(ctx.app, {
          url: '/Account/Register',
          body: {
            userName: uniqueName(),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            mobile: `+91${alice.mobile}`,
          },
        }),
        409,
        'MOBILE_TAKEN',
        'This mobile number is already registered.',
      );
      expect(await accountState(ctx.database.db)).toEqual(before);
    });

    it('an unknown referral code is refused and creates nothing', async () => {
      const before = await accountState(ctx.database.db);
      const answer = await call(ctx.app, {
        url: '/Account/Register',
        body: {
          userName: uniqueName(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          mobile: uniqueMobile(),
          referralCode: 'ZZZZ9999',
        },
      });
      expectRefused(answer, 400, 'VALIDATION_FAILED', 'Referral code is not valid');
      expect(answer.body.error?.validationErrors).toEqual([
        { field: 'referralCode', message: 'Referral code is not valid' },
      ]);
      expect(await accountState(ctx.database.db)).toEqual(before);
    });

    it('a known referral code records the referrer, and verification records the referral, pending, with the domain reward', async () => {
      const referrer = await userRow(ctx.database.db, alice.userName);
      const who = await register(ctx.app, { referralCode: referrer.referralCode.toLowerCase() });
      const pending = await userRow(ctx.database.db, who.userName);
      expect(pending.referredByUserId).toBe(referrer.id);
      const code = await outboxCode(ctx.app, who.mobile);
      expectOk(await verify(ctx.app, who, code));
      const [row] = await ctx.database.db
        .select()
        .from(referrals)
        .where(eq(referrals.referredUserId, pending.id));
      expect(row?.referrerUserId).toBe(referrer.id);
      // Recorded pending: it turns claimable once the friend's deposits and turnover qualify (C3).
      expect(row?.status).toBe('PENDING');
      expect(row?.rewardPaise).toBe(25_050);
    });

    it('a referral code of another domain is unknown here', async () => {
      const skipUser = await register(ctx.app, { host: SKIP });
      expectOk(await verify(ctx.app, skipUser, '000000'));
      const theirCode = (await userRow(ctx.database.db, skipUser.userName)).referralCode;
      expectRefused(
        await call(ctx.app, {
          url: '/Account/Register',
          body: {
            userName: uniqueName(),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            mobile: uniqueMobile(),
            referralCode: theirCode,
          },
        }),
        400,
        'VALIDATION_FAILED',
        'Referral code is not valid',
      );
    });

    it('registering again before verifying, with the same password, sends a new code', async () => {
      const who = await register(ctx.app);
      await ageCodes(who.userName, 31);
      const again = await register(ctx.app, { userName: who.userName, mobile: who.mobile });
      const code = await outboxCode(ctx.app, again.mobile);
      expectOk(await verify(ctx.app, again, code));
      expectOk(await authenticate(ctx.app, who.userName, PASSWORD));
    });

    it('registering again before verifying with another password is refused: no one can set the password of an account its owner is about to verify', async () => {
      const who = await register(ctx.app);
      await ageCodes(who.userName, 31);
      const before = await accountState(ctx.database.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/Account/Register',
        payload: {
          userName: who.userName,
          password: 'Other@123',
          confirmPassword: 'Other@123',
          mobile: who.mobile,
        },
      });
      expectRefused(
        { status: res.statusCode, headers: res.headers, body: res.json() },
        409,
        'USERNAME_TAKEN',
      );
      expect(await accountState(ctx.database.db)).toEqual(before);
      const code = await outboxCode(ctx.app, who.mobile);
      expectOk(await verify(ctx.app, who, code));
      expectOk(await authenticate(ctx.app, who.userName, PASSWORD));
      expectRefused(await authenticate(ctx.app, who.userName, 'Other@123'), 401, 'INVALID_CREDENTIALS');
    });
  });
});
