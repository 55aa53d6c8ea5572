import type { OperatorBonus, PlayerBonus } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { TestFeed } from '@backlay/feed-simulator/test-feed';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { BonusService, recordCasinoWager } from '../src/bonus';
import { expectLedgerBalanced, placeOk, type Player } from './betting-helpers';
import {
  backIndia,
  balances,
  bonusService,
  claim,
  claimsOf,
  createBonus,
  deposit,
  eventually,
  freeBonus,
  getBonuses,
  journalsOf,
  newMarket,
  newPlayer,
  percentBonus,
  settleAs,
  wagerRows,
} from './bonus-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused } from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * Bonuses end to end through the API (section C2): the operator's catalogue, GetBonuses and Claim
 * for the four kinds, wagering from settled bets recorded per bet, conversion in one journal,
 * expiry, cashback from net losses, a withdrawal during an active bonus, the balance push and the
 * sport tree. The books balance after every test.
 */

describe.each(backends)('bonuses (%s)', (backend) => {
  let ctx: TestContext;
  const feed = new TestFeed();
  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' }, { feed });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectLedgerBalanced(ctx.database.db);
  });

  const mine = (list: PlayerBonus[], id: number) => list.filter((b) => b.id === id);
  const claimOk = async (p: Player, id: number) => expectOk(await claim(ctx, p, id));

  describe("the operators' catalogue", () => {
    it('the owner adds and replaces bonuses, finance reads them, others may not; each change is audited', async () => {
      const owner = await operatorHeaders(ctx.app, 'owner');
      const created = expectOk(
        await call<OperatorBonus>(ctx.app, {
          url: '/admin/bonuses',
          body: percentBonus('Reload', { percent: 12.5 }),
          headers: owner,
        }),
      );
      expect(created).toMatchObject({
        kind: 'Reload',
        percent: 12.5,
        maxAmount: 5000,
        minDeposit: 500,
        claims: 0,
        active: true,
      });

      const finance = await operatorHeaders(ctx.app, 'finance');
      const list = expectOk(
        await call<OperatorBonus[]>(ctx.app, { url: '/admin/bonuses', headers: finance }),
      );
      expect(list.find((b) => b.id === created.id)).toEqual(created);
      expectRefused(
        await call(ctx.app, { url: '/admin/bonuses', body: freeBonus(), headers: finance }),
        403,
        'FORBIDDEN',
      );
      expectRefused(
        await call(ctx.app, { url: '/admin/bonuses', headers: await operatorHeaders(ctx.app, 'support') }),
        403,
        'FORBIDDEN',
      );

      const updated = expectOk(
        await call<OperatorBonus>(ctx.app, {
          method: 'PUT',
          url: '/admin/bonuses',
          body: {
            id: created.id,
            ...percentBonus('Reload', { title: 'Reload renamed', percent: 20, active: false }),
          },
          headers: owner,
        }),
      );
      expect(updated).toMatchObject({ id: created.id, title: 'Reload renamed', percent: 20, active: false });
      expectRefused(
        await call(ctx.app, {
          method: 'PUT',
          url: '/admin/bonuses',
          body: { id: 987_654, ...freeBonus() },
          headers: owner,
        }),
        404,
        'NOT_FOUND',
      );
      // Bad input changes nothing.
      expectRefused(
        await call(ctx.app, { url: '/admin/bonuses', body: freeBonus({ amount: null }), headers: owner }),
        400,
        'VALIDATION_FAILED',
      );
      const audit = await queryRows<{ action: string; target: string }>(
        ctx.database.db,
        sql`select action, target from operator_audit_log where target = ${`bonus:${created.id}`} order by id`,
      );
      expect(audit.map((a) => a.action)).toEqual(['bonus.create', 'bonus.update']);
    });

    it("the sport tree lists the domain's active visible bonuses", async () => {
      const shown = await createBonus(ctx, freeBonus({ title: 'Shown to visitors' }));
      const hidden = await createBonus(ctx, freeBonus({ visible: false }));
      const off = await createBonus(ctx, freeBonus({ active: false }));
      const tree = expectOk(
        await call<{ bonuses: { id: number; title: string; kind?: string; terms?: string }[] }>(ctx.app, {
          url: '/Setting/GetSettingWithSportTree',
        }),
      );
      const ids = tree.bonuses.map((b) => b.id);
      expect(ids).toContain(shown.id);
      expect(ids).not.toContain(hidden.id);
      expect(ids).not.toContain(off.id);
      expect(tree.bonuses.find((b) => b.id === shown.id)).toMatchObject({
        title: 'Shown to visitors',
        kind: 'Free',
      });
      // The demo catalogue is seeded.
      expect(tree.bonuses.map((b) => b.title)).toContain('Welcome 100% up to ₹5,000');
    });
  });

  describe('claims', () => {
    it('a Free bonus without wagering turns into cash at once, and is claimed once', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(ctx, freeBonus({ amount: 50, maxAmount: 50, wageringMultiplier: 0 }));
      const before = mine(await getBonuses(ctx, p), b.id);
      expect(before).toMatchObject([{ status: 'Available', claimable: true, reason: null, amount: 50 }]);
      const claimed = await claimOk(p, b.id);
      expect(claimed).toMatchObject({ status: 'Completed', amount: 50, wageringRequired: 0 });
      expect(await balances(ctx, p.userId)).toMatchObject({ cash: 5000, bonus: 0 });
      expectRefused(
        await claim(ctx, p, b.id),
        422,
        'BONUS_NOT_CLAIMABLE',
        'You have already claimed this bonus.',
      );
      expect(mine(await getBonuses(ctx, p), b.id)).toMatchObject([
        { status: 'Completed', userBonusId: claimed.userBonusId },
      ]);
    });

    it('FirstDeposit: needs the first deposit of at least the minimum, pays the percent up to the most', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(
        ctx,
        percentBonus('FirstDeposit', { percent: 50, maxAmount: 400, minDeposit: 500 }),
      );
      const none = mine(await getBonuses(ctx, p), b.id)[0];
      expect(none).toMatchObject({ claimable: false, amount: null });
      expect(none?.reason).toMatch(/first deposit of at least ₹500/);
      expectRefused(await claim(ctx, p, b.id), 422, 'BONUS_NOT_CLAIMABLE', /first deposit/);

      await deposit(ctx, p.userId, 1000);
      await deposit(ctx, p.userId, 3000); // not the first: the bonus pays on ₹1,000
      expect(mine(await getBonuses(ctx, p), b.id)[0]).toMatchObject({
        claimable: true,
        amount: 400,
        wageringRequired: 2000,
      });
      const claimed = await claimOk(p, b.id);
      expect(claimed).toMatchObject({ status: 'Active', amount: 400, wagered: 0, wageringRequired: 2000 });
      expect(await balances(ctx, p.userId)).toMatchObject({ cash: 400_000, bonus: 40_000 });

      // A first deposit below the minimum never qualifies.
      const q = await newPlayer(ctx);
      await deposit(ctx, q.userId, 499);
      expectRefused(await claim(ctx, q, b.id), 422, 'BONUS_NOT_CLAIMABLE', /less than ₹500/);
    });

    it('FirstDeposit past its days after the deposit is refused as expired', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(ctx, percentBonus('FirstDeposit', { validDays: 2 }));
      await deposit(ctx, p.userId, 600);
      // Three days on (journals are immutable, so the rules' clock moves instead).
      const later = new BonusService(
        ctx.app.db,
        ctx.app.ledger,
        () => new Date(Date.now() + 3 * 24 * 3600_000),
      );
      const user = { userId: p.userId, domainId: 1, sessionId: 0, isDemo: false };
      user.domainId = (await ctx.app.ledger.wallet(p.userId)).domainId;
      await expect(later.claim(user, b.id)).rejects.toMatchObject({
        code: 'BONUS_NOT_CLAIMABLE',
        message: 'This bonus had to be claimed within 2 days of your first deposit.',
      });
      expect((await later.list(user)).find((x) => x.id === b.id)).toMatchObject({
        claimable: false,
        amount: 60_000,
      });
      expect(await claimsOf(ctx, p.userId)).toEqual([]);
    });

    it('Reload pays on the latest deposit after the first, once per deposit', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(
        ctx,
        percentBonus('Reload', { percent: 25, maxAmount: 2000, minDeposit: 1000, wageringMultiplier: 0 }),
      );
      await deposit(ctx, p.userId, 5000);
      expectRefused(await claim(ctx, p, b.id), 422, 'BONUS_NOT_CLAIMABLE', /after your first one/);
      await deposit(ctx, p.userId, 2000);
      expect(await claimOk(p, b.id)).toMatchObject({ status: 'Completed', amount: 500 });
      expectRefused(await claim(ctx, p, b.id), 422, 'BONUS_NOT_CLAIMABLE', /latest deposit/);
      await deposit(ctx, p.userId, 10_000);
      expect(await claimOk(p, b.id)).toMatchObject({ amount: 2000 }); // capped
      expect((await balances(ctx, p.userId)).cash).toBe((5000 + 2000 + 500 + 10_000 + 2000) * 100);

      // A deposit passed over for a newer one is not reloaded afterwards.
      const q = await newPlayer(ctx);
      await deposit(ctx, q.userId, 1000);
      await deposit(ctx, q.userId, 4000);
      await deposit(ctx, q.userId, 8000);
      expect(await claimOk(q, b.id)).toMatchObject({ amount: 2000 }); // on the ₹8,000
      expectRefused(await claim(ctx, q, b.id), 422, 'BONUS_NOT_CLAIMABLE', /latest deposit/);
    });

    it('one active bonus at a time; an inactive, unknown or foreign bonus is refused', async () => {
      const p = await newPlayer(ctx);
      const first = await createBonus(ctx, freeBonus());
      const second = await createBonus(ctx, freeBonus());
      await claimOk(p, first.id);
      expectRefused(
        await claim(ctx, p, second.id),
        422,
        'BONUS_NOT_CLAIMABLE',
        /already have an active bonus/,
      );
      expect(mine(await getBonuses(ctx, p), second.id)[0]).toMatchObject({
        claimable: false,
        status: 'Available',
      });

      const q = await newPlayer(ctx);
      const off = await createBonus(ctx, freeBonus({ active: false }));
      expectRefused(
        await claim(ctx, q, off.id),
        422,
        'BONUS_NOT_CLAIMABLE',
        'This bonus is no longer offered.',
      );
      expectRefused(
        await claim(ctx, q, 9_999_999),
        422,
        'BONUS_NOT_CLAIMABLE',
        'There is no such bonus on this site.',
      );
      // Another site's bonus (the suspended demo site's seeded catalogue).
      const [foreign] = await queryRows<{ id: unknown }>(
        ctx.database.db,
        sql`select b.id from bonuses b join domains d on d.id = b.domain_id where d.name <> 'test' limit 1`,
      );
      expectRefused(
        await claim(ctx, q, num(foreign?.id)),
        422,
        'BONUS_NOT_CLAIMABLE',
        'There is no such bonus on this site.',
      );
      expectRefused(
        await call(ctx.app, { url: '/Bonus/Claim', query: { id: 'abc' }, token: q.token }),
        400,
        'VALIDATION_FAILED',
      );
      expectRefused(
        await call(ctx.app, { url: '/Bonus/Claim', query: { id: String(first.id) } }),
        401,
        'UNAUTHENTICATED',
      );
      expect(await claimsOf(ctx, q.userId)).toEqual([]);
    });

    it('claiming twice at once claims once', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(ctx, freeBonus());
      const other = await createBonus(ctx, freeBonus());
      const answers = await Promise.all([claim(ctx, p, b.id), claim(ctx, p, b.id), claim(ctx, p, other.id)]);
      const ok = answers.filter((a) => a.body.success);
      expect(ok).toHaveLength(1);
      for (const a of answers.filter((x) => !x.body.success))
        expect(a.body.error?.code).toBe('BONUS_NOT_CLAIMABLE');
      expect(await claimsOf(ctx, p.userId)).toHaveLength(1);
      expect(await balances(ctx, p.userId)).toMatchObject({ bonus: 10_000, cash: 0 });
    });

    it('Cashback pays the percent of net losses of settled bets in the period, voids excluded, once a period', async () => {
      const p = await newPlayer(ctx);
      await deposit(ctx, p.userId, 2000);
      const b = await createBonus(
        ctx,
        percentBonus('Cashback', {
          percent: 10,
          maxAmount: 1000,
          minDeposit: 0,
          wageringMultiplier: 0,
          cashbackPeriodDays: 7,
        }),
      );
      expectRefused(await claim(ctx, p, b.id), 422, 'BONUS_NOT_CLAIMABLE', /no net losses/);
      const lost = await backIndia(ctx, feed, p, 600);
      await settleAs(ctx, lost.marketId, 'lost');
      const won = await backIndia(ctx, feed, p, 100);
      await settleAs(ctx, won.marketId, 'won'); // +100 (no commission on the demo site? read below)
      const voided = await backIndia(ctx, feed, p, 900);
      await settleAs(ctx, voided.marketId, 'void');
      const [net] = await queryRows<{ s: unknown }>(
        ctx.database.db,
        sql`select sum(net_paise) as s from market_settlements where user_id = ${p.userId}`,
      );
      const loss = -num(net?.s);
      expect(loss).toBeGreaterThan(0);
      const cashBefore = (await balances(ctx, p.userId)).cash;
      expect(await claimOk(p, b.id)).toMatchObject({
        status: 'Completed',
        amount: Math.floor(loss / 10) / 100,
      });
      expect((await balances(ctx, p.userId)).cash).toBe(cashBefore + Math.floor(loss / 10));
      expectRefused(await claim(ctx, p, b.id), 422, 'BONUS_NOT_CLAIMABLE', /once every 7 days/);
    });
  });

  describe('wagering and its end', () => {
    it('counts settled bets once each (voids excluded), converts in one journal while a bet is still open', async () => {
      const p = await newPlayer(ctx);
      await deposit(ctx, p.userId, 1000);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 3 }));
      const before = await backIndia(ctx, feed, p, 100); // placed before the claim: never counts
      const c = await claimOk(p, b.id);
      const claimId = c.userBonusId as number;
      await settleAs(ctx, before.marketId, 'lost');

      const lost = await backIndia(ctx, feed, p, 150);
      await settleAs(ctx, lost.marketId, 'lost');
      await eventually(async () => (await claimsOf(ctx, p.userId))[0]?.wagered === 15_000, 'the first wager');
      const voided = await backIndia(ctx, feed, p, 300);
      await settleAs(ctx, voided.marketId, 'void');

      // Settling again and the same event heard again count nothing more.
      await call(ctx.app, {
        url: '/admin/markets/settle',
        body: { marketId: lost.marketId, result: { kind: 'winner', runnerId: 12 } },
        headers: await operatorHeaders(ctx.app, 'trader'),
      });
      ctx.app.domainEvents.publish([
        {
          type: 'BetSettled',
          userId: p.userId,
          domainId: 1,
          marketId: lost.marketId,
          status: 'SETTLED',
          betIds: [lost.betId],
          stakePaise: 15_000 as never,
          netPaise: -15_000 as never,
        },
      ]);
      await bonusService(ctx).sweepWagers();
      await bonusService(ctx).countBets(p.userId);
      expect(await wagerRows(ctx, claimId)).toEqual([
        { source: 'bet', reference: String(lost.betId), amount: 15_000 },
      ]);

      // A bet open while the bonus converts: it does not count, and the conversion pays the bonus only.
      const open = await backIndia(ctx, feed, p, 200);
      const cashBefore = (await balances(ctx, p.userId)).cash;
      const last = await backIndia(ctx, feed, p, 150);
      await settleAs(ctx, last.marketId, 'won'); // won to cash, and wagering 150 + 150 = 300: met
      await eventually(
        async () => (await claimsOf(ctx, p.userId))[0]?.status === 'COMPLETED',
        'the conversion',
      );
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({
        wagered: 30_000,
        required: 30_000,
        amount: 10_000,
      });
      const after = await balances(ctx, p.userId);
      const won = num(
        (
          await queryRows<{ n: unknown }>(
            ctx.database.db,
            sql`select net_paise as n from market_settlements where market_id = ${last.marketId}`,
          )
        )[0]?.n,
      );
      expect(after).toMatchObject({ bonus: 0, cash: cashBefore + won + 10_000 });
      expect(await journalsOf(ctx, 'bonus_conversion', `bonus:${claimId}:convert`)).toBe(1);
      expect((await wagerRows(ctx, claimId)).map((w) => w.reference)).toEqual([
        String(lost.betId),
        String(last.betId),
      ]);

      // The open bet settles after: the completed bonus is left as it is.
      await settleAs(ctx, open.marketId, 'lost');
      await bonusService(ctx).sweepWagers();
      expect(await wagerRows(ctx, claimId)).toHaveLength(2);
      const view = mine(await getBonuses(ctx, p), b.id)[0];
      expect(view).toMatchObject({ status: 'Completed', wagered: 300, wageringRequired: 300 });
      expect(view?.endedAt).not.toBeNull();
    });

    it("a lay counts the money it risked (its liability), not the backer's stake", async () => {
      const p = await newPlayer(ctx);
      await deposit(ctx, p.userId, 1000);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 5 }));
      const claimId = (await claimOk(p, b.id)).userBonusId as number;
      // Lay ₹400 at 1.25 (the offered lay price): a liability of ₹100 only.
      const m = newMarket(feed, [
        { id: 11, name: 'India', back: [1.24], lay: [1.25] },
        { id: 12, name: 'Australia', back: [4.9], lay: [5.0] },
      ]);
      const laid = await placeOk(ctx, p, {
        type: 2,
        rate: 1.25,
        stake: 400,
        runnerId: 11,
        marketId: m.marketId,
        eventId: m.eventId,
      });
      await settleAs(ctx, m.marketId, 'lost'); // India loses: the lay wins
      await eventually(async () => (await wagerRows(ctx, claimId)).length === 1, 'the lay counted');
      expect(await wagerRows(ctx, claimId)).toEqual([
        { source: 'bet', reference: String(laid.betId), amount: 10_000 },
      ]);
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 10_000, status: 'ACTIVE' });
    });

    it('a casino wager counts once per provider transaction, and can complete the wagering', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 2 }));
      const claimId = (await claimOk(p, b.id)).userBonusId as number;
      const wager = (transactionId: string, rupees: number) =>
        ctx.app.ledger.transaction((money) =>
          recordCasinoWager(money, {
            userId: p.userId,
            provider: 'evolution',
            transactionId,
            amount: paise(rupees * 100),
          }),
        );
      expect(await wager('r-1', 120)).toBe(true);
      expect(await wager('r-1', 120)).toBe(false); // the provider's retry
      expect(await wager('r-0', 0)).toBe(false);
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 12_000, status: 'ACTIVE' });
      expect(await wager('r-2', 80)).toBe(true);
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 20_000, status: 'COMPLETED' });
      expect(await balances(ctx, p.userId)).toMatchObject({ bonus: 0, cash: 10_000 });
      expect(await wagerRows(ctx, claimId)).toEqual([
        { source: 'casino', reference: 'evolution:r-1', amount: 12_000 },
        { source: 'casino', reference: 'evolution:r-2', amount: 8_000 },
      ]);
      // No active bonus any more: a later wager counts for nothing.
      expect(await wager('r-3', 50)).toBe(false);

      // The cash statement shows the bonus reaching the cash (its grant moved only the bonus
      // balance), under the 'bonus' filter too.
      type Line = { kind: string; credit: number; debit: number; balance: number; description: string };
      const queries: Record<string, string>[] = [{}, { kind: 'bonus' }];
      for (const query of queries) {
        const statement = expectOk(
          await call<{ totalCount: number; items: Line[] }>(ctx.app, {
            url: '/Transaction/GetHistory',
            query,
            token: p.token,
          }),
        );
        expect(statement.items.map((l) => [l.kind, l.credit, l.debit, l.balance])).toEqual([
          ['bonus', 100, 0, 100],
        ]);
        expect(statement.items[0]?.description).toMatch(/turned into cash/);
      }
    });

    it('expires a claim past its expiry once (its money back to the house), however often the job runs', async () => {
      const p = await newPlayer(ctx);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 5 }));
      const c = await claimOk(p, b.id);
      await ctx.database.db.execute(
        sql`update user_bonuses set expires_at = now() - interval '1 second' where id = ${c.userBonusId}`,
      );
      const service = bonusService(ctx);
      await Promise.all([service.expireDue(), service.expireDue(), bonusService(ctx).expireDue()]);
      await service.expireDue();
      expect((await claimsOf(ctx, p.userId))[0]?.status).toBe('EXPIRED');
      expect(await journalsOf(ctx, 'bonus_forfeit', `bonus:${c.userBonusId}:expire`)).toBe(1);
      expect(await balances(ctx, p.userId)).toMatchObject({ bonus: 0, cash: 0 });
      expect(mine(await getBonuses(ctx, p), b.id)[0]).toMatchObject({ status: 'Expired', claimable: false });
    });

    it('a withdrawal during an active bonus is refused with BONUS_ACTIVE; confirmed, only the bonus is forfeited', async () => {
      const p = await newPlayer(ctx);
      await deposit(ctx, p.userId, 1000);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 5 }));
      const c = await claimOk(p, b.id);
      const body = { amount: 300, paymentMethod: 'Upi', upiId: 'ravi@okaxis' };
      const url = '/DepositWithdrawal/CreateWithdrawal';
      expectRefused(await call(ctx.app, { url, body, token: p.token }), 409, 'BONUS_ACTIVE');
      expect(await balances(ctx, p.userId)).toMatchObject({ cash: 100_000, bonus: 10_000, held: 0 });
      expectOk(await call(ctx.app, { url, body: { ...body, forfeitBonus: true }, token: p.token }));
      expect(await balances(ctx, p.userId)).toMatchObject({ cash: 70_000, bonus: 0, held: 30_000 });
      expect((await claimsOf(ctx, p.userId))[0]?.status).toBe('FORFEITED');
      expect(await journalsOf(ctx, 'bonus_forfeit', `bonus:${c.userBonusId}:forfeit`)).toBe(1);
      // No bonus active any more: a withdrawal goes through without asking.
      expectOk(await call(ctx.app, { url, body, token: p.token }));
    });

    it('the UserBalance push carries the bonus balance beside cash', async () => {
      const p = await newPlayer(ctx);
      expect(await ctx.app.walletNotifier.current(p.userId)).toEqual({
        Balance: 0,
        Exposure: 0,
        BonusBalance: 0,
      });
      const pushes: unknown[] = [];
      const send = ctx.app.hub.sendToUser.bind(ctx.app.hub);
      const unsubscribe = ctx.app.walletNotifier.subscribe((userId, data) => {
        if (userId === p.userId) pushes.push(data);
      });
      vi.spyOn(ctx.app.hub, 'sendToUser').mockImplementation((user, push) => send(user, push));
      try {
        const b = await createBonus(ctx, freeBonus({ amount: 75, maxAmount: 75 }));
        await claimOk(p, b.id);
        await eventually(async () => pushes.length > 0, 'the balance push');
        expect(pushes.at(-1)).toEqual({ Balance: 0, Exposure: 0, BonusBalance: 7_500 });
      } finally {
        unsubscribe();
      }
    });
  });
});
