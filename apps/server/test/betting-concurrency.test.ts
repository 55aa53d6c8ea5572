import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OddsV2, SportTree } from '@backlay/contract';
import { marketExposure, paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { positionOf, type StoredBet } from '../src/betting/positions';
import { num, queryRows } from '../src/betting/sql-rows';
import { OrderService } from '../src/betting/order-service';
import { openDatabase, type Database } from '../src/platform/db/database';
import {
  adjust,
  backBet,
  expectLedgerBalanced,
  fundedPlayer,
  layBet,
  requestId,
  walletOf,
  type MarketRef,
  type Player,
} from './betting-helpers';
import {
  backends,
  createTestApp,
  freePort,
  scratchPostgres,
  serversOnOnePostgres,
  type TestContext,
} from './harness';
import { call, expectRefused } from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * Two server instances (two app factories, each with its own connection pool) on one PostgreSQL
 * database: 200 bets at once from one account whose total would exceed its balance. Each bet backs
 * ₹100 at 2.00 on the same runner of one of four markets, so each accepted bet adds exactly ₹100 of
 * exposure and a ₹10,000 balance takes exactly 100 of them, whichever server each reaches.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [2.0], lay: [2.02] },
];
const MARKETS = ['7.1', '7.2', '7.3', '7.4'];

/**
 * Rests an order through `app` (persistence 'keep'): a lay at 1.90 or a back at 2.10 of `stake`
 * whole rupees, away from the feed's 2.00 / 2.02; answers its order id.
 */
async function restOrder(
  app: FastifyInstance,
  player: Player,
  m: MarketRef,
  runnerId: number,
  lay: boolean,
  stake: number,
): Promise<number> {
  const bet = lay ? layBet(m, runnerId, 1.9, stake) : backBet(m, runnerId, 2.1, stake);
  const answer = await call<{ betId: number; status: string }>(app, {
    url: '/Bet/PlaceBetV2',
    token: player.token,
    body: { requestId: requestId(), ...bet, persistence: 'keep' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.result.status).toBe('UNMATCHED');
  return answer.body.result.betId;
}

/** Every row of an order, oldest first: prices in hundredths, stakes in paise. */
function orderRows(db: Database['db'], orderId: number) {
  return queryRows<{ status: string; price_hundredths: unknown; stake_paise: unknown }>(
    db,
    sql`select status, price_hundredths, stake_paise from bets where order_id = ${orderId} order by id`,
  );
}

describe.runIf(DATABASE_URL)('concurrent bets through two servers on one PostgreSQL', () => {
  const feed = new TestFeed();
  let apps: FastifyInstance[] = [];
  let databases: Database[] = [];
  let ctx: TestContext;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    MARKETS.forEach((id, i) => feed.setMarket(matchOddsMarket({ id, eventId: 900 + i, runners: RUNNERS })));
    ({ apps, databases, context: ctx, close } = await serversOnOnePostgres('backlay_conc', feed));
  }, 60_000);

  afterAll(() => close());

  it('200 bets at once: exactly what the balance covers is accepted, available never below zero', async () => {
    const player: Player = await fundedPlayer(ctx, 10_000);
    const db = ctx.database.db;
    let sampling = true;
    let lowestAvailable = Number.POSITIVE_INFINITY;
    const sampler = (async () => {
      while (sampling) {
        const w = await walletOf(db, player.userId);
        lowestAvailable = Math.min(lowestAvailable, w.balance - w.exposure);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call<{ betId: number; exposure: number }>(apps[i % 2] as FastifyInstance, {
          url: '/Bet/PlaceBetV2',
          token: player.token,
          body: {
            requestId: requestId(),
            type: 1,
            rate: 2,
            stake: 100,
            runnerId: 11,
            marketId: MARKETS[i % MARKETS.length],
            eventId: 900 + (i % MARKETS.length),
          },
        }),
      ),
    );
    sampling = false;
    await sampler;

    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    for (const a of refused) expectRefused(a, 422, 'INSUFFICIENT_FUNDS');
    expect(accepted).toHaveLength(100);
    expect(lowestAvailable).toBeGreaterThanOrEqual(0);
    // Both servers took some of them.
    const perServer = [0, 1].map((s) => answers.filter((a, i) => i % 2 === s && a.status === 200).length);
    expect(perServer.every((n) => n > 0)).toBe(true);

    const wallet = await walletOf(db, player.userId);
    expect(wallet).toEqual({ balance: 1_000_000, exposure: 1_000_000 });

    // Every accepted bet is in the book, and the exposure held is what the bets say.
    const bets = await queryRows<{
      id: unknown;
      market_id: string;
      side: StoredBet['side'];
      stake_paise: unknown;
    }>(db, sql`select id, market_id, side, stake_paise from bets where user_id = ${player.userId}`);
    expect(bets.map((b) => num(b.id)).sort((a, b) => a - b)).toEqual(
      accepted.map((a) => a.body.result.betId).sort((a, b) => a - b),
    );
    const held = await queryRows<{ market_id: string; exposure_paise: unknown }>(
      db,
      sql`select market_id, exposure_paise from market_exposures where user_id = ${player.userId}`,
    );
    for (const { market_id, exposure_paise } of held) {
      const stored: StoredBet[] = bets
        .filter((b) => b.market_id === market_id)
        .map((b) => ({
          side: b.side,
          runnerId: 11,
          priceHundredths: 200,
          rate: null,
          line: null,
          stakePaise: paise(num(b.stake_paise)),
        }));
      expect(num(exposure_paise)).toBe(marketExposure(positionOf('MATCH_ODDS', [11, 12], stored)));
    }
    await expectLedgerBalanced(db);

    // Settling every market through either server pays out exactly: runner 11 wins in two markets.
    for (const [i, marketId] of MARKETS.entries()) {
      const answer = await call(apps[i % 2] as FastifyInstance, {
        url: '/admin/markets/settle',
        body: { marketId, result: { kind: 'winner', runnerId: i < 2 ? 11 : 12 } },
        // The trader's token is good on either server: both serve the demo site from one database.
        headers: await operatorHeaders(ctx.app, 'trader'),
      });
      expect(answer.status).toBe(200);
    }
    const stakesWon = bets
      .filter((b) => b.market_id === '7.1' || b.market_id === '7.2')
      .reduce((s, b) => s + num(b.stake_paise), 0);
    const stakesLost = bets
      .filter((b) => b.market_id === '7.3' || b.market_id === '7.4')
      .reduce((s, b) => s + num(b.stake_paise), 0);
    expect(await walletOf(db, player.userId)).toEqual({
      balance: 1_000_000 + stakesWon - stakesLost,
      exposure: 0,
    });
    await expectLedgerBalanced(db);
  }, 120_000);

  it('a server betting on what it last knew sees the bets and funds changed through the other one', async () => {
    // Each server remembers a player's state after a bet and tries the next bet on it in one round
    // trip, guarded by "nothing changed". Alternating servers and a withdrawal in between make that
    // memory stale every time: each bet must still be decided on the book as it is.
    feed.setMarket(matchOddsMarket({ id: '7.9', eventId: 909, runners: RUNNERS }));
    const player: Player = await fundedPlayer(ctx, 1_000);
    const bet = (server: number, stake: number, type = 1) =>
      call<{ exposure: number; balance: number }>(apps[server] as FastifyInstance, {
        url: '/Bet/PlaceBetV2',
        token: player.token,
        body: {
          requestId: requestId(),
          type,
          rate: type === 1 ? 2 : 2.02,
          stake,
          runnerId: 11,
          marketId: '7.9',
          eventId: 909,
        },
      });
    // Back ₹300 on server A, ₹300 on server B: the exposure adds up across both.
    expect((await bet(0, 300)).body.result.exposure).toBe(300);
    expect((await bet(1, 300)).body.result.exposure).toBe(600);
    // A lay of ₹200 on A, which last saw ₹300 exposure: the position nets to ₹400 back.
    expect((await bet(0, 200, 2)).body.result.exposure).toBe(400);
    // ₹500 is withdrawn by the operator: ₹100 is available, so a ₹200 back is refused on A and on B.
    await adjust(ctx, player.userId, -500);
    for (const server of [0, 1]) expectRefused(await bet(server, 200), 422, 'INSUFFICIENT_FUNDS');
    expect((await bet(1, 100)).body.result).toMatchObject({ balance: 500, exposure: 500 });
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 50_000, exposure: 50_000 });
    const [row] = await queryRows<{ bets_placed: unknown; n: unknown }>(
      ctx.database.db,
      sql`select e.bets_placed, (select count(*) from bets b where b.user_id = e.user_id and b.market_id = e.market_id) as n
            from market_exposures e where e.user_id = ${player.userId} and e.market_id = '7.9'`,
    );
    expect(num(row?.bets_placed)).toBe(4);
    expect(num(row?.n)).toBe(4);
    await expectLedgerBalanced(ctx.database.db);
  }, 60_000);

  it('many players betting at once through both servers: each book and wallet is exact', async () => {
    // Bets of different players are written together in one transaction when they arrive together;
    // each still stands or falls on its own player's state.
    feed.setMarket(matchOddsMarket({ id: '7.8', eventId: 908, runners: RUNNERS }));
    const players = await Promise.all(Array.from({ length: 24 }, () => fundedPlayer(ctx, 2_000)));
    const answers = await Promise.all(
      players.map(async (player, k) => {
        const mine = [];
        for (let i = 0; i < 12; i++) {
          const lay = (i + k) % 3 === 0;
          mine.push(
            await call<{ exposure: number }>(apps[(i + k) % 2] as FastifyInstance, {
              url: '/Bet/PlaceBetV2',
              token: player.token,
              body: {
                requestId: requestId(),
                type: lay ? 2 : 1,
                rate: lay ? 2.02 : 2,
                // ₹12 × ₹200 = ₹2,400 of backing is more than ₹2,000 covers: the last refuse.
                stake: 200,
                runnerId: 11 + (i % 4 === 3 ? 1 : 0),
                marketId: '7.8',
                eventId: 908,
              },
            }),
          );
        }
        return mine;
      }),
    );
    const db = ctx.database.db;
    for (const [k, player] of players.entries()) {
      for (const a of answers[k] ?? []) {
        if (a.status !== 200) expectRefused(a, 422, 'INSUFFICIENT_FUNDS');
      }
      const bets = await queryRows<{
        side: StoredBet['side'];
        runner_id: unknown;
        price_hundredths: unknown;
        stake_paise: unknown;
      }>(
        db,
        sql`select side, runner_id, price_hundredths, stake_paise from bets where user_id = ${player.userId} and market_id = '7.8'`,
      );
      expect(bets).toHaveLength((answers[k] ?? []).filter((a) => a.status === 200).length);
      const exposure = marketExposure(
        positionOf(
          'MATCH_ODDS',
          [11, 12],
          bets.map((b) => ({
            side: b.side,
            runnerId: num(b.runner_id),
            priceHundredths: num(b.price_hundredths),
            rate: null,
            line: null,
            stakePaise: paise(num(b.stake_paise)),
          })),
        ),
      );
      expect(await walletOf(db, player.userId)).toEqual({ balance: 200_000, exposure });
      expect(exposure).toBeLessThanOrEqual(200_000);
    }
    await expectLedgerBalanced(db);
  }, 120_000);

  it('both servers see the price that reaches the resting orders: each is matched once, the money exact', async () => {
    // Both servers run the feed here (one TestFeed), so both drivers call matchResting on each move.
    feed.setMarket(matchOddsMarket({ id: '7.9', eventId: 909, runners: RUNNERS }));
    const players = await Promise.all(Array.from({ length: 12 }, () => fundedPlayer(ctx, 2_000)));
    // Backs at 2.10 (best back 2.00) and lays at 1.90 (best lay 2.02), ₹300 each, placed through
    // both servers; the last player backs ₹800, more than the ₹500 a move offers at 2.10: a move
    // matches ₹500 of it and the next the rest (the feed's sizes are not consumed by a fill).
    const orders = await Promise.all(
      players.map(async (player, k) => {
        const lay = k % 3 === 0;
        const stake = k === players.length - 1 ? 800 : 300;
        const orderId = await restOrder(
          apps[k % 2] as FastifyInstance,
          player,
          { marketId: '7.9', eventId: 909 },
          11,
          lay,
          stake,
        );
        return { player, orderId, lay, stake };
      }),
    );
    const db = ctx.database.db;
    // The prices reach every order, a few times in a row: ₹500 at 2.10 to back into, ₹100,000 at 1.90 to lay.
    const moved = {
      ...(feed.market('7.9') as ReturnType<typeof matchOddsMarket>),
    };
    const runner11 = {
      ...(moved.runners[0] as (typeof moved.runners)[number]),
      back: [{ price: 210, size: paise(50_000) }],
      lay: [{ price: 190, size: paise(10_000_000) }],
    };
    for (let i = 0; i < 3; i++) {
      feed.update('7.9', { runners: [runner11, moved.runners[1]] } as never);
      feed.emitChange(909, ['7.9']);
    }
    const resting = async () =>
      queryRows<{ stake_paise: unknown }>(
        db,
        sql`select stake_paise from bets where market_id = '7.9' and status = 'UNMATCHED'`,
      );
    const deadline = Date.now() + 30_000;
    while ((await resting()).length > 0) {
      if (Date.now() > deadline) throw new Error(`still resting: ${JSON.stringify(await resting())}`);
      await new Promise((r) => setTimeout(r, 50));
      // The same prices again: whichever server has learnt of the orders by now tries again too.
      feed.emitChange(909, ['7.9']);
    }
    for (const { player, orderId, lay, stake } of orders) {
      const rows = await orderRows(db, orderId);
      const matched = rows.filter((r) => r.status === 'MATCHED');
      // At the order's own price, each fill within what one move offered, all of it exactly once:
      // however many times the two servers tried, nothing matched beyond the stake.
      expect(rows.map((r) => r.status)).toEqual(matched.map(() => 'MATCHED'));
      for (const r of matched) expect(num(r.price_hundredths)).toBe(lay ? 190 : 210);
      for (const r of matched) expect(num(r.stake_paise)).toBeLessThanOrEqual(lay ? 10_000_000 : 50_000);
      const matchedPaise = matched.reduce((sum, r) => sum + num(r.stake_paise), 0);
      expect(matchedPaise).toBe(stake * 100);
      if (stake === 800) expect(matched.length).toBeGreaterThanOrEqual(2);
      const exposure = lay ? Math.round((matchedPaise * 90) / 100) : matchedPaise;
      expect(await walletOf(db, player.userId)).toEqual({ balance: 200_000, exposure });
    }
    await expectLedgerBalanced(db);
  }, 120_000);
  it('two servers matching the same prices at the same moment: one fill per order, the changes told once', async () => {
    // The feed keeps quoting prices that reach nobody, so the servers' own drivers match nothing;
    // the prices that reach the orders go straight to each server's matcher, both at once.
    feed.setMarket(matchOddsMarket({ id: '7.11', eventId: 911, runners: RUNNERS }));
    const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(ctx, 1_000)));
    const orders = await Promise.all(
      players.map(async (player, k) => {
        const lay = k % 2 === 0;
        const orderId = await restOrder(
          apps[k % 2] as FastifyInstance,
          player,
          { marketId: '7.11', eventId: 911 },
          12,
          lay,
          200,
        );
        return { player, orderId, lay };
      }),
    );
    const quoted = feed.market('7.11') as ReturnType<typeof matchOddsMarket>;
    const reaching = {
      ...quoted,
      version: quoted.version + 1,
      runners: [
        quoted.runners[0] as (typeof quoted.runners)[number],
        {
          ...(quoted.runners[1] as (typeof quoted.runners)[number]),
          back: [{ price: 210, size: paise(10_000_000) }],
          lay: [{ price: 190, size: paise(10_000_000) }],
        },
      ],
    } as typeof quoted;
    const matchers = apps.map(
      (app, i) =>
        new OrderService({ db: (databases[i] as Database).db, feed, ledger: app.ledger, log: app.log }),
    );
    const answered = await Promise.all([
      ...matchers.map((m) => m.matchResting(reaching)),
      ...matchers.map((m) => m.matchResting(reaching)),
    ]);
    const changes = answered.flat();
    expect(changes.map((c) => c.change.betId).sort((a, b) => a - b)).toEqual(
      orders.map((o) => o.orderId).sort((a, b) => a - b),
    );
    for (const c of changes) expect(c.change).toMatchObject({ status: 'MATCHED', unmatchedStake: 0 });
    const db = ctx.database.db;
    for (const { player, orderId, lay } of orders) {
      const rows = await orderRows(db, orderId);
      expect(rows.map((r) => [r.status, num(r.price_hundredths), num(r.stake_paise)])).toEqual([
        ['MATCHED', lay ? 190 : 210, 20_000],
      ]);
      expect(await walletOf(db, player.userId)).toEqual({
        balance: 100_000,
        exposure: lay ? 18_000 : 20_000,
      });
    }
    await expectLedgerBalanced(db);
  }, 60_000);
});

describe.each(backends)('bets racing the settlement of their market (%s)', (backend) => {
  const feed = new TestFeed();
  let ctx: TestContext;
  beforeAll(async () => {
    feed.setMarket(matchOddsMarket({ id: '8.1', eventId: 950, runners: RUNNERS }));
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(() => ctx.close());

  it('every bet that got in is settled, none is left matched in a settled market', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(ctx, 100_000)));
    const db = ctx.database.db;
    // Four players bet without pause; the feed closes the market while their bets are in flight.
    let accepted = 0;
    let closed = false;
    const refusals: string[] = [];
    await Promise.all(
      players.map(async (player, k) => {
        for (let i = 0; ; i++) {
          const answer = await call<{ betId: number }>(ctx.app, {
            url: '/Bet/PlaceBetV2',
            token: player.token,
            body: {
              requestId: requestId(),
              type: i % 3 === 0 ? 2 : 1,
              rate: i % 3 === 0 ? 2.02 : 2,
              stake: 100 + i,
              runnerId: 11 + ((i + k) % 2),
              marketId: '8.1',
              eventId: 950,
            },
          });
          if (answer.status !== 200) {
            refusals.push(answer.body.error?.code ?? String(answer.status));
            return;
          }
          accepted += 1;
          if (accepted >= 20 && !closed) {
            closed = true;
            feed.close('8.1', { kind: 'winner', runnerId: 11 });
          }
        }
      }),
    );
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(new Set(refusals)).toEqual(new Set(['MARKET_CLOSED']));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await queryRows<{ settled: boolean }>(
        db,
        sql`select settled_at is not null as settled from markets where id = '8.1'`,
      );
      if (row?.settled) break;
      if (Date.now() > deadline) throw new Error('market never settled');
      await new Promise((r) => setTimeout(r, 20));
    }
    const left = await queryRows(db, sql`select id from bets where market_id = '8.1' and status = 'MATCHED'`);
    expect(left).toEqual([]);
    const [placed] = await queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from bets where market_id = '8.1' and status = 'SETTLED'`,
    );
    expect(num(placed?.n)).toBe(accepted);
    for (const p of players) expect((await walletOf(db, p.userId)).exposure).toBe(0);
    await expectLedgerBalanced(db);
  }, 60_000);

  it('a market closed before its first bet has a row still refuses the bets on their way in', async () => {
    feed.setMarket(matchOddsMarket({ id: '8.2', eventId: 951, runners: RUNNERS }));
    const player = await fundedPlayer(ctx, 10_000);
    const bets = Array.from({ length: 20 }, () =>
      call(ctx.app, {
        url: '/Bet/PlaceBetV2',
        token: player.token,
        body: {
          requestId: requestId(),
          type: 1,
          rate: 2,
          stake: 100,
          runnerId: 11,
          marketId: '8.2',
          eventId: 951,
        },
      }),
    );
    feed.close('8.2', { kind: 'void', reason: 'abandoned' });
    await Promise.all(bets);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await queryRows<{ settled: boolean }>(
        ctx.database.db,
        sql`select settled_at is not null as settled from markets where id = '8.2'`,
      );
      if (row?.settled) break;
      if (Date.now() > deadline) throw new Error('market never settled');
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(
      await queryRows(
        ctx.database.db,
        sql`select id from bets where market_id = '8.2' and status = 'MATCHED'`,
      ),
    ).toEqual([]);
    expect((await walletOf(ctx.database.db, player.userId)).exposure).toBe(0);
  });
});

/*
 * The server that owns the feed, as deployed (`src/main.ts` in its own process, on PostgreSQL),
 * killed with SIGKILL while 2,000 bets are open on the simulator's markets, then started again: it
 * carries on the same world, so every bet stays open on a market that still takes bets. (The
 * simulator used to draw a new world on every start, and the new owner voided the whole book.)
 */
const serverMain = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  /** Resolves once the output holds `text` (rejects if the process exits first). */
  waitFor(text: string): Promise<void>;
  exited: Promise<void>;
}

function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of [...waiting]) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
        void exited.then(() => {
          if (waiting.delete(check)) reject(new Error(`server exited before "${text}":\n${output}`));
        });
      }),
  };
}

describe.runIf(DATABASE_URL)('the feed owner killed (kill -9) under 2,000 open bets', () => {
  it('starts again on the same world: every bet still open, none voided, every market still taking bets', async () => {
    const scratch = await scratchPostgres('backlay_kill');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-kill-')),
      WEB_DIST: join(tmpdir(), 'backlay-no-web'),
      // Pre-match books hold still, so the bets are matched at the price read.
      FEED_STILL_PRE_MATCH: 'true',
      DEMO_LOGINS_PER_MINUTE_PER_IP: '1000',
      REDIS_PREFIX: `backlay-kill-${randomBytes(4).toString('hex')}:`,
    };
    const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    let server = startServer(env);
    const get = async <T>(path: string): Promise<T> =>
      ((await (await fetch(`${base}${path}`)).json()) as { result: T }).result;
    const bet = (
      token: string,
      target: { eventId: number; marketId: string; runnerId: number; price: number },
    ) =>
      fetch(`${base}/Bet/PlaceBetV2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          requestId: requestId(),
          type: 1,
          rate: target.price,
          stake: 100,
          acceptAnyOdds: true,
          eventId: target.eventId,
          marketId: target.marketId,
          runnerId: target.runnerId,
        }),
      });
    const statuses = async () =>
      Object.fromEntries(
        (
          await queryRows<{ status: string; n: unknown }>(
            db.db,
            sql`select status, count(*) as n from bets group by status`,
          )
        ).map((r) => [r.status, num(r.n)]),
      );
    try {
      await server.waitFor('settlement repair done');
      // Match odds of events that do not start for at least half an hour.
      const tree = await get<SportTree[]>('/Event/TreeSportWithEvent');
      const later = tree
        .flatMap((sport) => sport.events)
        .filter((e) => e.status === 'UPCOMING' && Date.parse(e.startTime) > Date.now() + 30 * 60_000);
      const targets: { eventId: number; marketId: string; runnerId: number; price: number }[] = [];
      const listed = new Map<number, string>();
      for (const event of later.slice(0, 8)) {
        const odds = await get<OddsV2>(`/Odds/GetUserOddsV2?eventId=${event.id}`);
        const market = odds.matchOdds.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
        const runner = market?.runners.find((r) => r.status === 'ACTIVE' && r.back[0]);
        if (market && runner?.back[0]) {
          listed.set(event.id, `${event.title} at ${event.startTime}`);
          targets.push({
            eventId: event.id,
            marketId: market.id,
            runnerId: runner.id,
            price: runner.back[0].price,
          });
        }
      }
      expect(targets.length).toBeGreaterThanOrEqual(3);

      // 20 demo players place 100 bets of ₹100 each: ₹10,000 of ₹15,000 at risk apiece.
      const tokens = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await get<{ accessToken: string }>('/Account/LoginAsDemoUser')).accessToken,
        ),
      );
      await Promise.all(
        tokens.map(async (token, k) => {
          for (let i = 0; i < 100; i++) {
            const answer = await bet(token, targets[(k + i) % targets.length] as (typeof targets)[number]);
            expect(answer.status).toBe(200);
          }
        }),
      );
      expect(await statuses()).toEqual({ MATCHED: 2000 });

      // kill -9, then a graceful restart: each time the same world, the book untouched.
      for (const stop of ['SIGKILL', 'SIGTERM'] as const) {
        server.child.kill(stop);
        await server.exited;
        server = startServer(env);
        await server.waitFor('Backlay is running');
        await server.waitFor('settlement repair done');
        expect(await statuses()).toEqual({ MATCHED: 2000 + (stop === 'SIGKILL' ? 0 : targets.length) });
        // The same events (not other matches under the same ids), with the same markets.
        const now = new Map(
          (await get<SportTree[]>('/Event/TreeSportWithEvent'))
            .flatMap((sport) => sport.events)
            .map((e) => [e.id, `${e.title} at ${e.startTime}`]),
        );
        for (const [eventId, fixture] of listed) expect(now.get(eventId)).toBe(fixture);
        for (const target of targets) {
          const odds = await get<OddsV2>(`/Odds/GetUserOddsV2?eventId=${target.eventId}`);
          expect(odds.matchOdds.map((m) => m.id)).toContain(target.marketId);
          if (stop === 'SIGKILL') expect((await bet(tokens[0] as string, target)).status).toBe(200);
        }
      }
      expect(await statuses()).toEqual({ MATCHED: 2000 + targets.length });
      await expectLedgerBalanced(db.db);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await db.close();
      await scratch.drop();
    }
  }, 600_000);
});
