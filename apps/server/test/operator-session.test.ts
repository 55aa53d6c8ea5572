import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { OPERATOR_SESSION_MAX_SECONDS, OperatorTokens } from '../src/operator/operator-tokens';
import { backends, createTestApp, TEST_SECRET, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified } from './helpers';
import { demoOperatorTokens } from './operator-helpers';

/*
 * An operator's session is renewed while the operator works (POST /admin/auth/refresh): each token
 * lives 15 minutes, and the session ends 12 hours after the password and code were given, however
 * often it was renewed.
 */

interface LoginResult {
  accessToken: string;
  expireInSeconds: number;
  operator: { userName: string; role: string; domainId: number };
}

describe.each(backends)('operator session renewal (%s)', (backend) => {
  let ctx: TestContext;
  // One sign-in per role for the whole file: each spends a TOTP step.
  let signedIn: Record<'owner' | 'finance' | 'trader' | 'support', string>;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    signedIn = await demoOperatorTokens(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const refresh = (token?: string, host?: string) =>
    call<LoginResult>(ctx.app, {
      method: 'POST',
      url: '/admin/auth/refresh',
      ...(token ? { token } : {}),
      ...(host ? { host } : {}),
    });
  const dashboard = (token: string) => call(ctx.app, { url: '/admin/dashboard', token });
  const operatorRow = async (userName: string) => {
    const [row] = await queryRows<{ id: unknown; token_version: unknown }>(
      ctx.database.db,
      sql`select id, token_version from operators where user_name = ${userName}`,
    );
    return { id: num(row?.id), version: num(row?.token_version) };
  };

  it('renews every role with a token that works, from the same sign-in', async () => {
    for (const role of ['owner', 'finance', 'trader', 'support'] as const) {
      const renewed = expectOk(await refresh(signedIn[role]));
      expect(renewed.operator).toEqual({ userName: role, role, domainId: 1 });
      expect(renewed.expireInSeconds).toBe(900);
      expect(renewed.accessToken).not.toBe('');
      expectOk(await dashboard(renewed.accessToken));
      // The renewed token carries the first sign-in's time, so a renewal of it ends when that ends.
      const claims = await new OperatorTokens(TEST_SECRET).verify(renewed.accessToken);
      const first = await new OperatorTokens(TEST_SECRET).verify(signedIn[role]);
      expect(claims.ok && first.ok && claims.claims.signedInAt === first.claims.signedInAt).toBe(true);
    }
  });

  it('ends twelve hours after the sign-in, and the last token never outlives it', async () => {
    const { id, version } = await operatorRow('finance');
    const tokens = new OperatorTokens(TEST_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const old = await tokens.sign(id, 1, version, now - OPERATOR_SESSION_MAX_SECONDS - 1);
    expectRefused(await refresh(old.token), 401, 'TOKEN_EXPIRED');
    // Ten minutes before the end: the renewed token lives ten minutes, not fifteen.
    const late = await tokens.sign(id, 1, version, now - OPERATOR_SESSION_MAX_SECONDS + 600);
    const renewed = expectOk(await refresh(late.token));
    expect(renewed.expireInSeconds).toBeGreaterThan(590);
    expect(renewed.expireInSeconds).toBeLessThanOrEqual(600);
  });

  it("refuses a player's token, no token, and an operator's token on another site", async () => {
    const player = await registerVerified(ctx.app);
    expectRefused(await refresh(player.login.accessToken), 403, 'FORBIDDEN');
    expectRefused(await refresh(), 401, 'UNAUTHENTICATED');
    const other = await refresh(signedIn.support, 'skipotp.backlay.local');
    expect(other.status).toBe(401);
  });
});
