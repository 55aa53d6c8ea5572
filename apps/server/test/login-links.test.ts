import { createHash } from 'node:crypto';
import type { LoginLinkIssueResult, LoginResult } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, loginLinks, users } from '../src/platform/db/schema';
import { backends, createTestApp, type TestContext } from './harness';
import {
  call,
  claimsOf,
  expectOk,
  expectRefused,
  register,
  registerVerified,
  verify,
  type Registered,
} from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * Section 7's authorization-code sign-in as a one-time link: an operator issues it for a player of
 * the request's site, the player's browser exchanges its code at /api/v1/token/token for the normal
 * tokens. The code is single-use, short-lived, stored as a hash and good on its own site only.
 */
describe.each(backends)('one-time sign-in links (%s)', (backend) => {
  let ctx: TestContext;
  let player: Registered & { login: LoginResult };
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    player = await registerVerified(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A link issued by the demo site's support operator (or with the headers given). */
  const issue = async (
    userName: string,
    opts: { host?: string; headers?: Record<string, string>; minutes?: number } = {},
  ) =>
    call<LoginLinkIssueResult>(ctx.app, {
      url: '/admin/login-links',
      body: { userName, ...(opts.minutes ? { expiresInMinutes: opts.minutes } : {}) },
      headers: opts.headers ?? (await operatorHeaders(ctx.app, 'support')),
      ...(opts.host ? { host: opts.host } : {}),
    });

  const exchange = (
    link: { code: string; redirectUri: string; userName: string },
    opts: { host?: string; body?: Record<string, unknown> } = {},
  ) =>
    call<LoginResult>(ctx.app, {
      url: '/api/v1/token/token',
      body: {
        client_user: link.userName,
        client_secret: '',
        redirect_uri: link.redirectUri,
        grant_type: 'authorization_code',
        code: link.code,
        ...opts.body,
      },
      ...(opts.host ? { host: opts.host } : {}),
    });

  const refresh = (refreshToken: string) =>
    call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken } });
  const loginActivity = (token: string) =>
    call<{ totalCount: number; items: { clientName: string; result: string }[] }>(ctx.app, {
      method: 'POST',
      url: '/Account/GetUserLoginAttempts',
      token,
    });

  it('an operator gets a link to the sign-in page; only the code hash is stored', async () => {
    const link = expectOk(await issue(player.userName, { minutes: 5 }));
    expect(link.userName).toBe(player.userName);
    expect(link.redirectUri).toMatch(/^http:\/\/localhost(:\d+)?\/auth\/token$/);
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const url = new URL(link.link);
    expect(`${url.origin}${url.pathname}`).toBe(link.redirectUri);
    expect(url.searchParams.get('code')).toBe(link.code);
    expect(url.searchParams.get('user')).toBe(player.userName);
    const left = Date.parse(link.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);

    const [row] = await ctx.database.db
      .select()
      .from(loginLinks)
      .where(eq(loginLinks.codeHash, createHash('sha256').update(link.code).digest('hex')));
    expect(row?.userId).toBe(player.login.userId);
    expect(JSON.stringify(row)).not.toContain(link.code);
    expect(row?.usedAt).toBeNull();
  });

  it('the code signs the player in once: normal tokens that work, and the sign-in is in the activity', async () => {
    const link = expectOk(await issue(player.userName));
    const login = expectOk(await exchange(link));
    expect(login.userId).toBe(player.login.userId);
    expect(login.userName).toBe(player.userName);
    expect(login.expireInSeconds).toBe(ctx.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(login.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const activity = expectOk(await loginActivity(login.accessToken));
    expect(activity.items[0]?.result).toBe('Success');
    expectOk(await refresh(login.refreshToken));
  });

  it('a replayed code is refused with 409, and the session its first use opened is signed out', async () => {
    const link = expectOk(await issue(player.userName));
    const first = expectOk(await exchange(link));
    expectOk(await loginActivity(first.accessToken));

    expectRefused(await exchange(link), 409, 'LOGIN_LINK_USED');
    // Whoever used it first (the player, or someone who saw the link) is out, token and refresh alike.
    expectRefused(await loginActivity(first.accessToken), 401, 'TOKEN_EXPIRED');
    expectRefused(await refresh(first.refreshToken), 401, 'REFRESH_TOKEN_INVALID');
    // Other sessions of the player are untouched.
    expectOk(await refresh(player.login.refreshToken));
  });

  it('two exchanges racing for one code: one signs in, the other is refused', async () => {
    const link = expectOk(await issue(player.userName));
    const answers = await Promise.all([exchange(link), exchange(link), exchange(link)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expectRefused(refused, 409, 'LOGIN_LINK_USED');
  });

  it('an expired code is refused with 400 and signs nobody in', async () => {
    const link = expectOk(await issue(player.userName, { minutes: 1 }));
    await ctx.database.db
      .update(loginLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginLinks.codeHash, createHash('sha256').update(link.code).digest('hex')));
    const sessionsBefore = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.userId, player.login.userId));
    expectRefused(await exchange(link), 400, 'LOGIN_LINK_EXPIRED');
    const sessionsAfter = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.userId, player.login.userId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
  });

  it("a code is good on its own site only: another site's host reads it as unknown, and it still works at home", async () => {
    const link = expectOk(await issue(player.userName));
    expectRefused(
      await exchange(link, { host: 'nosignup.backlay.local' }),
      400,
      'LOGIN_LINK_INVALID',
      'This sign-in link is not valid. Please ask for a new one.',
    );
    expectOk(await exchange(link));
  });

  it("an operator cannot issue a link for another site's player, a demo, or an account that cannot sign in", async () => {
    // A player of another site (skipotp: its fixed code verifies) is nobody here.
    const elsewhere = await register(ctx.app, { host: 'skipotp.backlay.local' });
    expectOk(await verify(ctx.app, elsewhere, '000000'));
    expectRefused(await issue(elsewhere.userName), 404, 'NOT_FOUND');
    // And the operator's token is good on its own site only.
    expectRefused(await issue(player.userName, { host: 'nosignup.backlay.local' }), 401, 'UNAUTHENTICATED');
    expectRefused(await issue('nobody_here'), 404, 'NOT_FOUND');
    const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
    expectRefused(await issue(demo.userName), 404, 'NOT_FOUND');
    const locked = await registerVerified(ctx.app);
    await ctx.database.db.update(users).set({ status: 'locked' }).where(eq(users.id, locked.login.userId));
    expectRefused(await issue(locked.userName), 403, 'USER_LOCKED');
  });

  it('a link issued before the account was locked signs nobody in, and stays unused', async () => {
    const who = await registerVerified(ctx.app);
    const link = expectOk(await issue(who.userName));
    await ctx.database.db.update(users).set({ status: 'locked' }).where(eq(users.id, who.login.userId));
    expectRefused(await exchange(link), 403, 'USER_LOCKED');
    await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, who.login.userId));
    expectOk(await exchange(link));
  });

  it('only an operator issues links', async () => {
    // The retired shared key is no credential, whatever its value.
    const key = 'x'.repeat(32);
    expectRefused(await issue(player.userName, { headers: { 'x-admin-key': key } }), 401, 'UNAUTHENTICATED');
    // A finance or trader operator may not: support's call (and the owner's).
    for (const role of ['finance', 'trader'] as const) {
      expectRefused(
        await issue(player.userName, { headers: await operatorHeaders(ctx.app, role) }),
        403,
        'FORBIDDEN',
      );
    }
    const answer = await call(ctx.app, { url: '/admin/login-links', body: { userName: player.userName } });
    expectRefused(answer, 401, 'UNAUTHENTICATED');
    // A player's own token is no operator's either.
    const asPlayer = await call(ctx.app, {
      url: '/admin/login-links',
      body: { userName: player.userName },
      token: player.login.accessToken,
    });
    expectRefused(asPlayer, 403, 'FORBIDDEN');
  });

  it('the exchange checks the player, the address, the grant and the absence of a secret', async () => {
    const link = expectOk(await issue(player.userName));
    expectRefused(
      await exchange(link, { body: { client_user: 'someone_else' } }),
      400,
      'LOGIN_LINK_INVALID',
      'This sign-in link is for another player.',
    );
    expectRefused(
      await exchange(link, { body: { redirect_uri: 'https://evil.example/auth/token' } }),
      400,
      'LOGIN_LINK_INVALID',
      'This sign-in link was issued for another address.',
    );
    const badGrant = await exchange(link, { body: { grant_type: 'password' } });
    expectRefused(badGrant, 400, 'VALIDATION_FAILED');
    expect(badGrant.body.error?.validationErrors?.[0]?.field).toBe('grant_type');
    const secret = await exchange(link, { body: { client_secret: 's3cret' } });
    expectRefused(secret, 400, 'VALIDATION_FAILED', 'This sign-in takes no client secret.');
    expectRefused(await exchange({ ...link, code: 'x'.repeat(43) }), 400, 'LOGIN_LINK_INVALID');
    // None of those used it up.
    expectOk(await exchange(link, { body: { client_user: player.userName.toUpperCase() } }));
  });

  it('the access token of a link sign-in is an ordinary one for this site', async () => {
    const link = expectOk(await issue(player.userName));
    const login = expectOk(await exchange(link));
    expect(claimsOf(login).userId).toBe(player.login.userId);
    expectOk(await call(ctx.app, { url: '/Bet/GetUserOpenBets', token: login.accessToken }));
  });
});
