import { connect } from 'node:net';
import { DEFAULT_STAKE_BUTTONS, MESSAGES, STAKE_TITLE_MESSAGE, type LoginResult } from '@backlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import {
  accountState,
  authenticate,
  call,
  claimsOf,
  expectOk,
  expectRefused,
  expiredToken,
  outboxCode,
  PASSWORD,
  register,
  registerVerified,
  rowCounts,
  tamperedToken,
  uniqueMobile,
  uniqueName,
  unsignedToken,
  verify,
  wrongKeyToken,
  type CallOptions,
  type Registered,
} from './helpers';
import { operatorHeaders } from './operator-helpers';

const TEN_KB = 'x'.repeat(10 * 1024);
const SQL = "' OR 1=1 --";
const SQL_DROP = "x'; DROP TABLE users; --";
const HTML = '<script>alert(1)</script>';
const HTML_ATTR = '<img src=x onerror=alert(1)>';

interface Case {
  name: string;
  req: CallOptions;
  status: number;
  code: string;
  message?: string | RegExp;
  /** The field the first validation error names, when the case is a field's. */
  field?: string;
}

describe.each(backends)('bad input changes nothing (%s)', (backend) => {
  let ctx: TestContext;
  let alice: Registered & { login: LoginResult };
  let pending: Registered;
  let pendingCode: string;

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    alice = await registerVerified(ctx.app);
    pending = await register(ctx.app);
    pendingCode = await outboxCode(ctx.app, pending.mobile);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Each case: refused with the envelope, a 4xx status and a clear message; the database unchanged. */
  async function runCases(cases: Case[]) {
    for (const c of cases) {
      const before = await accountState(ctx.database.db);
      const answer = await call(ctx.app, c.req);
      try {
        expectRefused(answer, c.status, c.code, c.message);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        if (c.field) expect(answer.body.error?.validationErrors?.[0]?.field).toBe(c.field);
        expect(await accountState(ctx.database.db)).toEqual(before);
      } catch (err) {
        throw new Error(`case "${c.name}": ${(err as Error).message}`);
      }
    }
  }

  const validRegister = () => ({
    userName: uniqueName(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    mobile: uniqueMobile(),
  });

  /** Bodies that are not JSON objects at all, for any POST call. */
  function nonJson(url: string, token?: string): Case[] {
    const t = token ? { token } : {};
    return [
      {
        name: 'no body',
        req: { method: 'POST', url, ...t },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request body is empty.',
      },
      {
        name: 'broken JSON',
        req: { url, raw: { payload: '{"userName": "a', contentType: 'application/json' }, ...t },
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The request body is not valid JSON.',
      },
      {
        name: 'empty JSON body',
        req: { url, raw: { payload: '', contentType: 'application/json' }, ...t },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request body is empty.',
      },
      {
        name: 'empty form body (axios posting null)',
        req: { url, raw: { payload: '', contentType: 'application/x-www-form-urlencoded' }, ...t },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request body is empty.',
      },
      {
        name: 'form encoded',
        req: { url, raw: { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }, ...t },
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Send the request body as application/json.',
      },
      {
        name: 'plain text',
        req: { url, raw: { payload: 'hello', contentType: 'text/plain' }, ...t },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'a JSON string',
        req: { url, raw: { payload: '"hello"', contentType: 'application/json' }, ...t },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'JSON null',
        req: { url, raw: { payload: 'null', contentType: 'application/json' }, ...t },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'prototype pollution',
        req: {
          url,
          raw: { payload: '{"__proto__": {"isAdmin": true}}', contentType: 'application/json' },
          ...t,
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        name: 'over 256 KB',
        req: {
          url,
          raw: { payload: JSON.stringify({ a: 'x'.repeat(300 * 1024) }), contentType: 'application/json' },
          ...t,
        },
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
  }

  /** Every way a bearer token can be bad, for a call that needs one. */
  async function badTokens(req: CallOptions): Promise<Case[]> {
    const claims = claimsOf(alice.login);
    return [
      { name: 'no token', req, status: 401, code: 'UNAUTHENTICATED', message: 'Please log in to continue.' },
      {
        name: 'expired token',
        req: { ...req, token: await expiredToken(claims) },
        status: 401,
        code: 'TOKEN_EXPIRED',
        message: 'Your session has expired. Please log in again.',
      },
      {
        name: 'token signed with another key',
        req: { ...req, token: await wrongKeyToken(claims) },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'alg none',
        req: { ...req, token: unsignedToken(claims) },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'payload edited after signing',
        req: { ...req, token: tamperedToken(alice.login.accessToken, claims.userId + 1) },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'the casino token instead of the access token',
        req: { ...req, token: alice.login.casinoToken },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'the refresh token as a bearer',
        req: { ...req, token: alice.login.refreshToken },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'garbage token',
        req: { ...req, token: SQL.replace(/ /g, '') },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'Basic scheme',
        req: { ...req, headers: { authorization: 'Basic YWxpY2U6cGFzcw==' } },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        name: 'a 10 KB token',
        req: { ...req, token: TEN_KB },
        status: 401,
        code: 'UNAUTHENTICATED',
      },
    ];
  }

  it('Authenticate: missing fields, wrong types, huge strings, non-JSON', async () => {
    const url = '/Account/Authenticate';
    await runCases([
      {
        name: 'empty object',
        req: { url, body: {} },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameRequired,
      },
      {
        name: 'no password',
        req: { url, body: { userNameOrEmailAddress: alice.userName } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordRequired,
        field: 'password',
      },
      {
        name: 'blank user name',
        req: { url, body: { userNameOrEmailAddress: '   ', password: PASSWORD } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameRequired,
      },
      {
        name: 'empty password',
        req: { url, body: { userNameOrEmailAddress: alice.userName, password: '' } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordRequired,
      },
      {
        name: 'user name is a number',
        req: { url, body: { userNameOrEmailAddress: 12345, password: PASSWORD } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'userNameOrEmailAddress',
      },
      {
        name: 'password is an object',
        req: { url, body: { userNameOrEmailAddress: alice.userName, password: { $ne: null } } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'password',
      },
      {
        name: 'rememberClient is text',
        req: {
          url,
          body: { userNameOrEmailAddress: alice.userName, password: PASSWORD, rememberClient: 'yes' },
        },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'rememberClient',
      },
      {
        name: '10 KB user name',
        req: { url, body: { userNameOrEmailAddress: TEN_KB, password: PASSWORD } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'userNameOrEmailAddress',
      },
      {
        name: '10 KB password',
        req: { url, body: { userNameOrEmailAddress: alice.userName, password: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'password',
      },
      ...nonJson(url),
    ]);
  });

  it('Authenticate: SQL and HTML payloads sign no one in and only record a failed attempt', async () => {
    for (const [login, password] of [
      [SQL, SQL],
      [`${alice.userName}' --`, 'x'],
      [`${alice.userName}' OR '1'='1`, SQL],
      [SQL_DROP, PASSWORD],
      [HTML, HTML],
      [HTML_ATTR, PASSWORD],
      ['%', PASSWORD],
      ['_%', PASSWORD],
    ] as const) {
      const before = await accountState(ctx.database.db);
      const answer = await authenticate(ctx.app, login, password);
      expectRefused(answer, 401, 'INVALID_CREDENTIALS', 'Invalid user name or password.');
      const after = await accountState(ctx.database.db);
      expect(after.counts).toEqual({ ...before.counts, loginAttempts: before.counts.loginAttempts + 1 });
      expect(after.userRows).toEqual(before.userRows);
      expect(after.sessionRows).toEqual(before.sessionRows);
    }
    // The users table is still there and alice still signs in.
    expectOk(await authenticate(ctx.app, alice.userName, PASSWORD));
  });

  it('Register: missing fields, wrong types, huge strings, non-JSON', async () => {
    const url = '/Account/Register';
    const body = validRegister;
    const without = (field: string) => {
      const b: Record<string, unknown> = body();
      delete b[field];
      return b;
    };
    const empty = await call(ctx.app, { url, body: {} });
    expect(empty.body.error?.validationErrors?.map((e) => e.field).sort()).toEqual([
      'confirmPassword',
      'mobile',
      'password',
      'userName',
    ]);
    await runCases([
      {
        name: 'empty object',
        req: { url, body: {} },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameRequired,
      },
      {
        name: 'no user name',
        req: { url, body: without('userName') },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameRequired,
        field: 'userName',
      },
      {
        name: 'no password',
        req: { url, body: without('password') },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordRequired,
        field: 'password',
      },
      {
        name: 'no confirmation',
        req: { url, body: without('confirmPassword') },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordsMustMatch,
        field: 'confirmPassword',
      },
      {
        name: 'no mobile',
        req: { url, body: without('mobile') },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.mobileInvalid,
        field: 'mobile',
      },
      {
        name: 'user name is a number',
        req: { url, body: { ...body(), userName: 12345 } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'userName',
      },
      {
        name: 'mobile is a number',
        req: { url, body: { ...body(), mobile: 9812345678 } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.mobileInvalid,
        field: 'mobile',
      },
      {
        name: 'password is an array',
        req: { url, body: { ...body(), password: ['Secret@123'], confirmPassword: ['Secret@123'] } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'password',
      },
      {
        name: 'referral code is a number',
        req: { url, body: { ...body(), referralCode: 42 } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'referralCode',
      },
      {
        name: '10 KB user name',
        req: { url, body: { ...body(), userName: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameFormat,
      },
      {
        name: '10 KB password',
        req: { url, body: { ...body(), password: `Aa1!${TEN_KB}`, confirmPassword: `Aa1!${TEN_KB}` } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'password',
      },
      {
        name: '10 KB mobile',
        req: { url, body: { ...body(), mobile: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.mobileInvalid,
      },
      {
        name: '10 KB referral code',
        req: { url, body: { ...body(), referralCode: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.referralCodeFormat,
      },
      ...nonJson(url),
    ]);
  });

  it('Register: SQL and HTML payloads in every field', async () => {
    const url = '/Account/Register';
    const cases: Case[] = [];
    for (const payload of [SQL, SQL_DROP, HTML, HTML_ATTR]) {
      cases.push(
        {
          name: `user name ${payload}`,
          req: { url, body: { ...validRegister(), userName: payload } },
          status: 400,
          code: 'VALIDATION_FAILED',
          message: MESSAGES.userNameFormat,
        },
        {
          name: `mobile ${payload}`,
          req: { url, body: { ...validRegister(), mobile: payload } },
          status: 400,
          code: 'VALIDATION_FAILED',
          message: MESSAGES.mobileInvalid,
        },
        {
          name: `password ${payload}`,
          req: {
            url,
            body: { ...validRegister(), password: `${payload}Aa1!`, confirmPassword: `${payload}Aa1!` },
          },
          status: 400,
          code: 'VALIDATION_FAILED',
          message: MESSAGES.passwordPattern,
        },
        {
          name: `referral code ${payload}`,
          req: { url, body: { ...validRegister(), referralCode: payload } },
          status: 400,
          code: 'VALIDATION_FAILED',
          message: MESSAGES.referralCodeFormat,
        },
      );
    }
    await runCases(cases);
  });

  it('Register: invalid mobiles, weak passwords and a mismatch, with the section 5 messages', async () => {
    const url = '/Account/Register';
    const cases: Case[] = [];
    for (const mobile of [
      '12345',
      '5812345678',
      '981234567',
      '98123456789',
      '+19812345678',
      '0091-9812345678', // spaces are dropped before the rule (0091 98123 45678 is valid); other separators are not
      '98123x5678',
      '',
    ]) {
      cases.push({
        name: `mobile ${mobile}`,
        req: { url, body: { ...validRegister(), mobile } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'mobile number is not valid',
        field: 'mobile',
      });
    }
    for (const password of ['Ab1!', 'short1@', 'a1@']) {
      cases.push({
        name: `password ${password}`,
        req: { url, body: { ...validRegister(), password, confirmPassword: password } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Password is too short - should be 8 chars minimum.',
        field: 'password',
      });
    }
    for (const password of ['abcdefgh', 'abcdefgh1', 'abcdefgh!', '12345678!', 'Abcdefgh 1!', 'Abcdefg1^']) {
      cases.push({
        name: `password ${password}`,
        req: { url, body: { ...validRegister(), password, confirmPassword: password } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message:
          'Password Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character',
        field: 'password',
      });
    }
    cases.push({
      name: 'mismatch',
      req: { url, body: { ...validRegister(), confirmPassword: 'Secret@124' } },
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Passwords must match',
      field: 'confirmPassword',
    });
    await runCases(cases);
  });

  it('VerificationUser: missing fields, bad codes, huge strings, payloads, non-JSON', async () => {
    const url = '/Account/VerificationUser';
    const base = () => ({
      userName: pending.userName,
      mobile: pending.mobile,
      domain: pending.domain,
      otp: pendingCode,
    });
    const cases: Case[] = [
      { name: 'empty object', req: { url, body: {} }, status: 400, code: 'VALIDATION_FAILED' },
      {
        name: 'no code',
        req: { url, body: { ...base(), otp: undefined } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please Enter Otp code',
        field: 'otp',
      },
      {
        name: 'no domain',
        req: { url, body: { ...base(), domain: undefined } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Domain is required',
      },
      {
        name: 'no user name',
        req: { url, body: { ...base(), userName: undefined } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameRequired,
      },
      {
        name: 'invalid mobile',
        req: { url, body: { ...base(), mobile: '12345' } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'mobile number is not valid',
      },
      {
        name: '10 KB domain',
        req: { url, body: { ...base(), domain: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'domain',
      },
      {
        name: '10 KB user name',
        req: { url, body: { ...base(), userName: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'userName',
      },
      {
        name: 'unknown registration',
        req: { url, body: { ...base(), userName: uniqueName() } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'No registration waits for this user name and mobile.',
      },
      {
        name: 'SQL in domain',
        req: { url, body: { ...base(), domain: SQL } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'No registration waits for this user name and mobile.',
      },
      {
        name: 'an already verified account',
        req: { url, body: { userName: alice.userName, mobile: alice.mobile, domain: 'test', otp: '123456' } },
        status: 409,
        code: 'ALREADY_VERIFIED',
      },
      ...nonJson(url),
    ];
    for (const otp of [
      '',
      'abcdef',
      '12345',
      '1234567',
      '12 456',
      '-12345',
      '1e5',
      SQL,
      HTML,
      TEN_KB,
      true,
      null,
      12.5,
    ]) {
      cases.push({
        name: `code ${String(otp).slice(0, 20)}`,
        req: { url, body: { ...base(), otp } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please Enter Otp code',
        field: 'otp',
      });
    }
    for (const payload of [SQL, HTML]) {
      cases.push({
        name: `user name ${payload}`,
        req: { url, body: { ...base(), userName: payload } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameFormat,
      });
    }
    await runCases(cases);
    // The code still works after all that.
    expectOk(await verify(ctx.app, pending, pendingCode));
    pending = await register(ctx.app);
    pendingCode = await outboxCode(ctx.app, pending.mobile);
  });

  it('VerificationUser: a wrong code changes nothing but its try counter', async () => {
    const wrong = pendingCode === '999999' ? '888888' : '999999';
    const before = await accountState(ctx.database.db);
    expectRefused(
      await verify(ctx.app, pending, wrong),
      400,
      'OTP_INVALID',
      'The verification code is not correct.',
    );
    const after = await accountState(ctx.database.db);
    expect(after.counts).toEqual(before.counts);
    expect(after.userRows).toEqual(before.userRows);
    expect(after.sessionRows).toEqual(before.sessionRows);
    const changed = after.codeRows.filter(
      (row, i) => JSON.stringify(row) !== JSON.stringify(before.codeRows[i]),
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]?.tries).toBe(1);
  });

  it('ResendVerificationCode: missing fields, huge strings, payloads, unknown registration, non-JSON', async () => {
    const url = '/Account/ResendVerificationCode';
    const base = () => ({ userName: pending.userName, mobile: pending.mobile, domain: pending.domain });
    await runCases([
      { name: 'empty object', req: { url, body: {} }, status: 400, code: 'VALIDATION_FAILED' },
      {
        name: 'no mobile',
        req: { url, body: { ...base(), mobile: undefined } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.mobileInvalid,
      },
      {
        name: 'invalid mobile',
        req: { url, body: { ...base(), mobile: '+1 555 0100' } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'mobile number is not valid',
      },
      {
        name: 'mobile is a number',
        req: { url, body: { ...base(), mobile: Number(pending.mobile) } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'mobile number is not valid',
      },
      {
        name: '10 KB user name',
        req: { url, body: { ...base(), userName: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'SQL user name',
        req: { url, body: { ...base(), userName: SQL } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameFormat,
      },
      {
        name: 'HTML user name',
        req: { url, body: { ...base(), userName: HTML } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.userNameFormat,
      },
      {
        name: 'HTML domain',
        req: { url, body: { ...base(), domain: HTML } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'No registration waits for this user name and mobile.',
      },
      {
        name: 'unknown registration',
        req: { url, body: { ...base(), mobile: uniqueMobile() } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'No registration waits for this user name and mobile.',
      },
      {
        name: 'an already verified account',
        req: { url, body: { userName: alice.userName, mobile: alice.mobile, domain: 'test' } },
        status: 409,
        code: 'ALREADY_VERIFIED',
      },
      ...nonJson(url),
    ]);
  });

  it('GetAccessTokenValidateTime and RefreshToken: missing, huge and hostile tokens', async () => {
    const validate = '/Account/GetAccessTokenValidateTime';
    const refresh = '/Account/RefreshToken';
    await runCases([
      {
        name: 'validate without a token',
        req: { method: 'POST', url: validate },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Access token is required',
      },
      {
        name: 'validate with a 10 KB token',
        req: { method: 'POST', url: validate, query: { accessToken: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'accessToken',
      },
      {
        name: 'refresh without a token',
        req: { url: refresh },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Refresh token is required',
      },
      {
        name: 'refresh with a 10 KB token',
        req: { url: refresh, query: { refreshToken: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'refreshToken',
      },
      {
        name: 'refresh with SQL',
        req: { url: refresh, query: { refreshToken: SQL } },
        status: 401,
        code: 'REFRESH_TOKEN_INVALID',
        message: 'Your session has expired. Please log in again.',
      },
      {
        name: 'refresh with HTML',
        req: { url: refresh, query: { refreshToken: HTML } },
        status: 401,
        code: 'REFRESH_TOKEN_INVALID',
      },
      {
        name: 'refresh with the access token',
        req: { url: refresh, query: { refreshToken: alice.login.accessToken } },
        status: 401,
        code: 'REFRESH_TOKEN_INVALID',
      },
      {
        name: 'refresh with the refresh token’s hash',
        req: { url: refresh, query: { refreshToken: 'a'.repeat(64) } },
        status: 401,
        code: 'REFRESH_TOKEN_INVALID',
      },
    ]);
    // A token in the query is never mistaken for a bearer.
    for (const accessToken of [SQL, HTML]) {
      expect(
        expectOk(await call(ctx.app, { method: 'POST', url: validate, query: { accessToken } })),
      ).toEqual({ isValid: false, expireInSeconds: 0, expireDateTime: null });
    }
  });

  it('GetSettingExpiry: a 10 KB domain is refused', async () => {
    await runCases([
      {
        name: '10 KB domain',
        req: { url: '/api/setting/GetSettingExpiry', query: { domain: TEN_KB } },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'domain',
      },
    ]);
  });

  it('GetUserLoginAttempts: bad paging and every kind of bad token', async () => {
    const url = '/Account/GetUserLoginAttempts';
    const token = alice.login.accessToken;
    const cases: Case[] = [];
    for (const [name, query] of [
      ['unknown Result', { Result: 'Everything' }],
      ['SQL Result', { Result: SQL }],
      ['HTML Result', { Result: HTML }],
      ['10 KB Result', { Result: TEN_KB }],
      ['zero MaxResultCount', { MaxResultCount: '0' }],
      ['huge MaxResultCount', { MaxResultCount: '1000000' }],
      ['text MaxResultCount', { MaxResultCount: 'ten' }],
      ['fractional MaxResultCount', { MaxResultCount: '2.5' }],
      ['negative SkipCount', { SkipCount: '-1' }],
      ['SQL SkipCount', { SkipCount: '0; DROP TABLE login_attempts' }],
    ] as const) {
      cases.push({
        name,
        req: { method: 'POST', url, query, token },
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    cases.push(...(await badTokens({ method: 'POST', url })));
    await runCases(cases);
  });

  it('bet history and profit and loss: paging that is no number, and sport ids out of range', async () => {
    const token = alice.login.accessToken;
    const cases: Case[] = [];
    for (const url of ['/Bet/GetUserBetHistory', '/Bet/GetUserProfitLoss']) {
      for (const [name, body] of [
        ['true MaxResultCount', { MaxResultCount: true }],
        ['array MaxResultCount', { MaxResultCount: [] }],
        ['array SkipCount', { SkipCount: [5] }],
        ['null SkipCount', { SkipCount: null }],
        ['sportId 2^31', { sportId: 2 ** 31 }],
        ['sportId -2^31', { sportId: -(2 ** 31) }],
      ] as const) {
        cases.push({
          name: `${url} ${name}`,
          req: { url, body, token },
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
    }
    await runCases(cases);
  });

  it('changePassword: missing fields, wrong types, huge strings, weak passwords, bad tokens, non-JSON', async () => {
    const url = '/Account/changePassword';
    const token = alice.login.accessToken;
    const valid = { currentPassword: PASSWORD, newPassword: 'Newer@456', confirmPassword: 'Newer@456' };
    const cases: Case[] = [
      { name: 'empty object', req: { url, body: {}, token }, status: 400, code: 'VALIDATION_FAILED' },
      {
        name: 'no current password',
        req: { url, body: { ...valid, currentPassword: undefined }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordRequired,
        field: 'currentPassword',
      },
      {
        name: 'no new password',
        req: { url, body: { ...valid, newPassword: undefined }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordRequired,
        field: 'newPassword',
      },
      {
        // A missing confirmation is accepted (the family's V1 client sends none): a wrong one is not.
        name: 'a confirmation that does not match',
        req: { url, body: { ...valid, confirmPassword: 'Other@456' }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordsMustMatch,
      },
      {
        name: 'new password is a number',
        req: { url, body: { ...valid, newPassword: 12345678, confirmPassword: 12345678 }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'newPassword',
      },
      {
        name: '10 KB current password',
        req: { url, body: { ...valid, currentPassword: TEN_KB }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'currentPassword',
      },
      {
        name: '10 KB new password',
        req: {
          url,
          body: { ...valid, newPassword: `Aa1!${TEN_KB}`, confirmPassword: `Aa1!${TEN_KB}` },
          token,
        },
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'newPassword',
      },
      {
        name: 'too short',
        req: { url, body: { ...valid, newPassword: 'Ab1!', confirmPassword: 'Ab1!' }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Password is too short - should be 8 chars minimum.',
      },
      {
        name: 'no special character',
        req: { url, body: { ...valid, newPassword: 'Abcdefg12', confirmPassword: 'Abcdefg12' }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message:
          'Password Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character',
      },
      {
        name: 'SQL new password',
        req: { url, body: { ...valid, newPassword: `${SQL}A1!`, confirmPassword: `${SQL}A1!` }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordPattern,
      },
      {
        name: 'HTML new password',
        req: { url, body: { ...valid, newPassword: `${HTML}A1!`, confirmPassword: `${HTML}A1!` }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordPattern,
      },
      {
        name: 'mismatch',
        req: { url, body: { ...valid, confirmPassword: 'Newer@457' }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Passwords must match',
      },
      {
        name: 'SQL current password',
        req: { url, body: { ...valid, currentPassword: SQL }, token },
        status: 400,
        code: 'PASSWORD_INCORRECT',
      },
      ...nonJson(url, token),
    ];
    cases.push(...(await badTokens({ url, body: valid })));
    await runCases(cases);
    expectOk(await authenticate(ctx.app, alice.userName, PASSWORD));
  });

  it('UserStake/Add: not eight, bad values, huge or hostile titles, bad tokens, non-JSON', async () => {
    const url = '/UserStake/Add';
    const token = alice.login.accessToken;
    const withButton = (button: unknown) => [...DEFAULT_STAKE_BUTTONS.slice(0, 7), button];
    const cases: Case[] = [
      {
        name: 'an object instead of a list',
        req: { url, body: { stakes: DEFAULT_STAKE_BUTTONS }, token },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'empty list',
        req: { url, body: [], token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Exactly 8 stake buttons are needed',
      },
      ...[
        ['negative value', { title: '1', value: -100 }],
        ['zero value', { title: '0', value: 0 }],
        ['fractional value', { title: '1.5', value: 1.5 }],
        ['value as text', { title: '100', value: '100' }],
        ['huge value', { title: 'big', value: 1e12 }],
        ['no title', { value: 100 }],
        ['blank title', { title: '  ', value: 100 }],
        ['title is a number', { title: 100, value: 100 }],
        ['10 KB title', { title: TEN_KB, value: 100 }],
        ['SQL title', { title: SQL, value: 100 }],
        ['SQL title, short', { title: "1';--", value: 100 }],
        ['HTML title', { title: HTML, value: 100 }],
        ['HTML title, short', { title: '<b>1k</b>', value: 100 }],
        ['null button', null],
      ].map(([name, button]): Case => ({
        name: String(name),
        req: { url, body: withButton(button), token },
        status: 400,
        code: 'VALIDATION_FAILED',
      })),
      ...["1';--", "1' OR 1", '<b>1k</b>', '<i>', '1k"', '1;DROP'].map((title): Case => ({
        name: `hostile title ${title}`,
        req: { url, body: withButton({ title, value: 100 }), token },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: STAKE_TITLE_MESSAGE,
        field: '7.title',
      })),
      ...nonJson(url, token),
    ];
    cases.push(...(await badTokens({ url, body: DEFAULT_STAKE_BUTTONS })));
    await runCases(cases);
  });

  it('a NUL character anywhere (body, query, path, header) is refused with 400, never a 500', async () => {
    const NUL = 'a\u0000b';
    const admin = await operatorHeaders(ctx.app, 'owner');
    const nulField = (name: string, url: string, req: Omit<CallOptions, 'url'>, field: string): Case => ({
      name,
      req: { url, ...req },
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Text may not contain the NUL character.',
      field,
    });
    await runCases([
      nulField(
        'sign-in name',
        '/Account/Authenticate',
        { body: { userNameOrEmailAddress: NUL, password: PASSWORD } },
        'userNameOrEmailAddress',
      ),
      nulField(
        'sign-in password',
        '/Account/Authenticate',
        { body: { userNameOrEmailAddress: alice.userName, password: `${PASSWORD}\u0000` } },
        'password',
      ),
      nulField(
        'a key of the body',
        '/Account/Authenticate',
        { body: { userNameOrEmailAddress: alice.userName, password: PASSWORD, 'x\u0000': 1 } },
        'x\u0000',
      ),
      nulField('GetSetting domain', '/Setting/GetSetting', { query: { domain: NUL } }, 'domain'),
      nulField(
        'GetSettingWithSportTree domain',
        '/Setting/GetSettingWithSportTree',
        { query: { domain: 'test\u0000' } },
        'domain',
      ),
      nulField(
        'GetSettingExpiry domain',
        '/api/setting/GetSettingExpiry',
        { query: { domain: NUL } },
        'domain',
      ),
      nulField(
        'OTP outbox mobile',
        '/dev/otp-outbox',
        { query: { mobile: `${pending.mobile}\u0000` } },
        'mobile',
      ),
      nulField(
        'register mobile',
        '/Account/Register',
        { body: { ...validRegister(), referralCode: NUL } },
        'referralCode',
      ),
      nulField(
        'verification domain',
        '/Account/VerificationUser',
        { body: { userName: pending.userName, mobile: pending.mobile, domain: NUL, otp: pendingCode } },
        'domain',
      ),
      nulField(
        'settle: the void reason',
        '/admin/markets/settle',
        { body: { marketId: '1.1', result: { kind: 'void', reason: `rain${NUL}` } }, headers: admin },
        'result.reason',
      ),
      nulField(
        'settle: the market id',
        '/admin/markets/settle',
        { body: { marketId: NUL, result: { kind: 'void', reason: 'rain' } }, headers: admin },
        'marketId',
      ),
      nulField(
        'wallet adjustment reason',
        '/admin/wallets/adjust',
        { body: { userId: 1, amount: 10, reason: NUL, reference: 'ref-nul-1' }, headers: admin },
        'reason',
      ),
      {
        name: 'settings file name',
        req: { url: '/cdn/settings/test%00.json' },
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The address contains a NUL character.',
      },
      {
        name: 'Host header',
        req: { url: '/Setting/GetSetting', host: 'test\u0000.example' },
        status: 400,
        code: 'BAD_REQUEST',
        message: 'A request header contains a NUL character.',
      },
      {
        name: 'User-Agent of a sign-in',
        req: {
          url: '/Account/Authenticate',
          body: { userNameOrEmailAddress: alice.userName, password: PASSWORD },
          headers: { 'user-agent': `Mozilla${NUL}` },
        },
        status: 400,
        code: 'BAD_REQUEST',
        message: 'A request header contains a NUL character.',
      },
    ]);
    // The code is still waiting for its player.
    expect(await outboxCode(ctx.app, pending.mobile)).toBe(pendingCode);
  });

  it('a body nested 100,000 arrays deep is refused with 400, a NUL at its bottom too', async () => {
    const url = '/Account/Authenticate';
    const deep = (inner: string) => `${'['.repeat(100_000)}${inner}${']'.repeat(100_000)}`;
    await runCases([
      {
        name: 'deep arrays',
        req: { url, raw: { payload: deep('1'), contentType: 'application/json' } },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'a NUL 100,000 arrays deep',
        req: { url, raw: { payload: deep('"a\\u0000b"'), contentType: 'application/json' } },
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Text may not contain the NUL character.',
      },
    ]);
  });

  it('an address the router cannot read answers the envelope: a broken escape (400), an overlong segment (404)', async () => {
    await runCases([
      {
        name: 'broken percent-escape',
        req: { url: '/Setting/GetSetting%E0%A4%A' },
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The address is not valid.',
      },
      {
        name: 'a settings file name of 300 characters',
        req: { url: `/cdn/settings/${'x'.repeat(300)}.json` },
        status: 404,
        code: 'ROUTE_NOT_FOUND',
      },
    ]);
  });

  it('over real HTTP, a 20 KB query string answers 431 and a broken request 400, both in the envelope', async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    /** Writes raw HTTP and reads the answer until the server closes the connection. */
    const raw = (text: string) =>
      new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
        let data = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (data += chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = data.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), headers: head, body });
        });
      });
    const envelope = (body: string) =>
      JSON.parse(body) as { success: boolean; result: null; error: { code: string; message: string } };

    const long = await raw(
      `GET /Setting/GetSetting?domain=${'x'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(long.status).toBe(431);
    expect(long.headers).toMatch(/content-type: application\/json/i);
    expect(envelope(long.body)).toEqual({
      success: false,
      result: null,
      error: {
        code: 'HEADERS_TOO_LARGE',
        message: 'The address or the headers of this request are too long.',
      },
    });

    const headers = await raw(
      `GET /api/client-ip HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'y'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(headers.status).toBe(431);
    expect(envelope(headers.body).error.code).toBe('HEADERS_TOO_LARGE');

    const broken = await raw('GET /api/client-ip HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(broken.status).toBe(400);
    expect(envelope(broken.body)).toEqual({
      success: false,
      result: null,
      error: { code: 'BAD_REQUEST', message: 'The request could not be read.' },
    });

    // The server still answers.
    const ok = await raw('GET /api/client-ip HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(ok.status).toBe(200);
  });

  it('LoginAsDemoUser takes no input: stray and hostile parameters are ignored and one account is made', async () => {
    const before = await rowCounts(ctx.database.db);
    const demo = expectOk(
      await call<LoginResult>(ctx.app, {
        url: '/Account/LoginAsDemoUser',
        query: { userName: SQL, x: HTML },
      }),
    );
    expect(demo.userName).toMatch(/^demo_[0-9a-f]{10}$/);
    const after = await rowCounts(ctx.database.db);
    expect(after.users).toBe(before.users + 1);
    expect(after.journals).toBe(before.journals + 1);
  });
});
