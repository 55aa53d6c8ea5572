import type { Dashboard, PlayerDetail, PlayerLockResult, PlayerSummary } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import type { FeedFixture } from '@backlay/market-feed';
import { buildApp } from '../src/app';
import { num, queryRows } from '../src/betting/sql-rows';
import { signWalletCall } from '../src/casino';
import { adjust, demoPlayer, expectLedgerBalanced, placeOk, settle } from './betting-helpers';
import { backends, createTestApp, testConfig, type TestContext } from './harness';
import { hubUrlOf, startHubClient } from './hub-client';
import {
  authenticate,
  call,
  expectOk,
  expectRefused,
  nextIp,
  register,
  registerVerified,
  verify,
  type Answer,
} from './helpers';
import {
  demoOperatorTokens,
  otherSiteOperatorToken,
  pendingDeposit,
  type DemoRole,
} from './operator-helpers';

/*
 * The operators' console, Dashboard and Players (issue 16, backoffice/) through the HTTP API: the
 * dashboard's figures to the paisa for movements made through the real calls (cashier, bets and
 * their settlement, the casino's signed wallet calls), IST day boundaries, players online across
 * two servers on one bus, the player search and detail, the lock with its sessions ended and its
 * audit row, roles, another site's players (404) and bad input (400, nothing changed).
 */

const OTHER_HOST = 'skipotp.backlay.local';
const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [2.0], lay: [2.02] },
];
const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;
/** When today (IST) began, as an instant. */
const istTodayStart = (now = Date.now()) =>
  Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
/** An instant's IST calendar date. */
const istDate = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

interface Who {
  token: string;
  userId: number;
  userName: string;
  mobile: string;
  password: string;
  casinoToken: string;
  host?: string;
}

describe.each(backends)('operators console: dashboard and players (%s)', (backend) => {
  let ctx: TestContext;
  let tokens: Record<DemoRole, string>;
  let otherOwner: string;
  const feed = new TestFeed();
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' }, { feed });
    tokens = await demoOperatorTokens(ctx.app);
    // Another site's owner, made as operator:create makes a site's first one.
    otherOwner = await otherSiteOperatorToken(ctx.app, {
      host: OTHER_HOST,
      userName: `bo_owner_${backend}`,
      role: 'owner',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  const as = <T = unknown>(
    token: string,
    url: string,
    opts: { body?: unknown; query?: Record<string, string>; host?: string } = {},
  ) => call<T>(ctx.app, { url, token, ...opts });
  const dashboard = async (token = tokens.owner, host?: string) =>
    expectOk(await as<Dashboard>(token, '/admin/dashboard', host ? { host } : {}));
  const detail = (token: string, userId: number, host?: string) =>
    as<PlayerDetail>(token, '/admin/players/detail', {
      query: { userId: String(userId) },
      ...(host ? { host } : {}),
    });
  const lock = (token: string, body: unknown) => as<PlayerLockResult>(token, '/admin/players/lock', { body });
  const statusOf = async (userId: number) =>
    String(
      (
        await queryRows<{ s: string }>(
          ctx.database.db,
          sql`select status as s from users where id = ${userId}`,
        )
      )[0]?.s,
    );
  const auditRows = (target: string) =>
    queryRows<{ action: string; actor: string; role: string; before: unknown; after: unknown }>(
      ctx.database.db,
      sql`select action, actor, role, before, after from operator_audit_log where target = ${target} order by id`,
    );

  async function player(opts: { host?: string; referralCode?: string } = {}): Promise<Who> {
    let who;
    if (opts.host) {
      // The other site skips verification: its fixed code verifies.
      const registered = await register(ctx.app, { host: opts.host });
      who = { ...registered, login: expectOk(await verify(ctx.app, registered, '000000')) };
    } else {
      who = await registerVerified(ctx.app, opts.referralCode ? { referralCode: opts.referralCode } : {});
    }
    return {
      token: who.login.accessToken,
      userId: who.login.userId,
      userName: who.userName,
      mobile: who.mobile,
      password: who.password,
      casinoToken: who.login.casinoToken,
      ...(opts.host ? { host: opts.host } : {}),
    };
  }

  /** A provider's signed seamless-wallet call (king), as casino-wallet.test.ts makes them. */
  function casino<T>(what: 'bet' | 'win' | 'rollback', body: Record<string, unknown>): Promise<Answer<T>> {
    const secret = ctx.config.casinoProviders.king.secret;
    if (!secret) throw new Error('no secret for king');
    const payload = JSON.stringify(body);
    return call<T>(ctx.app, {
      url: `/api/casino/wallet/king/${what}`,
      raw: { payload, contentType: 'application/json' },
      headers: signWalletCall(secret, payload, new Date()),
    });
  }
  const txn = (prefix: string) => `${prefix}-${backend}-${++seq}`;

  let marketSeq = 0;
  let eventSeq = 7000;
  /** A match-odds market on its own event, started an hour ago (or as given) and in play. */
  function newMarket(fixture: Partial<FeedFixture> = {}) {
    const marketId = `4.${++marketSeq}1`;
    const eventId = ++eventSeq;
    feed.addFixture({
      eventId,
      sport: 'cricket',
      title: `Team ${eventId} v Team ${eventId + 1}`,
      competition: 'Test League',
      startTime: Date.now() - 3_600_000,
      status: 'IN_PLAY',
      ...fixture,
    } as FeedFixture);
    feed.setMarket(matchOddsMarket({ id: marketId, eventId, runners: RUNNERS }));
    return { marketId, eventId };
  }

  describe('GET /admin/dashboard', () => {
    it('counts today’s movements to the paisa: deposits, withdrawals, bets, casino wagers and GGR', async () => {
      const before = await dashboard();
      const a = await player();
      // A manual deposit waits in the queue with its age, then finance approves it.
      const deposit = await pendingDeposit(ctx.app, a, 500);
      const waiting = await dashboard();
      expect(waiting.pendingDeposits.count).toBe(before.pendingDeposits.count + 1);
      expect(waiting.pendingDeposits.oldestAt).not.toBeNull();
      expect(Date.parse(waiting.pendingDeposits.oldestAt as string)).toBeLessThanOrEqual(Date.now());
      expectOk(
        await as(tokens.finance, '/admin/payment-requests/approve-deposit', { body: { id: deposit.id } }),
      );
      // A withdrawal of ₹300 waits, then is paid with its payout UTR.
      const withdrawal = expectOk(
        await as<{ id: number }>(a.token, '/DepositWithdrawal/CreateWithdrawal', {
          body: { amount: 300, paymentMethod: 'Upi', upiId: 'ravi@okaxis' },
        }),
      );
      expect((await dashboard()).pendingWithdrawals.count).toBe(before.pendingWithdrawals.count + 1);
      expectOk(
        await as(tokens.finance, '/admin/payment-requests/approve-withdrawal', {
          body: { id: withdrawal.id, utr: `PAYOUT${String(++seq).padStart(8, '0')}` },
        }),
      );

      // Exchange: B backs ₹100 on India and loses, C backs ₹200 on Australia and wins ₹200 (no
      // commission on the test site): the house's result is −₹100. A demo player's bet counts nowhere.
      const m = newMarket();
      const b = await player();
      const c = await player();
      await adjust(ctx, b.userId, 1000);
      await adjust(ctx, c.userId, 1000);
      const demo = await demoPlayer(ctx);
      await placeOk(ctx, b, { type: 1, rate: 2.0, stake: 100, runnerId: 11, ...m });
      await placeOk(ctx, c, { type: 1, rate: 2.0, stake: 200, runnerId: 12, ...m });
      await placeOk(ctx, demo, { type: 1, rate: 2.0, stake: 300, runnerId: 11, ...m });
      expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 12 }));

      // Casino: B stakes ₹50 and wins ₹20; stakes ₹10 more, rolled back. Stakes ₹60, GGR +₹30.
      const bet1 = txn('bet');
      const round = txn('round');
      const stake = (transactionId: string, amount: number) =>
        casino('bet', {
          casinoToken: b.casinoToken,
          transactionId,
          roundId: round,
          gameCode: 'teen-patti-2020',
          amount,
        });
      expectOk(await stake(bet1, 50));
      expectOk(
        await casino('win', {
          casinoToken: b.casinoToken,
          transactionId: txn('win'),
          referenceTransactionId: bet1,
          roundId: round,
          amount: 20,
        }),
      );
      const bet2 = txn('bet');
      expectOk(await stake(bet2, 10));
      expectOk(
        await casino('rollback', {
          casinoToken: b.casinoToken,
          transactionId: txn('rb'),
          referenceTransactionId: bet2,
          roundId: round,
        }),
      );

      const after = await dashboard();
      const delta = (k: keyof Dashboard['today']) =>
        Math.round((after.today[k] - before.today[k]) * 100) / 100;
      expect(delta('deposits')).toBe(500);
      expect(delta('withdrawals')).toBe(300);
      expect(delta('betsCount')).toBe(2);
      expect(delta('betsStake')).toBe(300);
      expect(delta('casinoWagers')).toBe(60);
      // GGR: exchange −100 (B lost 100, C won 200), casino +30.
      expect(delta('ggr')).toBe(-70);
      expect(after.pendingDeposits.count).toBe(before.pendingDeposits.count);
      expect(after.pendingWithdrawals.count).toBe(before.pendingWithdrawals.count);
      // Today is the chart's last day, with the same figures; 14 days, oldest first.
      expect(after.days).toHaveLength(14);
      expect(after.days[13]).toEqual({
        date: istDate(Date.now()),
        deposits: after.today.deposits,
        withdrawals: after.today.withdrawals,
        ggr: after.today.ggr,
      });
      expect(after.days.map((d) => d.date)).toEqual(
        Array.from({ length: 14 }, (_, i) => istDate(istTodayStart() - (13 - i) * DAY_MS)),
      );
      // GGR is the house's side of the journals: the same figure read from the ledger directly.
      const [house] = await queryRows<{ s: unknown }>(
        ctx.database.db,
        sql`select coalesce(sum(l.amount), 0) as s from journal_lines l
            join journals j on j.id = l.journal_id join ledger_accounts a on a.id = l.account_id
            where a.user_id is null and j.domain_id = (select id from domains where name = 'test')
              and ((j.kind = 'bet_settlement' and a.code = 'HOUSE_CASH')
                or (j.kind in ('casino_debit', 'casino_credit') and a.code = 'HOUSE_CASINO'))
              and j.created_at >= ${new Date(istTodayStart()).toISOString()}::timestamptz`,
      );
      expect(num(house?.s)).toBe(Math.round(after.today.ggr * 100));
    });

    it('puts a movement at 00:00 IST on today and one a millisecond earlier on yesterday', async () => {
      // No clock can be injected into the app, and journals cannot be changed once written, so
      // the two deposits are written with chosen times straight into the other site's ledger.
      const p = await player({ host: OTHER_HOST });
      const before = await dashboard(otherOwner, OTHER_HOST);
      const ours = await dashboard();
      const start = istTodayStart();
      const db = ctx.database.db;
      const [ids] = await queryRows<{ domain_id: unknown; cash: unknown }>(
        db,
        sql`select u.domain_id, w.cash_account_id as cash from users u join wallets w on w.user_id = u.id
            where u.id = ${p.userId}`,
      );
      const domainId = num(ids?.domain_id);
      await db.execute(
        sql`insert into ledger_accounts (domain_id, code) values (${domainId}, 'PAYMENTS_CLEARING')
            on conflict do nothing`,
      );
      const [clearing] = await queryRows<{ id: unknown }>(
        db,
        sql`select id from ledger_accounts where domain_id = ${domainId} and code = 'PAYMENTS_CLEARING'
            and user_id is null`,
      );
      const depositAt = async (at: Date, paise: number) => {
        await db.transaction(async (tx) => {
          const [j] = await queryRows<{ id: unknown }>(
            tx,
            sql`insert into journals (domain_id, kind, reference, description, created_at)
                values (${domainId}, 'deposit', ${txn('boundary')}, 'boundary test', ${at.toISOString()}::timestamptz)
                returning id`,
          );
          await tx.execute(
            sql`insert into journal_lines (journal_id, account_id, amount) values
                  (${num(j?.id)}, ${num(ids?.cash)}, ${paise}), (${num(j?.id)}, ${num(clearing?.id)}, ${-paise})`,
          );
        });
      };
      await depositAt(new Date(start - 1), 700_00);
      await depositAt(new Date(start), 123_45);
      const after = await dashboard(otherOwner, OTHER_HOST);
      expect(Math.round((after.today.deposits - before.today.deposits) * 100)).toBe(123_45);
      expect(after.days[12]?.date).toBe(istDate(start - 1));
      const yesterday = (d: Dashboard) => d.days[12]?.deposits ?? Number.NaN;
      expect(Math.round((yesterday(after) - yesterday(before)) * 100)).toBe(700_00);
      // The test site's chart did not move: the other site's money is not ours.
      expect((await dashboard()).days.slice(12)).toEqual(ours.days.slice(12));
    });

    it('counts the markets waiting for a result: started, open bets, no result, and over', async () => {
      const p = await player();
      await adjust(ctx, p.userId, 1000);
      const base = (await dashboard()).marketsAwaitingResult;
      const live = newMarket();
      await placeOk(ctx, p, { type: 1, rate: 2.0, stake: 100, runnerId: 11, ...live });
      // In play and trading, or suspended during play: not waiting.
      expect((await dashboard()).marketsAwaitingResult).toBe(base);
      feed.update(live.marketId, { status: 'SUSPENDED' });
      expect((await dashboard()).marketsAwaitingResult).toBe(base);
      // The match is over and the market has no result yet: waiting.
      feed.addFixture({ ...(feed.fixture(live.eventId) as FeedFixture), status: 'CLOSED' });
      expect((await dashboard(tokens.trader)).marketsAwaitingResult).toBe(base + 1);
      // Settled by the trader: no longer waiting.
      expectOk(await settle(ctx, live.marketId, { kind: 'winner', runnerId: 11 }));
      expect((await dashboard()).marketsAwaitingResult).toBe(base);
    });

    it('counts the players on the hub of every server: two servers on one bus, each sees both', async () => {
      const second = await buildApp({ config: testConfig(), database: ctx.database, bus: ctx.app.bus });
      await second.ready();
      const clients: Awaited<ReturnType<typeof startHubClient>>[] = [];
      try {
        await ctx.app.listen({ port: 0, host: '127.0.0.1' });
        await second.listen({ port: 0, host: '127.0.0.1' });
        const base = (await dashboard()).playersOnline;
        expect(base.seenWithinSeconds).toBe(60);
        const otherBase = (await dashboard(otherOwner, OTHER_HOST)).playersOnline.count;
        const here = await player();
        const there = await player();
        const other = await player({ host: OTHER_HOST });
        for (const [app, who] of [
          [ctx.app, here],
          [second, there],
          [second, other],
        ] as const) {
          const client = await startHubClient(hubUrlOf(app), who.token);
          clients.push(client);
          await client.connection.invoke('RegisterClient', { Token: who.token });
        }
        const onBoth = async () => [
          (await dashboard()).playersOnline.count,
          expectOk(await call<Dashboard>(second, { url: '/admin/dashboard', token: tokens.support }))
            .playersOnline.count,
        ];
        // Shared on the bus about a second after each player's first registration.
        const until = Date.now() + 5_000;
        let seen = await onBoth();
        while (seen.some((n) => n !== base.count + 2) && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 100));
          seen = await onBoth();
        }
        // The test site's two players on either server, not the other site's.
        expect(seen).toEqual([base.count + 2, base.count + 2]);
        expect((await dashboard(otherOwner, OTHER_HOST)).playersOnline.count).toBe(otherBase + 1);
      } finally {
        for (const c of clients) await c.connection.stop();
        await second.close();
      }
    });
  });

  describe('GET /admin/players and /admin/players/detail', () => {
    const list = (search: string, token = tokens.support, extra: Record<string, string> = {}) =>
      as<{ totalCount: number; items: PlayerSummary[] }>(token, '/admin/players', {
        query: { search, MaxResultCount: '50', ...extra },
      });

    it('finds players by the beginning of the user name (any case) and by digits of the mobile', async () => {
      const p = await player();
      await adjust(ctx, p.userId, 250);
      const byName = expectOk(await list(p.userName.slice(0, 6).toUpperCase()));
      const item = byName.items.find((i) => i.id === p.userId);
      expect(item).toMatchObject({
        userName: p.userName,
        mobile: p.mobile,
        status: 'active',
        cash: 250,
        exposure: 0,
        isDemo: false,
      });
      expect(Date.parse(item?.createdAt ?? '')).not.toBeNaN();
      // Digits from the middle of the mobile, and the whole number typed with +91 and spaces.
      expect(expectOk(await list(p.mobile.slice(3, 8))).items.map((i) => i.id)).toContain(p.userId);
      const typed = `+91 ${p.mobile.slice(0, 5)} ${p.mobile.slice(5)}`;
      expect(expectOk(await list(typed, tokens.finance)).items.map((i) => i.id)).toEqual([p.userId]);
      // A name is searched by its beginning only.
      expect(expectOk(await list(p.userName.slice(2))).items.map((i) => i.id)).not.toContain(p.userId);
      // LIKE's wildcards are text, not patterns.
      expect(expectOk(await list('%')).totalCount).toBe(0);
      expect(expectOk(await list('_')).totalCount).toBe(0);
      // Paged, newest first, with the count of all.
      const page = expectOk(await list('', tokens.support, { MaxResultCount: '2', SkipCount: '0' }));
      expect(page.items).toHaveLength(2);
      expect(page.totalCount).toBeGreaterThan(2);
      expect((page.items[0]?.id ?? 0) > (page.items[1]?.id ?? 0)).toBe(true);
      const next = expectOk(await list('', tokens.support, { MaxResultCount: '2', SkipCount: '1' }));
      expect(next.items[0]?.id).toBe(page.items[1]?.id);
      // Another site's players are never listed here, nor this site's there.
      const theirs = await player({ host: OTHER_HOST });
      expect(expectOk(await list(theirs.userName)).totalCount).toBe(0);
      const there = expectOk(
        await as<{ totalCount: number }>(otherOwner, '/admin/players', {
          query: { search: p.userName },
          host: OTHER_HOST,
        }),
      );
      expect(there.totalCount).toBe(0);
    });

    it("shows a player's account, wallet, ledger, bets, requests, referrals and sign-ins", async () => {
      const p = await player();
      const ip = nextIp();
      expectOk(await authenticate(ctx.app, p.userName, p.password, { ip }));
      const deposit = await pendingDeposit(ctx.app, p, 400);
      expectOk(
        await as(tokens.finance, '/admin/payment-requests/approve-deposit', { body: { id: deposit.id } }),
      );
      const withdrawal = expectOk(
        await as<{ id: number }>(p.token, '/DepositWithdrawal/CreateWithdrawal', {
          body: { amount: 200, paymentMethod: 'Upi', upiId: 'ravi@okaxis' },
        }),
      );
      const m = newMarket();
      const placed = await placeOk(ctx, p, { type: 1, rate: 2.0, stake: 100, runnerId: 11, ...m });
      const first = expectOk(await detail(tokens.support, p.userId));
      // A friend joins with this player's code.
      const friend = await player({ referralCode: first.player.referralCode });

      const d = expectOk(await detail(tokens.finance, p.userId));
      expect(d.player).toMatchObject({
        id: p.userId,
        userName: p.userName,
        mobile: p.mobile,
        status: 'active',
        isDemo: false,
        email: null,
        referrer: null,
        referral: null,
      });
      expect(d.wallet).toEqual({ cash: 200, bonus: 0, exposure: 100, held: 200 });
      expect(d.ledger.map((l) => [l.kind, l.account, l.amount, l.balanceAfter])).toEqual([
        ['funds_hold', 'held', 200, 200],
        ['funds_hold', 'cash', -200, 200],
        ['deposit', 'cash', 400, 400],
      ]);
      expect(d.bets).toEqual([
        expect.objectContaining({
          id: placed.betId,
          side: 'back',
          odds: 2,
          rate: null,
          stake: 100,
          liability: 100,
          status: 'MATCHED',
          result: null,
          settledAt: null,
        }),
      ]);
      expect(d.payments.map((r) => [r.id, r.type, r.amount, r.status])).toEqual([
        [withdrawal.id, 'withdrawal', 200, 'PENDING'],
        [deposit.id, 'deposit', 400, 'APPROVED'],
      ]);
      expect(d.bonuses).toEqual([]);
      expect(d.referrals).toEqual([
        expect.objectContaining({ referredUserId: friend.userId, referredUserName: friend.userName }),
      ]);
      expect(d.signIns[0]).toMatchObject({ ip, result: 'Success' });
      expect(d.signIns[0]?.browser).toBeTruthy();
      expect(d.responsibleGaming).toEqual({ excludedUntil: null });
      // The friend's side: referred by this player, the referral's state and flags.
      const f = expectOk(await detail(tokens.support, friend.userId));
      expect(f.player.referrer).toEqual({ userId: p.userId, userName: p.userName });
      expect(f.player.referral).toMatchObject({ flags: expect.any(Array), decision: null });
      // The market is settled so the open bet leaves nothing behind.
      expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }));
      const settled = expectOk(await detail(tokens.support, p.userId));
      expect(settled.bets[0]).toMatchObject({ status: 'SETTLED', result: 100 });
      expect(settled.wallet).toEqual({ cash: 300, bonus: 0, exposure: 0, held: 200 });
    });

    it("answers 404 for another site's player, as for no player at all", async () => {
      const theirs = await player({ host: OTHER_HOST });
      const refused = await detail(tokens.owner, theirs.userId);
      expectRefused(refused, 404, 'NOT_FOUND');
      expect(JSON.stringify(refused.body)).not.toContain(theirs.userName);
      expect(refused.body.error?.message).toBe((await detail(tokens.owner, 987_654_321)).body.error?.message);
      expectRefused(await detail(tokens.owner, 987_654_321), 404, 'NOT_FOUND');
      // Its own site's owner sees it.
      expect(expectOk(await detail(otherOwner, theirs.userId, OTHER_HOST)).player.userName).toBe(
        theirs.userName,
      );
    });
  });

  describe('POST /admin/players/lock', () => {
    it('locks a player: signed out at once (401), no new sign-in, audited before and after; unlocks', async () => {
      const p = await player();
      expectOk(await call(ctx.app, { url: '/Bet/GetUserOpenBets', token: p.token }));
      const locked = expectOk(
        await lock(tokens.support, { userId: p.userId, locked: true, reason: 'chargeback fraud' }),
      );
      expect(locked).toMatchObject({ userId: p.userId, status: 'locked', changed: true });
      expect(locked.sessionsRevoked).toBeGreaterThanOrEqual(1);
      expect(await statusOf(p.userId)).toBe('locked');
      // The access token, still unexpired, is refused at once; no new sign-in is taken.
      const next = await call(ctx.app, { url: '/Bet/GetUserOpenBets', token: p.token });
      expect(next.status).toBe(401);
      expectRefused(await authenticate(ctx.app, p.userName, p.password), 403, 'USER_LOCKED');
      const rows = await auditRows(`player:${p.userId}`);
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'player.lock',
          actor: 'support',
          role: 'support',
          before: { userName: p.userName, status: 'active' },
          after: { status: 'locked', reason: 'chargeback fraud', sessionsRevoked: locked.sessionsRevoked },
        }),
      ]);
      // Locking again changes nothing and writes no second row.
      const again = expectOk(await lock(tokens.support, { userId: p.userId, locked: true, reason: 'again' }));
      expect(again).toEqual({ userId: p.userId, status: 'locked', changed: false, sessionsRevoked: 0 });
      expect(await auditRows(`player:${p.userId}`)).toHaveLength(1);
      // The owner unlocks: active again, audited, and the player signs in.
      const unlocked = expectOk(
        await lock(tokens.owner, { userId: p.userId, locked: false, reason: 'cleared by the bank' }),
      );
      expect(unlocked).toEqual({ userId: p.userId, status: 'active', changed: true, sessionsRevoked: 0 });
      const after = await auditRows(`player:${p.userId}`);
      expect(after.map((r) => r.action)).toEqual(['player.lock', 'player.unlock']);
      expect(after[1]).toMatchObject({
        actor: 'owner',
        before: { status: 'locked' },
        after: { status: 'active', reason: 'cleared by the bank' },
      });
      expectOk(await authenticate(ctx.app, p.userName, p.password));
    });

    it("refuses an unverified account (409) and another site's player (404), changing nothing", async () => {
      const pending = await register(ctx.app);
      const [row] = await queryRows<{ id: unknown }>(
        ctx.database.db,
        sql`select id from users where user_name = ${pending.userName}`,
      );
      const pendingId = num(row?.id);
      for (const locked of [true, false]) {
        expectRefused(
          await lock(tokens.support, { userId: pendingId, locked, reason: 'checking' }),
          409,
          'PLAYER_NOT_LOCKABLE',
        );
      }
      expect(await statusOf(pendingId)).toBe('pending');
      const theirs = await player({ host: OTHER_HOST });
      expectRefused(
        await lock(tokens.owner, { userId: theirs.userId, locked: true, reason: 'not ours' }),
        404,
        'NOT_FOUND',
      );
      expect(await statusOf(theirs.userId)).toBe('active');
      expectOk(await call(ctx.app, { url: '/Bet/GetUserOpenBets', token: theirs.token, host: OTHER_HOST }));
      expect(await auditRows(`player:${pendingId}`)).toEqual([]);
      expect(await auditRows(`player:${theirs.userId}`)).toEqual([]);
    });

    it('refuses bad input with 400 VALIDATION_FAILED, changing nothing', async () => {
      const p = await player();
      const bad: unknown[] = [
        { userId: p.userId, locked: true, reason: 'ab' },
        { userId: p.userId, locked: true, reason: '   x   ' },
        { userId: p.userId, locked: true, reason: 'x'.repeat(501) },
        { userId: p.userId, locked: true },
        { userId: p.userId, locked: 'yes', reason: 'a reason' },
        { userId: -1, locked: true, reason: 'a reason' },
        { userId: String(p.userId), locked: true, reason: 'a reason' },
      ];
      for (const body of bad) expectRefused(await lock(tokens.support, body), 400, 'VALIDATION_FAILED');
      expect(await statusOf(p.userId)).toBe('active');
      expect(await auditRows(`player:${p.userId}`)).toEqual([]);
      expectOk(await call(ctx.app, { url: '/Bet/GetUserOpenBets', token: p.token }));
      for (const query of [{ userId: 'abc' }, { userId: '0' }, {}] as Record<string, string>[]) {
        expectRefused(await as(tokens.support, '/admin/players/detail', { query }), 400, 'VALIDATION_FAILED');
      }
      const badLists: Record<string, string>[] = [
        { MaxResultCount: '0' },
        { SkipCount: '-1' },
        { search: 'x'.repeat(65) },
      ];
      for (const query of badLists) {
        expectRefused(await as(tokens.support, '/admin/players', { query }), 400, 'VALIDATION_FAILED');
      }
    });
  });

  describe('who may call', () => {
    it('admits the roles of each call (owner always) and refuses the others with 403', async () => {
      const p = await player();
      for (const role of ['owner', 'finance', 'trader', 'support'] as const) {
        expectOk(await as(tokens[role], '/admin/dashboard'));
      }
      for (const role of ['owner', 'finance', 'support'] as const) {
        expectOk(await as(tokens[role], '/admin/players'));
        expectOk(await detail(tokens[role], p.userId));
      }
      expectRefused(
        await as(tokens.trader, '/admin/players'),
        403,
        'FORBIDDEN',
        /owner or finance or support/,
      );
      expectRefused(await detail(tokens.trader, p.userId), 403, 'FORBIDDEN');
      for (const role of ['finance', 'trader'] as const) {
        expectRefused(
          await lock(tokens[role], { userId: p.userId, locked: true, reason: 'not my job' }),
          403,
          'FORBIDDEN',
          /owner or support/,
        );
      }
      expect(await statusOf(p.userId)).toBe('active');
    });

    it("refuses a player's token (403, as on every operator call) and no token (401)", async () => {
      const p = await player();
      for (const url of ['/admin/dashboard', '/admin/players', `/admin/players/detail?userId=${p.userId}`]) {
        expectRefused(await as(p.token, url), 403, 'FORBIDDEN');
        expectRefused(await call(ctx.app, { url }), 401, 'UNAUTHENTICATED');
      }
      expectRefused(
        await lock(p.token, { userId: p.userId, locked: true, reason: 'self lock' }),
        403,
        'FORBIDDEN',
      );
      expect(await statusOf(p.userId)).toBe('active');
    });
  });
});
