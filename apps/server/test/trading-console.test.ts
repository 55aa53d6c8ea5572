import type { LoginResult } from '@backlay/contract';
import { fixture, matchOddsMarket, fancyMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import {
  backBet,
  expectLedgerBalanced,
  fundedPlayer,
  layBet,
  placeOk,
  requestId,
  settle,
  walletOf,
  type MarketRef,
  type Player,
} from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, type Answer } from './helpers';
import { operatorToken, otherSiteOperatorToken } from './operator-helpers';

/*
 * The operators' Trading screen (GET /admin/markets, /admin/markets/bets, /admin/markets/settle-preview)
 * with real bets placed through the API on a feed whose prices the test sets: the list by sport and
 * status with this site's book, a market's bets, and a settlement's preview, which must be what the
 * settle call then moves, to the paisa, and must change nothing itself. Trader and owner only, each
 * on its own site.
 */

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [1.98], lay: [2.0] },
];
const OTHER_HOST = 'skipotp.backlay.local';

interface Book {
  bets: number;
  players: number;
  matchedStake: number;
  unmatchedStake: number;
  liability: number;
}
interface Market {
  marketId: string;
  marketName: string;
  marketType: string;
  eventId: number;
  eventName: string;
  sport: string;
  startTime: string;
  status: string;
  feedStatus: string | null;
  result: unknown;
  settledAt: string | null;
  runners: { id: number; name: string }[];
  cash: Book;
  playMoney: Book;
}
interface Totals {
  players: number;
  bets: number;
  matchedStake: number;
  paidToPlayers: number;
  takenFromPlayers: number;
  commission: number;
  houseNet: number;
  exposureReleased: number;
  refunds: number;
  lapsedOrders: number;
  lapsedStake: number;
}
interface Preview {
  marketId: string;
  void: boolean;
  players: {
    userId: number;
    isDemo: boolean;
    bets: number;
    gross: number;
    commission: number;
    net: number;
    exposureReleased: number;
  }[];
  cash: Totals;
  playMoney: Totals;
}

const rupees = (paise: number) => paise / 100;

describe.each(backends)('the trading console (%s)', (backend) => {
  const feed = new TestFeed();
  let ctx: TestContext;
  let seq = 0;

  /** A fresh cricket match-odds market (its own event unless given). */
  function newMarket(eventId?: number): MarketRef {
    seq += 1;
    const m = { marketId: `16.${seq}`, eventId: eventId ?? 16_000 + seq };
    feed.setMarket(matchOddsMarket({ id: m.marketId, eventId: m.eventId, runners: RUNNERS }));
    return m;
  }

  const trader = () => operatorToken(ctx.app, 'trader');
  const list = async (query: Record<string, string>, token?: string) =>
    call<{ totalCount: number; items: Market[] }>(ctx.app, {
      url: '/admin/markets',
      query,
      token: token ?? (await trader()),
    });
  const listed = async (query: Record<string, string>) => expectOk(await list(query));
  const find = async (marketId: string, query: Record<string, string> = {}) =>
    (await listed({ MaxResultCount: '100', ...query })).items.find((m) => m.marketId === marketId);
  const preview = async (marketId: string, result: unknown, token?: string, host?: string) =>
    call<Preview>(ctx.app, {
      url: '/admin/markets/settle-preview',
      query: { marketId, result: JSON.stringify(result) },
      token: token ?? (await trader()),
      ...(host ? { host } : {}),
    });
  const bets = async (marketId: string, token?: string, host?: string) =>
    call<{ totalCount: number; items: Record<string, unknown>[] }>(ctx.app, {
      url: '/admin/markets/bets',
      query: { marketId },
      token: token ?? (await trader()),
      ...(host ? { host } : {}),
    });
  const demoPlayerOn = async (host?: string): Promise<Player> => {
    const login = expectOk(
      await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser', ...(host ? { host } : {}) }),
    );
    const payload = JSON.parse(
      Buffer.from(login.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as {
      sub: string;
    };
    return { token: login.accessToken, userId: Number(payload.sub) };
  };
  const houseCash = async () => {
    const [row] = await queryRows<{ balance: unknown }>(
      ctx.database.db,
      sql`select b.balance from ledger_accounts a join domains d on d.id = a.domain_id
          join ledger_account_balances b on b.account_id = a.id
          where d.name = 'test' and a.code = 'HOUSE_CASH' and a.user_id is null`,
    );
    return num(row?.balance ?? 0);
  };
  /** Everything a preview could touch: bets, wallets, journals, settlements, exposures, markets, audit rows. */
  const snapshot = async () =>
    queryRows(
      ctx.database.db,
      sql`select
          (select count(*) from journals) as journals,
          (select count(*) from market_settlements) as settlements,
          (select coalesce(sum(exposure_paise), 0) from market_exposures) as exposures,
          (select coalesce(sum(exposure), 0) from wallets) as wallet_exposure,
          (select string_agg(status, ',' order by id) from bets) as statuses,
          (select count(*) from markets where closed_at is not null) as closed,
          (select count(*) from operator_audit_log) as audits`,
    );

  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
    // A commission, so the preview shows the settlement's commission too.
    await ctx.database.db.execute(sql`update domains set commission_bps = 500 where name = 'test'`);
  });
  afterAll(async () => {
    await expectLedgerBalanced(ctx.database.db);
    await ctx.close();
  });

  it("lists markets by sport and status with this site's book: bets, stakes, the house's worst case", async () => {
    const open = newMarket();
    const suspended = newMarket();
    const settled = newMarket();
    const voided = newMarket();
    seq += 1;
    const football = { marketId: `16.${seq}`, eventId: 16_000 + seq };
    feed.addFixture({ ...fixture(football.eventId, 'Arsenal v Chelsea'), sport: 'football' });
    feed.setMarket(matchOddsMarket({ id: football.marketId, eventId: football.eventId, runners: RUNNERS }));

    const [p1, p2] = [await fundedPlayer(ctx, 1000), await fundedPlayer(ctx, 1000)];
    const demo = await demoPlayerOn();
    await placeOk(ctx, p1, backBet(open, 11, 2, 200)); // matched at 2.00
    await placeOk(ctx, p1, backBet(open, 11, 3, 100)); // nothing offered at 3.00: rests
    await placeOk(ctx, p2, layBet(open, 11, 2.02, 100)); // matched at 2.02
    await placeOk(ctx, demo, backBet(open, 12, 1.98, 100)); // play money
    await placeOk(ctx, p1, backBet(settled, 11, 2, 100));
    await placeOk(ctx, p2, backBet(voided, 12, 1.98, 100));
    feed.update(suspended.marketId, { status: 'SUSPENDED' });
    expectOk(await settle(ctx, settled.marketId, { kind: 'winner', runnerId: 11 }));
    expectOk(await settle(ctx, voided.marketId, { kind: 'void', reason: 'Abandoned' }));

    const row = await find(open.marketId, { sport: 'cricket', status: 'open' });
    expect(row).toMatchObject({
      marketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      eventId: open.eventId,
      eventName: `Team ${open.eventId} v Team ${open.eventId + 1}`,
      sport: 'cricket',
      startTime: '2026-11-21T12:00:00.000Z',
      status: 'open',
      feedStatus: 'OPEN',
      result: null,
      runners: [
        { id: 11, name: 'India' },
        { id: 12, name: 'Australia' },
      ],
    });
    // India wins: p1 +200, p2 −102 → the house pays 98; Australia: the house takes 100. Worst case 98.
    expect(row?.cash).toEqual({ bets: 3, players: 2, matchedStake: 300, unmatchedStake: 100, liability: 98 });
    // The demo's back on Australia at 1.98 wins 98 of play money at worst.
    expect(row?.playMoney).toEqual({
      bets: 1,
      players: 1,
      matchedStake: 100,
      unmatchedStake: 0,
      liability: 98,
    });

    // Each status and sport lists its own.
    expect(await find(suspended.marketId, { status: 'suspended' })).toMatchObject({
      status: 'suspended',
      feedStatus: 'SUSPENDED',
    });
    expect(await find(suspended.marketId, { status: 'open' })).toBeUndefined();
    expect(await find(open.marketId, { status: 'suspended' })).toBeUndefined();
    const won = await find(settled.marketId, { status: 'settled' });
    expect(won).toMatchObject({ status: 'settled', result: { kind: 'winner', runnerId: 11 } });
    expect(won?.settledAt).not.toBeNull();
    expect(won?.cash).toEqual({ bets: 1, players: 1, matchedStake: 100, unmatchedStake: 0, liability: 0 });
    expect(await find(settled.marketId, { status: 'open' })).toBeUndefined();
    expect(await find(voided.marketId, { status: 'voided' })).toMatchObject({
      status: 'voided',
      result: { kind: 'void', reason: 'Abandoned' },
    });
    expect(await find(voided.marketId, { status: 'settled' })).toBeUndefined();
    expect(await find(football.marketId, { sport: 'football' })).toMatchObject({
      sport: 'football',
      eventName: 'Arsenal v Chelsea',
    });
    expect(await find(football.marketId, { sport: 'cricket' })).toBeUndefined();
    expect(
      (await listed({ sport: 'football', MaxResultCount: '100' })).items.every((m) => m.sport === 'football'),
    ).toBe(true);

    // A market the feed has closed with no result recorded here waits for one: 'closed'.
    const waiting = newMarket();
    await placeOk(ctx, p2, backBet(waiting, 11, 2, 100));
    feed.update(waiting.marketId, { status: 'CLOSED' });
    expect(await find(waiting.marketId, { status: 'closed' })).toMatchObject({ status: 'closed' });

    // Paging: live markets first, then decided ones; the pages add up to the whole list.
    const all = await listed({ MaxResultCount: '100' });
    expect(all.totalCount).toBe(all.items.length);
    const statuses = all.items.map((m) => m.status);
    const firstDecided = statuses.findIndex((s) => s === 'settled' || s === 'voided');
    expect(statuses.slice(firstDecided).every((s) => s === 'settled' || s === 'voided')).toBe(true);
    const pages: string[] = [];
    for (let skip = 0; skip < all.totalCount; skip += 2) {
      const page = await listed({ SkipCount: String(skip), MaxResultCount: '2' });
      expect(page.totalCount).toBe(all.totalCount);
      pages.push(...page.items.map((m) => m.marketId));
    }
    expect(pages).toEqual(all.items.map((m) => m.marketId));

    // Search: words of the event's or the market's name, any case, live and decided; or the id.
    const arsenal = await listed({ search: 'arsenal V chel', MaxResultCount: '100' });
    expect(arsenal.items.map((m) => m.marketId)).toEqual([football.marketId]);
    expect(arsenal.totalCount).toBe(1);
    const byId = await listed({ search: voided.marketId });
    expect(byId.items.map((m) => m.marketId)).toEqual([voided.marketId]);
    const decidedTeam = await listed({ search: `Team ${settled.eventId} v`, status: 'settled' });
    expect(decidedTeam.items.map((m) => m.marketId)).toEqual([settled.marketId]);
    // Taken literally: % and _ match only themselves.
    expect((await listed({ search: '%' })).totalCount).toBe(0);
    expect((await listed({ search: 'Team_' })).totalCount).toBe(0);

    expectRefused(await list({ status: 'finished' }), 400, 'VALIDATION_FAILED');
    expectRefused(await list({ search: 'x'.repeat(101) }), 400, 'VALIDATION_FAILED');
    expectRefused(await list({ sport: 'casino' }), 400, 'VALIDATION_FAILED');
    expectRefused(await list({ MaxResultCount: '101' }), 400, 'VALIDATION_FAILED');
  });

  it("lists a market's bets for this site: player, side, runner, odds, stake, matched or resting", async () => {
    const m = newMarket();
    const p = await fundedPlayer(ctx, 1000);
    const demo = await demoPlayerOn();
    const matched = await placeOk(ctx, p, backBet(m, 11, 2, 100));
    const resting = await placeOk(ctx, p, backBet(m, 11, 3, 150));
    const lay = await placeOk(ctx, demo, layBet(m, 12, 2, 120));
    const [user] = await queryRows<{ user_name: string }>(
      ctx.database.db,
      sql`select user_name from users where id = ${p.userId}`,
    );
    const answer = expectOk(await bets(m.marketId));
    expect(answer.totalCount).toBe(3);
    expect(answer.items).toMatchObject([
      {
        betId: lay.betId,
        userId: demo.userId,
        isDemo: true,
        side: 'lay',
        runnerId: 12,
        runnerName: 'Australia',
        odds: 2,
        stake: 120,
        liability: 120,
        status: 'MATCHED',
        matched: true,
        result: null,
      },
      {
        betId: resting.betId,
        userId: p.userId,
        userName: user?.user_name,
        side: 'back',
        runnerName: 'India',
        odds: 3,
        stake: 150,
        status: 'UNMATCHED',
        matched: false,
      },
      {
        betId: matched.betId,
        side: 'back',
        odds: 2,
        stake: 100,
        status: 'MATCHED',
        matched: true,
        isDemo: false,
      },
    ]);
    const page = expectOk(
      await call<{ totalCount: number; items: { betId: number }[] }>(ctx.app, {
        url: '/admin/markets/bets',
        query: { marketId: m.marketId, SkipCount: '1', MaxResultCount: '1' },
        token: await trader(),
      }),
    );
    expect(page).toEqual({ totalCount: 3, items: [expect.objectContaining({ betId: resting.betId })] });

    // A market of the feed nobody has bet on has none; one that does not exist is 404.
    expect(expectOk(await bets(newMarket().marketId))).toEqual({ totalCount: 0, items: [] });
    expectRefused(await bets('16.999999'), 404, 'NOT_FOUND', 'Market 16.999999 does not exist.');
  });

  it('previews a settlement that the settle call then moves to the paisa, and changes nothing itself', async () => {
    const m = newMarket();
    const [p1, p2, p3] = [
      await fundedPlayer(ctx, 1000),
      await fundedPlayer(ctx, 1000),
      await fundedPlayer(ctx, 1000),
    ];
    const demo = await demoPlayerOn();
    await placeOk(ctx, p1, backBet(m, 11, 2, 200));
    await placeOk(ctx, p2, layBet(m, 11, 2.02, 100));
    await placeOk(ctx, p2, backBet(m, 11, 5, 100)); // rests, lapsed by the settlement
    await placeOk(ctx, p3, backBet(m, 12, 1.98, 100));
    await placeOk(ctx, demo, backBet(m, 11, 2, 100));
    const players = [p1, p2, p3, demo];
    const result = { kind: 'winner', runnerId: 11 };

    await trader(); // signed in before the snapshot: a sign-in is an audit row
    const before = await snapshot();
    const shown = expectOk(await preview(m.marketId, result));
    expectOk(await preview(m.marketId, { kind: 'winner', runnerId: 12 }));
    expectOk(await preview(m.marketId, { kind: 'void', reason: 'Rain' }));
    // Nothing changed: no journal, no settlement, no bet, no exposure, no close, no audit row...
    expect(await snapshot()).toEqual(before);
    // ...and the market still takes bets.
    await placeOk(ctx, p3, backBet(m, 12, 1.98, 100));
    const now = expectOk(await preview(m.marketId, result));

    // By hand, commission 5%: p1 backed India 200 at 2.00: +200, commission 10, +190. p2 laid India
    // 100 at 2.02: −102. p3 backed Australia twice 100 at 1.98: −200. The house: 302 − 190 = 112.
    const byUser = new Map(now.players.map((p) => [p.userId, p]));
    expect(byUser.get(p1.userId)).toMatchObject({
      bets: 1,
      gross: 200,
      commission: 10,
      net: 190,
      exposureReleased: 200,
    });
    // p2's exposure holds the resting back's worst case too (nothing: it wins where the lay loses).
    expect(byUser.get(p2.userId)).toMatchObject({
      bets: 1,
      gross: -102,
      commission: 0,
      net: -102,
      exposureReleased: 102,
    });
    expect(byUser.get(p3.userId)).toMatchObject({ bets: 2, net: -200, exposureReleased: 200 });
    expect(byUser.get(demo.userId)).toMatchObject({ isDemo: true, gross: 100, commission: 5, net: 95 });
    expect(now.players[0]?.userId).toBe(p3.userId); // the largest movement first
    expect(now.cash).toEqual({
      players: 3,
      bets: 4,
      matchedStake: 500,
      paidToPlayers: 190,
      takenFromPlayers: 302,
      commission: 10,
      houseNet: 112,
      exposureReleased: 502,
      refunds: 0,
      lapsedOrders: 1,
      lapsedStake: 100,
    });
    expect(now.playMoney).toMatchObject({ players: 1, paidToPlayers: 95, houseNet: -95, commission: 5 });
    expect(shown.cash.houseNet).toBe(12); // before p3's second bet

    // The real settle moves exactly that.
    const wallets = new Map<number, { balance: number; exposure: number }>();
    for (const p of players) wallets.set(p.userId, await walletOf(ctx.database.db, p.userId));
    const house = await houseCash();
    expectOk(await settle(ctx, m.marketId, result));
    for (const p of players) {
      const was = wallets.get(p.userId)!;
      const after = await walletOf(ctx.database.db, p.userId);
      const expected = byUser.get(p.userId)!;
      expect(rupees(after.balance - was.balance)).toBe(expected.net);
      expect(rupees(was.exposure - after.exposure)).toBe(expected.exposureReleased);
      expect(after.exposure).toBe(0);
      const [settled] = await queryRows<{ net_paise: unknown; commission_paise: unknown }>(
        ctx.database.db,
        sql`select net_paise, commission_paise from market_settlements
            where market_id = ${m.marketId} and user_id = ${p.userId}`,
      );
      expect(rupees(num(settled?.net_paise))).toBe(expected.net);
      expect(rupees(num(settled?.commission_paise))).toBe(expected.commission);
    }
    expect(rupees((await houseCash()) - house)).toBe(now.cash.houseNet);
    const [journals] = await queryRows<{ n: unknown; house: unknown }>(
      ctx.database.db,
      sql`select count(distinct j.id) as n,
            coalesce(sum(l.amount) filter (where a.code = 'HOUSE_CASH'), 0) as house
          from journals j join journal_lines l on l.journal_id = j.id join ledger_accounts a on a.id = l.account_id
          where j.reference like ${`settle:${m.marketId}:%`}`,
    );
    expect(num(journals?.n)).toBe(4);
    expect(rupees(num(journals?.house))).toBe(now.cash.houseNet);

    // Settled: the preview is refused as the settle call refuses a closed market.
    expectRefused(
      await preview(m.marketId, result),
      409,
      'DUPLICATE_REQUEST',
      /already settled \(winner 11\)/,
    );
    expectRefused(
      await preview(m.marketId, { kind: 'winner', runnerId: 12 }),
      409,
      'DUPLICATE_REQUEST',
      `Market ${m.marketId} was already closed with another result (winner 11).`,
    );
    expectRefused(
      await settle(ctx, m.marketId, { kind: 'winner', runnerId: 12 }),
      409,
      'DUPLICATE_REQUEST',
      `Market ${m.marketId} was already closed with another result (winner 11).`,
    );
  });

  it('previews a void as refunds (nothing paid or taken), which the void then releases', async () => {
    const m = newMarket();
    const [p1, p2] = [await fundedPlayer(ctx, 1000), await fundedPlayer(ctx, 1000)];
    await placeOk(ctx, p1, backBet(m, 11, 2, 100));
    await placeOk(ctx, p1, backBet(m, 11, 4, 100)); // rests
    await placeOk(ctx, p2, layBet(m, 12, 2, 100));
    const held = {
      p1: await walletOf(ctx.database.db, p1.userId),
      p2: await walletOf(ctx.database.db, p2.userId),
    };
    const shown = expectOk(await preview(m.marketId, { kind: 'void', reason: 'Match abandoned' }));
    expect(shown.void).toBe(true);
    expect(shown.players.every((p) => p.net === 0 && p.gross === 0 && p.commission === 0)).toBe(true);
    // p1: Australia winning costs the matched back 100 and the resting one 100: 200 held; p2: 100.
    expect(shown.cash).toEqual({
      players: 2,
      bets: 2,
      matchedStake: 200,
      paidToPlayers: 0,
      takenFromPlayers: 0,
      commission: 0,
      houseNet: 0,
      exposureReleased: 300,
      refunds: 300,
      lapsedOrders: 1,
      lapsedStake: 100,
    });
    expect(rupees(held.p1.exposure + held.p2.exposure)).toBe(shown.cash.refunds);

    expectOk(await settle(ctx, m.marketId, { kind: 'void', reason: 'Match abandoned' }));
    for (const [p, was] of [
      [p1, held.p1],
      [p2, held.p2],
    ] as const) {
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: was.balance, exposure: 0 });
    }
    const statuses = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from bets where market_id = ${m.marketId} order by id`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['VOID', 'LAPSED', 'VOID']);
    expectRefused(await preview(m.marketId, { kind: 'void', reason: 'Again' }), 409, 'DUPLICATE_REQUEST');
  });

  it('refuses what the settle call refuses: an unknown market, a result that does not fit, bad input', async () => {
    const m = newMarket();
    seq += 1;
    const fancyId = `16.${seq}`;
    feed.setMarket(
      fancyMarket({ id: fancyId, eventId: m.eventId, noLine: 30, noRate: 100, yesLine: 30, yesRate: 100 }),
    );
    await trader();
    const before = await snapshot();
    expectRefused(
      await preview('16.999999', { kind: 'winner', runnerId: 11 }),
      404,
      'NOT_FOUND',
      'Market 16.999999 does not exist.',
    );
    expectRefused(
      await preview(m.marketId, { kind: 'winner', runnerId: 77 }),
      400,
      'BAD_REQUEST',
      /Runner 77/,
    );
    expectRefused(await preview(m.marketId, { kind: 'runs', runs: 30 }), 400, 'BAD_REQUEST');
    expectRefused(await preview(fancyId, { kind: 'winner', runnerId: 11 }), 400, 'BAD_REQUEST');
    // A market nobody bet on previews empty; a fancy one on a runs total.
    expect(expectOk(await preview(fancyId, { kind: 'runs', runs: 31 })).cash).toMatchObject({
      players: 0,
      houseNet: 0,
    });
    expectRefused(await preview(m.marketId, { kind: 'void' }), 400, 'VALIDATION_FAILED'); // a void needs its reason
    // A runs total past any session's line is a typo: refused, previewed or settled.
    expectRefused(await preview(fancyId, { kind: 'runs', runs: 10_001 }), 400, 'VALIDATION_FAILED');
    expectRefused(
      await settle(ctx, fancyId, { kind: 'runs', runs: 999_999_999_999 }),
      400,
      'VALIDATION_FAILED',
    );
    for (const text of ['{', 'null', '"winner"', '{"kind":"winner","runnerId":-1}']) {
      expectRefused(
        await call(ctx.app, {
          url: '/admin/markets/settle-preview',
          query: { marketId: m.marketId, result: text },
          token: await trader(),
        }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectRefused(
      await call(ctx.app, {
        url: '/admin/markets/settle-preview',
        query: { marketId: m.marketId },
        token: await trader(),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('admits the trader and the owner only: finance and support 403, a player 403, no token 401', async () => {
    const m = newMarket();
    const result = { kind: 'void', reason: 'Abandoned' };
    expectOk(await list({}, await operatorToken(ctx.app, 'owner')));
    expectOk(await preview(m.marketId, result, await operatorToken(ctx.app, 'owner')));
    for (const role of ['finance', 'support'] as const) {
      const token = await operatorToken(ctx.app, role);
      const needs = `Your role (${role}) may not do this: it needs owner or trader.`;
      expectRefused(await list({}, token), 403, 'FORBIDDEN', needs);
      expectRefused(await bets(m.marketId, token), 403, 'FORBIDDEN', needs);
      expectRefused(await preview(m.marketId, result, token), 403, 'FORBIDDEN', needs);
    }
    const player = await fundedPlayer(ctx, 0);
    expectRefused(await list({}, player.token), 403, 'FORBIDDEN', /for operators/);
    expectRefused(await preview(m.marketId, result, player.token), 403, 'FORBIDDEN');
    const anonymous: Answer = await call(ctx.app, { url: '/admin/markets' });
    expectRefused(anonymous, 401, 'UNAUTHENTICATED');
  });

  it("shows another site's trader its own players' bets only, and takes its token nowhere else", async () => {
    const m = newMarket();
    const here = await fundedPlayer(ctx, 1000);
    await placeOk(ctx, here, backBet(m, 11, 2, 100));
    const there = await demoPlayerOn(OTHER_HOST);
    expectOk(
      await call(ctx.app, {
        url: '/Bet/PlaceBetV2',
        body: { requestId: requestId(), ...backBet(m, 12, 1.98, 100) },
        token: there.token,
        host: OTHER_HOST,
      }),
    );
    const token = await otherSiteOperatorToken(ctx.app, {
      host: OTHER_HOST,
      userName: `trading_trader_${backend}`,
      role: 'trader',
    });

    const theirs = expectOk(
      await call<{ items: Market[] }>(ctx.app, {
        url: '/admin/markets',
        query: { MaxResultCount: '100' },
        token,
        host: OTHER_HOST,
      }),
    ).items.find((x) => x.marketId === m.marketId);
    // One feed: the same market, with the other site's book.
    expect(theirs?.cash).toEqual({ bets: 0, players: 0, matchedStake: 0, unmatchedStake: 0, liability: 0 });
    expect(theirs?.playMoney).toMatchObject({ bets: 1, matchedStake: 100 });
    expect((await find(m.marketId))?.cash).toMatchObject({ bets: 1, matchedStake: 100 });
    expect((await find(m.marketId))?.playMoney.bets).toBe(0);

    const theirBets = expectOk(await bets(m.marketId, token, OTHER_HOST));
    expect(theirBets.items.map((b) => b.userId)).toEqual([there.userId]);
    const ourBets = expectOk(await bets(m.marketId));
    expect(ourBets.items.map((b) => b.userId)).toEqual([here.userId]);
    const theirPreview = expectOk(
      await preview(m.marketId, { kind: 'winner', runnerId: 11 }, token, OTHER_HOST),
    );
    expect(theirPreview.players.map((p) => p.userId)).toEqual([there.userId]);

    // Its token is no good on this site.
    expectRefused(await list({}, token), 401, 'UNAUTHENTICATED');
    expectRefused(await bets(m.marketId, token), 401, 'UNAUTHENTICATED');
  });
});
