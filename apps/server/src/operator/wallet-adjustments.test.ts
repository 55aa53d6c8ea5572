import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backends, createTestApp, type TestContext } from '../../test/harness';
import { call, expectOk, expectRefused, registerVerified } from '../../test/helpers';
import { operatorHeaders } from '../../test/operator-helpers';
import { num, queryRows } from '../betting/sql-rows';
import { WalletAdjustments } from './wallet-adjustments';

/*
 * Money at both edges of one route: the contract's codec turns the wire's rupees into paise before
 * the handler runs, and the paise it answers with back into rupees on the way out.
 */
describe.each(backends)('the wallet adjustment: rupees on the wire, paise inside (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  /** The demo site's owner (a manual adjustment is the owner's), signed in once (operatorHeaders keeps the token). */
  let owner: { authorization: string };
  beforeEach(async () => {
    owner = await operatorHeaders(ctx.app, 'owner');
  });

  let seq = 0;
  const adjust = (userId: number, amount: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/admin/wallets/adjust',
      headers: { 'content-type': 'application/json', ...owner },
      payload: JSON.stringify({ userId, amount, reason: 'edge test', reference: `edge-${backend}-${++seq}` }),
    });

  /** The journal's lines as stored: integer paise. */
  const linesOf = async (journalId: number) =>
    (
      await queryRows<{ amount: unknown }>(
        ctx.database.db,
        sql`select amount from journal_lines where journal_id = ${journalId} order by amount desc`,
      )
    ).map((l) => num(l.amount));

  it('hands the handler ₹12.34 as exactly 1234 paise, posts 1234 paise, and answers in rupees', async () => {
    const { login } = await registerVerified(ctx.app);
    const received: unknown[] = [];
    const original = WalletAdjustments.prototype.adjust;
    vi.spyOn(WalletAdjustments.prototype, 'adjust').mockImplementation(function (
      this: WalletAdjustments,
      input,
      scope,
    ) {
      received.push(input.amount);
      return original.call(this, input, scope);
    });

    const res = await adjust(login.userId, 12.34);
    expect(res.statusCode).toBe(200);
    expect(received).toEqual([1234]);
    // The answer's paise (the wallet after the credit) leave as the rupees the wire has always carried.
    expect(res.body).toContain('"balance":12.34,"exposure":0');
    const { journalId } = res.json<{ result: { journalId: number } }>().result;
    expect(await linesOf(journalId)).toEqual([1234, -1234]);
    expect((await ctx.app.ledger.wallet(login.userId)).balancePaise).toBe(1234);
  });

  it('debits a single paisa exactly, and the answer shows the rupees left', async () => {
    const { login } = await registerVerified(ctx.app);
    expectOk(await call(ctx.app, adjustCall(login.userId, 0.3)));
    const debit = expectOk(await call<{ balance: number }>(ctx.app, adjustCall(login.userId, -0.01)));
    expect(debit.balance).toBe(0.29);
    expect((await ctx.app.ledger.wallet(login.userId)).balancePaise).toBe(29);
  });

  it('refuses an amount the codec cannot turn into whole paise, and the limits work on paise', async () => {
    const { login } = await registerVerified(ctx.app);
    const refused = (amount: unknown) => call(ctx.app, adjustCall(login.userId, amount));
    expectRefused(await refused(12.345), 400, 'VALIDATION_FAILED', 'Amounts have at most two decimals');
    expectRefused(await refused(0), 400, 'VALIDATION_FAILED', 'Amount must be non-zero and at most 1 crore');
    // Less than half a paisa rounds to nothing: refused, not a 500 nor a zero journal.
    expectRefused(
      await refused(1e-9),
      400,
      'VALIDATION_FAILED',
      'Amount must be non-zero and at most 1 crore',
    );
    expectRefused(
      await refused(10_000_000.01),
      400,
      'VALIDATION_FAILED',
      'Amount must be non-zero and at most 1 crore',
    );
    expectOk(await refused(10_000_000));
    expect((await ctx.app.ledger.wallet(login.userId)).balancePaise).toBe(10_000_000_00);
  });

  it('a reference reused for another player or amount is refused (409) and moves nothing; the same request again moves nothing and answers 200', async () => {
    const a = (await registerVerified(ctx.app)).login;
    const b = (await registerVerified(ctx.app)).login;
    const reference = `reuse-${backend}-${++seq}`;
    const adjust = (userId: number, amount: number) =>
      call(ctx.app, {
        ...adjustCall(userId, amount),
        body: { userId, amount, reason: 'reuse test', reference },
      });
    expectOk(await adjust(a.userId, 100));
    expectOk(await adjust(a.userId, 100));
    expectRefused(await adjust(b.userId, 100), 409, 'DUPLICATE_REQUEST', /another movement/);
    expectRefused(await adjust(a.userId, 250), 409, 'DUPLICATE_REQUEST', /another movement/);
    expect((await ctx.app.ledger.wallet(a.userId)).balancePaise).toBe(100_00);
    expect((await ctx.app.ledger.wallet(b.userId)).balancePaise).toBe(0);
  });

  it('a debit retried after its answer was lost answers as the first time, not "insufficient funds"', async () => {
    const { login } = await registerVerified(ctx.app);
    expectOk(await call(ctx.app, adjustCall(login.userId, 100)));
    const reference = `lost-${backend}-${++seq}`;
    const debit = () =>
      call<{ journalId: number; balance: number }>(ctx.app, {
        ...adjustCall(login.userId, -100),
        body: { userId: login.userId, amount: -100, reason: 'lost answer', reference },
      });
    const first = expectOk(await debit());
    const again = expectOk(await debit());
    expect(again).toEqual(first);
    expect((await ctx.app.ledger.wallet(login.userId)).balancePaise).toBe(0);
  });

  it('credits a demo account from the play-money house, never the real-money house', async () => {
    const demo = expectOk(await call<{ userId: number }>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
    const real = (await registerVerified(ctx.app)).login;
    const counterpart = async (journalId: number) =>
      (
        await queryRows<{ code: string }>(
          ctx.database.db,
          sql`select a.code from journal_lines l join ledger_accounts a on a.id = l.account_id
              where l.journal_id = ${journalId} and a.user_id is null`,
        )
      ).map((r) => r.code);
    const demoCredit = expectOk(await call<{ journalId: number }>(ctx.app, adjustCall(demo.userId, 50)));
    expect(await counterpart(demoCredit.journalId)).toEqual(['HOUSE_PLAY_MONEY']);
    const realCredit = expectOk(await call<{ journalId: number }>(ctx.app, adjustCall(real.userId, 50)));
    expect(await counterpart(realCredit.journalId)).toEqual(['HOUSE_CASH']);
  });

  function adjustCall(userId: number, amount: unknown) {
    return {
      url: '/admin/wallets/adjust',
      body: { userId, amount, reason: 'edge test', reference: `edge-${backend}-${++seq}` },
      headers: owner,
    };
  }
});
