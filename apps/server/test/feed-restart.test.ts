import type { MarketResult } from '@backlay/contract';
import type { SimulatedFeed } from '@backlay/feed-simulator';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { ManualClock, type ExchangeMarket, type MarketFeed } from '@backlay/market-feed';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MARKET_LOCK_CLASS } from '../src/betting/bet-repository';
import { num, queryRows } from '../src/betting/sql-rows';
import { openDatabase, type Database } from '../src/platform/db/database';
import { seedDemoDomains } from '../src/settings/seed';
import { closeMarket } from '../src/sports/market-repository';
import { runFeed, type RunFeedOptions } from '../src/sports/feed/run-feed';
import { demoPlayer, expectLedgerBalanced, placeOk, walletOf, type Player } from './betting-helpers';
import { backends, openTestDatabase, scratchPostgres, testConfig, type TestContext } from './harness';
import { call } from './helpers';
import { operatorHeaders } from './operator-helpers';

const RUNNERS = [
  { id: 1, name: 'India', back: [2], lay: [2.02] },
  { id: 2, name: 'Australia', back: [1.98], lay: [2] },
];
const DEMO_BALANCE = 1_500_000;

async function startApp(database: Database, feed: MarketFeed): Promise<TestContext> {
  const config = testConfig();
  const app = await buildApp({ config, database, feed });
  await app.ready();
  return { app, database, config, close: () => app.close() };
}

async function betRow(db: Database['db'], betId: number) {
  const [row] = await queryRows<{ status: string; exposure: unknown; balance: unknown }>(
    db,
    sql`select b.status, w.exposure, a.balance from bets b
          join wallets w on w.user_id = b.user_id
          join ledger_accounts a on a.id = w.cash_account_id
         where b.id = ${betId}`,
  );
  return { status: row?.status, exposure: num(row?.exposure), balance: num(row?.balance) };
}

/** Waits (up to 15 s) for the background repair to settle a market wholly. */
async function settledInTheBackground(db: Database['db'], marketId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await queryRows<{ settled: boolean; open: unknown }>(
      db,
      sql`select m.settled_at is not null as settled,
            (select count(*) from bets b where b.market_id = m.id and b.status = 'MATCHED') as open
          from markets m where m.id = ${marketId}`,
    );
    if (row?.settled && num(row.open) === 0) return;
    if (Date.now() > deadline) throw new Error(`market ${marketId} was never settled`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settleByHand = async (ctx: TestContext, marketId: string, result: MarketResult) =>
  call(ctx.app, {
    url: '/admin/markets/settle',
    body: { marketId, result },
    headers: await operatorHeaders(ctx.app, 'trader'),
  });

describe.each(backends)('a restarted feed owner (%s)', { timeout: 120_000 }, (backend) => {
  it('carries on its simulated world: open bets stay open and their market still takes bets', async () => {
    const database = await openTestDatabase(backend);
    await seedDemoDomains(database.db);
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0));
    const feedOptions: RunFeedOptions = {
      world: database.db,
      clock,
      simulator: {
        sports: {
          football: { inPlay: 0, upcoming: 2 },
          cricket: null,
          tennis: null,
          kabaddi: null,
          horseRacing: null,
        },
        quoteActivity: { inPlay: 0.35, preMatch: 0 },
      },
      autoStart: false,
    };
    try {
      // As main.ts runs it: the feed, the app on it, then the feed started.
      const first = await runFeed(feedOptions);
      const before = await startApp(database, first.feed);
      first.feed.start();
      const fixture = first.feed.fixtures().find((f) => f.status === 'UPCOMING');
      const market = first.feed
        .odds(fixture?.eventId ?? 0)
        ?.markets.find((m): m is ExchangeMarket => m.type === 'MATCH_ODDS');
      const runner = market?.runners[0];
      const price = runner?.back[0]?.price;
      if (!fixture || !market || !runner || !price) throw new Error('no match odds to come');
      const bet = (ctx: TestContext, player: Player) =>
        placeOk(ctx, player, {
          type: 1,
          rate: price / 100,
          stake: 1000,
          marketId: market.id,
          eventId: fixture.eventId,
          runnerId: runner.id,
          acceptAnyOdds: true,
        });
      const player = await demoPlayer(before);
      const placed = await bet(before, player);
      await before.close();
      await first.stop();

      // A minute later the server starts again on the same database.
      clock.advance(60_000);
      const second = await runFeed(feedOptions);
      expect(second.world?.resumed).toBe(true);
      const after = await startApp(database, second.feed);
      second.feed.start();
      try {
        expect((second.feed as SimulatedFeed).now()).toBe(clock.now());
        expect(second.feed.market(market.id)?.status).toBe('OPEN');
        expect(await betRow(database.db, placed.betId)).toMatchObject({
          status: 'MATCHED',
          exposure: 100_000,
        });
        expect((await bet(after, player)).exposure).toBe(2000);
        const voided = await queryRows(database.db, sql`select id from bets where status = 'VOID'`);
        expect(voided).toEqual([]);
      } finally {
        await after.close();
        await second.stop();
      }
    } finally {
      await database.close();
    }
  });

  it('leaves the open bets of a market the feed no longer knows open, for the operator to void by hand', async () => {
    const database = await openTestDatabase(backend);
    await seedDemoDomains(database.db);
    try {
      const before = await startApp(
        database,
        new TestFeed().setMarket(matchOddsMarket({ id: '1.5001', eventId: 500, runners: RUNNERS })),
      );
      const player = await demoPlayer(before);
      const bet = await placeOk(before, player, {
        type: 1,
        rate: 2,
        stake: 1000,
        marketId: '1.5001',
        eventId: 500,
        runnerId: 1,
      });
      expect(bet.exposure).toBe(1000);
      await before.close();

      // A feed without market 1.500: its bets are reported, not voided.
      const after = await startApp(database, new TestFeed());
      try {
        expect(await betRow(database.db, bet.betId)).toEqual({
          status: 'MATCHED',
          exposure: 100_000,
          balance: DEMO_BALANCE,
        });
        // Voiding it is the operator's deliberate step.
        const answer = await settleByHand(after, '1.5001', { kind: 'void', reason: 'Abandoned by the feed' });
        expect(answer.status).toBe(200);
        expect(await betRow(database.db, bet.betId)).toEqual({
          status: 'VOID',
          exposure: 0,
          balance: DEMO_BALANCE,
        });
      } finally {
        await after.close();
      }
    } finally {
      await database.close();
    }
  });

  it('finishes in the background a settlement a crash left half done, paying each player once', async () => {
    const database = await openTestDatabase(backend);
    await seedDemoDomains(database.db);
    const db = database.db;
    const feed = () =>
      new TestFeed()
        .setMarket(matchOddsMarket({ id: '1.601', eventId: 601, runners: RUNNERS }))
        .setMarket(matchOddsMarket({ id: '1.602', eventId: 602, runners: RUNNERS }));
    try {
      const before = await startApp(database, feed());
      const [winner, loser, voided] = [
        await demoPlayer(before),
        await demoPlayer(before),
        await demoPlayer(before),
      ];
      const base = { type: 1 as const, rate: 2, stake: 1000, eventId: 601, marketId: '1.601' };
      await placeOk(before, winner, { ...base, runnerId: 1 });
      await placeOk(before, loser, { ...base, rate: 1.98, runnerId: 2 });
      await placeOk(before, voided, { ...base, eventId: 602, marketId: '1.602', runnerId: 1 });
      // 1.602 was voided, bets and money, but the run died before marking the market settled.
      expect((await settleByHand(before, '1.602', { kind: 'void', reason: 'Rain' })).status).toBe(200);
      await before.close();
      await db.execute(sql`update markets set settled_at = null where id = '1.602'`);
      // 1.601 was closed with its result, and the run died before settling anyone.
      expect(await closeMarket(db, '1.601', { kind: 'winner', runnerId: 1 })).toBe(true);

      // The feed still quotes both; the results recorded are what count.
      const after = await startApp(database, feed());
      try {
        await settledInTheBackground(db, '1.601');
        await settledInTheBackground(db, '1.602');
      } finally {
        await after.close();
      }
      // Once more: nothing is left to do, and nothing moves twice.
      await (await startApp(database, feed())).close();

      const journals = await queryRows<{ reference: string }>(
        db,
        sql`select reference from journals where kind = 'bet_settlement' order by reference`,
      );
      expect(journals.map((j) => j.reference)).toEqual(
        [winner, loser].map((p) => `settle:1.601:${p.userId}`).sort(),
      );
      const net = async (p: Player) => {
        const [row] = await queryRows<{ net: unknown }>(
          db,
          sql`select net_paise as net from market_settlements where user_id = ${p.userId}`,
        );
        return num(row?.net);
      };
      expect(await net(winner)).toBeGreaterThan(0);
      expect(await net(loser)).toBe(-100_000);
      for (const p of [winner, loser]) {
        expect(await walletOf(db, p.userId)).toEqual({ balance: DEMO_BALANCE + (await net(p)), exposure: 0 });
      }
      expect(await walletOf(db, voided.userId)).toEqual({ balance: DEMO_BALANCE, exposure: 0 });
      const statuses = await queryRows<{ status: string }>(db, sql`select status from bets order by id`);
      expect(statuses.map((s) => s.status)).toEqual(['SETTLED', 'SETTLED', 'VOID']);
      await expectLedgerBalanced(db);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('the feed owner starting up (postgres)', () => {
  it('is ready at once, whatever the repair has to wait for; the repair finishes after', async () => {
    const scratch = await scratchPostgres('backlay_restart');
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    await seedDemoDomains(database.db);
    const holder = new pg.Client({ connectionString: scratch.url });
    let app: FastifyInstance | undefined;
    try {
      const feed = new TestFeed().setMarket(matchOddsMarket({ id: '1.701', eventId: 701, runners: RUNNERS }));
      const before = await startApp(database, feed);
      const player = await demoPlayer(before);
      await placeOk(before, player, {
        type: 1,
        rate: 2,
        stake: 1000,
        eventId: 701,
        marketId: '1.701',
        runnerId: 1,
      });
      await before.close();
      expect(await closeMarket(database.db, '1.701', { kind: 'winner', runnerId: 2 })).toBe(true);

      // Something holds the market (a long settlement elsewhere): the repair must wait for it, the
      // start-up must not.
      await holder.connect();
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [MARKET_LOCK_CLASS, '1.701']);
      const after = await startApp(database, new TestFeed());
      app = after.app;
      const [row] = await queryRows<{ settled: boolean }>(
        database.db,
        sql`select settled_at is not null as settled from markets where id = '1.701'`,
      );
      expect(row?.settled).toBe(false);
      await holder.query('select pg_advisory_unlock($1, hashtext($2))', [MARKET_LOCK_CLASS, '1.701']);
      await settledInTheBackground(database.db, '1.701');
      expect(await walletOf(database.db, player.userId)).toEqual({
        balance: DEMO_BALANCE - 100_000,
        exposure: 0,
      });
    } finally {
      await app?.close();
      await holder.end();
      await database.close();
      await scratch.drop();
    }
  }, 60_000);
});
