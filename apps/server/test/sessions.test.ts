import type { LoginResult } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/platform/db/schema';
import { backends, createTestApp, type TestContext } from './harness';
import {
  accountState,
  authenticate,
  call,
  claimsOf,
  expectOk,
  expectRefused,
  PASSWORD,
  registerVerified,
  type Registered,
} from './helpers';

describe.each(backends)('sessions and account states (%s)', (backend) => {
  let ctx: TestContext;
  let alice: Registered & { login: LoginResult };
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    alice = await registerVerified(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const refresh = (refreshToken: string) =>
    call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken } });

  it('signs in with the e-mail address too, in any case', async () => {
    const who = await registerVerified(ctx.app);
    const email = `${who.userName}@Example.com`;
    await ctx.database.db.update(users).set({ email }).where(eq(users.id, who.login.userId));
    const login = expectOk(await authenticate(ctx.app, email.toLowerCase(), PASSWORD));
    expect(login.userId).toBe(who.login.userId);
    expectRefused(await authenticate(ctx.app, email, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
  });

  it('a locked account cannot sign in or refresh, and says so only to the right password', async () => {
    const who = await registerVerified(ctx.app);
    await ctx.database.db.update(users).set({ status: 'locked' }).where(eq(users.id, who.login.userId));
    expectRefused(
      await authenticate(ctx.app, who.userName, PASSWORD),
      403,
      'USER_LOCKED',
      'This account is locked. Please contact support.',
    );
    expectRefused(await authenticate(ctx.app, who.userName, 'Wrong@123'), 401, 'INVALID_CREDENTIALS');
    expectRefused(await refresh(who.login.refreshToken), 401, 'REFRESH_TOKEN_INVALID');
  });

  it('an expired or revoked refresh token is refused and changes nothing', async () => {
    const a = expectOk(await authenticate(ctx.app, alice.userName, PASSWORD));
    const b = expectOk(await authenticate(ctx.app, alice.userName, PASSWORD));
    const db = ctx.database.db;
    await db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.id, claimsOf(a).sessionId));
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.id, claimsOf(b).sessionId));
    const before = await accountState(db);
    expectRefused(await refresh(a.refreshToken), 401, 'REFRESH_TOKEN_INVALID');
    expectRefused(await refresh(b.refreshToken), 401, 'REFRESH_TOKEN_INVALID');
    expect(await accountState(db)).toEqual(before);
    expectOk(await refresh(alice.login.refreshToken));
  });

  it('refresh tokens are stored only as hashes', async () => {
    const rows = await ctx.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, alice.login.userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.hash).not.toBe(alice.login.refreshToken);
    }
    // The stored hash itself is not a refresh token.
    expectRefused(await refresh(rows[0]?.hash ?? ''), 401, 'REFRESH_TOKEN_INVALID');
  });

  it('a refreshed access token names the same session, so signing it out signs out both', async () => {
    const session = expectOk(await authenticate(ctx.app, alice.userName, PASSWORD));
    const renewed = expectOk(await refresh(session.refreshToken)) as { accessToken: string };
    expect(claimsOf({ ...session, accessToken: renewed.accessToken }).sessionId).toBe(
      claimsOf(session).sessionId,
    );
  });
});
