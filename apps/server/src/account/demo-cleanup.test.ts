import type { LoginResult } from '@backlay/contract';
import { paise, ZERO_PAISE } from '@backlay/exchange';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from '../../test/harness';
import { authenticate, call, expectOk, expectRefused, PASSWORD, registerVerified } from '../../test/helpers';
import {
  domains,
  journalLines,
  journals,
  ledgerAccountBalances,
  ledgerAccounts,
  refreshTokens,
  users,
  wallets,
} from '../platform/db/schema';
import { closeExpiredDemoAccounts } from './demo-cleanup';

describe.each(backends)('demo account clean-up (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const demo = async () => expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
  const age = (userId: number, hours: number) =>
    ctx.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(users.id, userId));

  it('closes demo accounts past the TTL: play money back to the house, sessions ended, history balanced', async () => {
    const db = ctx.database.db;
    const old = await demo();
    const fresh = await demo();
    await age(old.userId, 25);

    expect(await closeExpiredDemoAccounts(db, ctx.app.ledger, ctx.app.sessionRevocations, 24)).toBe(1);

    const [oldUser] = await db.select().from(users).where(eq(users.id, old.userId));
    const [freshUser] = await db.select().from(users).where(eq(users.id, fresh.userId));
    expect(oldUser?.status).toBe('closed');
    expect(freshUser?.status).toBe('active');
    expect((await ctx.app.ledger.wallet(old.userId)).balancePaise).toBe(0);
    expect((await ctx.app.ledger.wallet(fresh.userId)).balancePaise).toBe(1_500_000);

    const closing = await db
      .select({ amount: journalLines.amount })
      .from(journals)
      .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
      .where(eq(journals.reference, `demo-close:${old.userId}`));
    expect(closing.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-1_500_000, 1_500_000]);

    const sessions = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, old.userId));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expectRefused(
      await call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken: old.refreshToken } }),
      401,
      'REFRESH_TOKEN_INVALID',
    );
    expectOk(
      await call(ctx.app, { url: '/Account/RefreshToken', query: { refreshToken: fresh.refreshToken } }),
    );

    // Running it again changes nothing.
    expect(await closeExpiredDemoAccounts(db, ctx.app.ledger, ctx.app.sessionRevocations, 24)).toBe(0);
    const [total] = await db
      .select({ n: sql<string>`coalesce(sum(${ledgerAccountBalances.balance}), 0)` })
      .from(ledgerAccountBalances);
    expect(Number(total?.n)).toBe(0);
  });

  it('demo play money comes from and goes back to the play-money house, never the real-money house', async () => {
    const db = ctx.database.db;
    const houseBalance = async (code: 'HOUSE_CASH' | 'HOUSE_PLAY_MONEY') => {
      // A house account's balance is the sum of its stripes (the ledger's view adds them up).
      const [row] = await db
        .select({ id: ledgerAccounts.id, balance: ledgerAccountBalances.balance })
        .from(ledgerAccounts)
        .innerJoin(ledgerAccountBalances, eq(ledgerAccountBalances.accountId, ledgerAccounts.id))
        .innerJoin(domains, eq(domains.id, ledgerAccounts.domainId))
        .where(and(eq(domains.name, 'test'), eq(ledgerAccounts.code, code), isNull(ledgerAccounts.userId)));
      return row ?? { id: null, balance: 0 };
    };
    const counterparts = async (reference: string) =>
      db
        .select({ code: ledgerAccounts.code, userId: ledgerAccounts.userId, amount: journalLines.amount })
        .from(journals)
        .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
        .where(and(eq(journals.reference, reference), isNull(ledgerAccounts.userId)));

    const cashBefore = await houseBalance('HOUSE_CASH');
    const playBefore = await houseBalance('HOUSE_PLAY_MONEY');
    const player = await demo();
    expect(await counterparts(`demo:${player.userId}`)).toEqual([
      { code: 'HOUSE_PLAY_MONEY', userId: null, amount: -1_500_000 },
    ]);
    expect((await houseBalance('HOUSE_PLAY_MONEY')).balance).toBe(playBefore.balance - 1_500_000);

    await age(player.userId, 25);
    await closeExpiredDemoAccounts(db, ctx.app.ledger, ctx.app.sessionRevocations, 24);
    expect(await counterparts(`demo-close:${player.userId}`)).toEqual([
      { code: 'HOUSE_PLAY_MONEY', userId: null, amount: 1_500_000 },
    ]);
    expect((await houseBalance('HOUSE_PLAY_MONEY')).balance).toBe(playBefore.balance);
    // The real-money house never moved.
    expect((await houseBalance('HOUSE_CASH')).balance).toBe(cashBefore.balance);
  });

  it('waits while a demo account has exposure', async () => {
    const db = ctx.database.db;
    const busy = await demo();
    await age(busy.userId, 48);
    await db
      .update(wallets)
      .set({ exposure: paise(10_000) })
      .where(eq(wallets.userId, busy.userId));
    expect(await closeExpiredDemoAccounts(db, ctx.app.ledger, ctx.app.sessionRevocations, 24)).toBe(0);
    const [row] = await db.select().from(users).where(eq(users.id, busy.userId));
    expect(row?.status).toBe('active');
    await db.update(wallets).set({ exposure: ZERO_PAISE }).where(eq(wallets.userId, busy.userId));
    expect(await closeExpiredDemoAccounts(db, ctx.app.ledger, ctx.app.sessionRevocations, 24)).toBe(1);
  });

  it('never touches real accounts', async () => {
    const db = ctx.database.db;
    const real = await registerVerified(ctx.app);
    const before = await db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(eq(users.isDemo, false));
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 1000 * 3_600_000) })
      .where(eq(users.isDemo, false));
    await closeExpiredDemoAccounts(db, ctx.app.ledger, ctx.app.sessionRevocations, 1);
    expect(
      await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.isDemo, false)),
    ).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
    expectOk(await authenticate(ctx.app, real.userName, PASSWORD));
  });
});
