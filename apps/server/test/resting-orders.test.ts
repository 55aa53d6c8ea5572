import { paise, type Hundredths } from '@backlay/exchange';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import type { ExchangeMarket } from '@backlay/market-feed';
import type { HubConnection } from '@microsoft/signalr';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import type { Db } from '../src/platform/db/database';
import {
  backBet,
  expectLedgerBalanced,
  fundedPlayer,
  layBet,
  openBets,
  place,
  requestId,
  settle,
  walletOf,
  type Player,
} from './betting-helpers';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/platform/db/database';
import { seedDemoDomains } from '../src/settings/seed';
import { backends, createTestApp, scratchPostgres, testConfig, type TestContext } from './harness';
import { call, expectOk } from './helpers';
import { hubUrlOf, startHubClient } from './hub-client';

/*
 * Orders resting in the book, driven by the feed (issue 13): the feed owner matches a resting order
 * when the feed's prices reach it, at the order's own price, and lapses it when its market suspends,
 * closes or is settled (all), or turns in play (persistence 'cancel'); the owner's connections hear
 * each change as a BetChange push (the official SignalR client), the wallet as UserBalance. A race
 * between the feed matching an order and its player cancelling it has one outcome.
 */

const CLIENT = { Browser: 'vitest', Domain: 'localhost', CurrentPage: '/inplay' };

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface OrderRow {
  id: number;
  status: string;
  price: number;
  stake: number;
}

/** Every row of an order, oldest first: prices in hundredths, stakes in paise. */
async function orderRows(db: Db, orderId: number): Promise<OrderRow[]> {
  const rows = await queryRows<{
    id: unknown;
    status: string;
    price_hundredths: unknown;
    stake_paise: unknown;
  }>(
    db,
    sql`select id, status, price_hundredths, stake_paise from bets where order_id = ${orderId} order by id`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    status: r.status,
    price: num(r.price_hundredths),
    stake: num(r.stake_paise),
  }));
}

async function restingIn(db: Db, marketId: string): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from bets where market_id = ${marketId} and status = 'UNMATCHED'`,
  );
  return num(row?.n ?? 0);
}

interface Placed {
  betId: number;
  status: string;
  matchedStake: number;
  unmatchedStake: number;
  exposure: number;
}

/** PlaceBetV2 with the order's fields (persistence), answered OK. */
async function placeOrder(ctx: TestContext, player: Player, body: Record<string, unknown>): Promise<Placed> {
  return expectOk(await place(ctx, player, body)) as unknown as Placed;
}

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [2.0], lay: [2.02] },
];

describe.each(backends)('resting orders driven by the feed (%s)', (backend) => {
  let ctx: TestContext;
  let hubUrl: string;
  const feed = new TestFeed();
  let seq = 0;
  const clients: HubConnection[] = [];

  /** A fresh match-odds market on its own event, priced back 2.00 / lay 2.02 on both runners. */
  function newMarket(opts: { inPlay?: boolean } = {}) {
    seq += 1;
    const marketId = `rest.${seq}`;
    const eventId = 7000 + seq;
    feed.setMarket(matchOddsMarket({ id: marketId, eventId, runners: RUNNERS, ...opts }));
    return { marketId, eventId };
  }

  /** Moves one runner's prices and tells the listeners, as the feed does. */
  function move(m: { marketId: string; eventId: number }, runnerId: number, back: number[], lay: number[]) {
    feed.setPrices(m.marketId, runnerId, back, lay);
    feed.emitChange(m.eventId, [m.marketId]);
  }

  async function hubOf(player: Player) {
    const { connection, inbox } = await startHubClient(hubUrl, player.token);
    clients.push(connection);
    await connection.invoke('RegisterClient', { ...CLIENT, Token: player.token });
    await until(() => inbox.some((p) => p.Code === 'UserBalance'), 'the balance on registering');
    return {
      connection,
      inbox,
      betChanges: () => inbox.filter((p) => p.Code === 'BetChange').map((p) => p.Data),
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    hubUrl = hubUrlOf(ctx.app);
  });
  afterAll(async () => {
    for (const c of clients) await c.stop();
    await ctx?.close();
  });

  it('matches a resting lay at its own price when the feed reaches it, and pushes BetChange and the balance', async () => {
    const m = newMarket();
    const player = await fundedPlayer(ctx, 1000);
    const hub = await hubOf(player);
    // Back ₹100 at 2.00 (matched at once), then lay ₹100 at 1.90 while the best lay is 2.02: it rests.
    const back = await placeOrder(ctx, player, backBet(m, 11, 2, 100));
    expect(back.status).toBe('MATCHED');
    const lay = await placeOrder(ctx, player, layBet(m, 11, 1.9, 100));
    expect(lay.status).toBe('UNMATCHED');
    // Worst case: the lay may never match, so the back's ₹100 stays at risk.
    expect(lay.exposure).toBe(100);

    // The best lay comes down to 1.88: the resting lay at 1.90 matches at 1.90, the maker's price.
    move(m, 11, [1.86], [1.88]);
    await until(() => hub.betChanges().length > 0, 'the BetChange push');
    expect(hub.betChanges()).toEqual([
      {
        betId: lay.betId,
        eventId: m.eventId,
        marketId: m.marketId,
        status: 'MATCHED',
        matchedStake: 100,
        unmatchedStake: 0,
        fills: [{ betId: expect.any(Number) as number, rate: 1.9, stake: 100 }],
        message: expect.any(String) as string,
      },
    ]);
    expect(await orderRows(ctx.database.db, lay.betId)).toEqual([
      { id: lay.betId, status: 'MATCHED', price: 190, stake: 10_000 },
    ]);
    // Back 100 @ 2.00 and lay 100 @ 1.90: India wins +100 − 90, loses −100 + 100: nothing at risk.
    await until(
      () => hub.inbox.some((p) => p.Code === 'UserBalance' && p.Data.Exposure === 0),
      'the balance after the fill',
    );
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 100_000, exposure: 0 });
    const open = await openBets(ctx, player, m.eventId);
    expect(open.openBets.map((b) => [b.betType, b.odds, b.stake])).toEqual(
      expect.arrayContaining([
        ['Back', 2, 100],
        ['Lay', 1.9, 100],
      ]),
    );
    // Later changes match nothing twice: another player's lay at 1.85 matches on the next move, and
    // by then the first order has had every chance to be matched again.
    const other = await fundedPlayer(ctx, 1000);
    const otherHub = await hubOf(other);
    const second = await placeOrder(ctx, other, layBet(m, 11, 1.85, 100));
    expect(second.status).toBe('UNMATCHED');
    move(m, 12, [2.1], [2.12]);
    move(m, 11, [1.83], [1.84]);
    await until(() => otherHub.betChanges().length > 0, "the other player's fill");
    expect(otherHub.betChanges()[0]).toMatchObject({ betId: second.betId, status: 'MATCHED' });
    expect(await orderRows(ctx.database.db, lay.betId)).toHaveLength(1);
    expect(hub.betChanges()).toHaveLength(1);
    await expectLedgerBalanced(ctx.database.db);
  });

  it("the rest of a partly matched order waits for the feed's next prices: the liquidity it took is not taken twice", async () => {
    const m = newMarket();
    // India's backs: ₹300 at 2.10 and ₹500 at 2.08 (exchange-matching.md's example).
    const book = (feed.market(m.marketId) as ExchangeMarket).runners.map((r) =>
      r.id !== 11
        ? r
        : {
            ...r,
            back: [
              { price: 210 as Hundredths, size: paise(30_000) },
              { price: 208 as Hundredths, size: paise(50_000) },
            ],
          },
    );
    feed.update(m.marketId, { runners: book } as Partial<ExchangeMarket>);
    const player = await fundedPlayer(ctx, 5000);
    const hub = await hubOf(player);
    const order = await placeOrder(ctx, player, backBet(m, 11, 2.08, 1000));
    expect(order).toMatchObject({ status: 'PARTIALLY_MATCHED', matchedStake: 800, unmatchedStake: 200 });
    // The feed owner hears that the order rests (its notice) at the prices it was placed on: those
    // levels are what the order took, so nothing more of it is matched until the prices change.
    await new Promise((r) => setTimeout(r, 1500));
    expect(hub.betChanges()).toEqual([]);
    expect((await orderRows(ctx.database.db, order.betId)).map((r) => [r.status, r.price, r.stake])).toEqual([
      ['MATCHED', 210, 30_000],
      ['MATCHED', 208, 50_000],
      ['UNMATCHED', 208, 20_000],
    ]);
    // The next prices (the same book, a new version of it) reach the resting ₹200 at 2.08.
    feed.emitChange(m.eventId, [m.marketId]);
    await until(() => hub.betChanges().length > 0, 'the fill at the next prices');
    expect(hub.betChanges()[0]).toMatchObject({ betId: order.betId, status: 'MATCHED', unmatchedStake: 0 });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('an edit that matches part of an order at the prices of now leaves the rest for the next prices', async () => {
    const m = newMarket();
    const player = await fundedPlayer(ctx, 5000);
    // A lay of ₹1000 at 1.90 rests (the best lay is 2.02); India's lay level at 2.02 offers ₹300.
    const order = await placeOrder(ctx, player, layBet(m, 11, 1.9, 1000));
    expect(order.status).toBe('UNMATCHED');
    const book = (feed.market(m.marketId) as ExchangeMarket).runners.map((r) =>
      r.id !== 11 ? r : { ...r, lay: [{ price: 202 as Hundredths, size: paise(30_000) }] },
    );
    feed.update(m.marketId, { runners: book } as Partial<ExchangeMarket>);
    // Edited to 2.02: ₹300 matches at 2.02 and ₹700 rests there, having taken these prices' ₹300.
    const edited = expectOk(
      await call<Placed>(ctx.app, {
        url: '/Bet/UpdateBet',
        body: { requestId: requestId(), betId: order.betId, rate: 2.02 },
        token: player.token,
      }),
    );
    expect(edited).toMatchObject({ status: 'PARTIALLY_MATCHED', matchedStake: 300, unmatchedStake: 700 });
    await new Promise((r) => setTimeout(r, 1500));
    const rows = async () =>
      (await orderRows(ctx.database.db, order.betId)).map((r) => [r.status, r.price, r.stake]);
    expect(await rows()).toEqual([
      ['UNMATCHED', 202, 70_000],
      ['MATCHED', 202, 30_000],
    ]);
    // The next prices: another ₹300 at 2.02, at the resting order's price.
    feed.emitChange(m.eventId, [m.marketId]);
    await until(async () => (await rows()).length === 3, 'the fill at the next prices');
    expect(await rows()).toEqual([
      ['UNMATCHED', 202, 40_000],
      ['MATCHED', 202, 30_000],
      ['MATCHED', 202, 30_000],
    ]);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('lapses every resting order of a market that suspends, releasing its exposure', async () => {
    const m = newMarket();
    const player = await fundedPlayer(ctx, 1000);
    const hub = await hubOf(player);
    const order = await placeOrder(ctx, player, { ...backBet(m, 12, 2.5, 200), persistence: 'keep' });
    expect(order.status).toBe('UNMATCHED');
    expect(order.exposure).toBe(200);

    // A ball running lapses nothing.
    feed.update(m.marketId, { status: 'BALL_RUNNING' });
    feed.emitChange(m.eventId, [m.marketId]);
    feed.update(m.marketId, { status: 'OPEN' });
    feed.emitChange(m.eventId, [m.marketId]);
    expect(await restingIn(ctx.database.db, m.marketId)).toBe(1);

    feed.update(m.marketId, { status: 'SUSPENDED' });
    feed.emitChange(m.eventId, [m.marketId]);
    await until(() => hub.betChanges().length > 0, 'the lapse push');
    expect(hub.betChanges()[0]).toMatchObject({
      betId: order.betId,
      status: 'LAPSED',
      matchedStake: 0,
      unmatchedStake: 0,
      fills: [],
    });
    expect(await orderRows(ctx.database.db, order.betId)).toEqual([
      { id: order.betId, status: 'LAPSED', price: 250, stake: 20_000 },
    ]);
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 100_000, exposure: 0 });
    await until(
      () => hub.inbox.some((p) => p.Code === 'UserBalance' && p.Data.Exposure === 0),
      'the balance after the lapse',
    );
    await expectLedgerBalanced(ctx.database.db);
  });

  it("on the turn in play lapses the orders whose persistence is 'cancel' and keeps the others", async () => {
    const m = newMarket();
    const player = await fundedPlayer(ctx, 1000);
    const cancel = await placeOrder(ctx, player, { ...backBet(m, 11, 2.4, 100), persistence: 'cancel' });
    const keep = await placeOrder(ctx, player, { ...backBet(m, 11, 2.6, 100), persistence: 'keep' });
    expect([cancel.status, keep.status]).toEqual(['UNMATCHED', 'UNMATCHED']);
    expect(keep.exposure).toBe(200);

    feed.update(m.marketId, { inPlay: true });
    feed.emitChange(m.eventId, [m.marketId]);
    await until(
      async () => (await orderRows(ctx.database.db, cancel.betId))[0]?.status === 'LAPSED',
      'the lapse',
    );
    expect(await orderRows(ctx.database.db, keep.betId)).toEqual([
      { id: keep.betId, status: 'UNMATCHED', price: 260, stake: 10_000 },
    ]);
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 100_000, exposure: 10_000 });

    // The kept order still matches in play when the price reaches it.
    move(m, 11, [2.6], [2.62]);
    await until(
      async () => (await orderRows(ctx.database.db, keep.betId))[0]?.status === 'MATCHED',
      'the match',
    );
    expect(await orderRows(ctx.database.db, keep.betId)).toEqual([
      { id: keep.betId, status: 'MATCHED', price: 260, stake: 10_000 },
    ]);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('settling a market by hand lapses its resting orders first: only matched bets are settled', async () => {
    const m = newMarket();
    const player = await fundedPlayer(ctx, 1000);
    const hub = await hubOf(player);
    await placeOrder(ctx, player, backBet(m, 11, 2, 100));
    const resting = await placeOrder(ctx, player, { ...backBet(m, 11, 3, 300), persistence: 'keep' });
    expect(resting.status).toBe('UNMATCHED');
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 100_000, exposure: 40_000 });

    const outcome = expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }));
    expect(outcome).toMatchObject({ settledUsers: 1, settledBets: 1 });
    expect(await restingIn(ctx.database.db, m.marketId)).toBe(0);
    expect(await orderRows(ctx.database.db, resting.betId)).toEqual([
      { id: resting.betId, status: 'LAPSED', price: 300, stake: 30_000 },
    ]);
    // Won ₹100 on the matched back; the lapsed ₹300 was never at stake.
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 110_000, exposure: 0 });
    await until(() => hub.betChanges().some((c) => c.status === 'LAPSED'), 'the lapse push');
    await expectLedgerBalanced(ctx.database.db);
  });

  it("the feed's close lapses the resting orders before the market is settled", async () => {
    const m = newMarket();
    const player = await fundedPlayer(ctx, 1000);
    await placeOrder(ctx, player, layBet(m, 12, 2.02, 100));
    const resting = await placeOrder(ctx, player, { ...layBet(m, 12, 1.5, 100), persistence: 'keep' });
    expect(resting.status).toBe('UNMATCHED');
    feed.close(m.marketId, { kind: 'winner', runnerId: 11 });
    await until(
      async () => (await walletOf(ctx.database.db, player.userId)).exposure === 0,
      'the settlement',
    );
    expect(await orderRows(ctx.database.db, resting.betId)).toEqual([
      { id: resting.betId, status: 'LAPSED', price: 150, stake: 10_000 },
    ]);
    // The matched lay of Australia won ₹100 when India won.
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 110_000, exposure: 0 });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('a race between the feed matching an order and its player cancelling it has one outcome, and the right money', async () => {
    const player = await fundedPlayer(ctx, 5000);
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const m = newMarket();
      const order = await placeOrder(ctx, player, backBet(m, 11, 2.2, 100));
      expect(order.status).toBe('UNMATCHED');
      // The price reaches the order as its player cancels it.
      const cancelling = call<{ cancelledStake: number; unmatchedStake: number; matchedStake: number }>(
        ctx.app,
        {
          url: '/Bet/CancelBet',
          token: player.token,
          body: { betId: order.betId, requestId: requestId() },
        },
      );
      // Each round lets the cancel get a little further before the price moves.
      for (let k = 0; k < i; k++) await new Promise((r) => setImmediate(r));
      move(m, 11, [2.2], [2.22]);
      const cancelled = expectOk(await cancelling);
      await until(
        async () => (await restingIn(ctx.database.db, m.marketId)) === 0,
        'the order settled one way',
      );
      const rows = await orderRows(ctx.database.db, order.betId);
      const matched = rows.filter((r) => r.status === 'MATCHED').reduce((s, r) => s + r.stake, 0);
      const gone = rows.filter((r) => r.status === 'CANCELLED').reduce((s, r) => s + r.stake, 0);
      // All of it one way or the other, never both, never twice.
      expect(matched + gone).toBe(10_000);
      expect(matched === 0 || gone === 0).toBe(true);
      expect(cancelled.cancelledStake * 100).toBe(gone);
      expect(cancelled.unmatchedStake).toBe(0);
      outcomes.push(matched > 0 ? 'matched' : 'cancelled');
    }
    // Whichever won each race, the wallet holds exactly the matched backs' stakes.
    const matchedCount = outcomes.filter((o) => o === 'matched').length;
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({
      balance: 500_000,
      exposure: matchedCount * 10_000,
    });
    await expectLedgerBalanced(ctx.database.db);
  });
});

/*
 * A scaled-out site: the feed owner matches, the player's connection is on another server. The
 * BetChange and the balance reach it through the hub's backplane (Redis), and the server the order
 * was placed on tells the owner of it on the bus.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'a resting order matched by the feed owner, its player connected to another server',
  () => {
    const feed = new TestFeed();
    const apps: FastifyInstance[] = [];
    const databases: Database[] = [];
    let drop: () => Promise<void> = async () => undefined;
    let client: HubConnection | null = null;

    beforeAll(async () => {
      const scratch = await scratchPostgres('backlay_rest');
      drop = scratch.drop;
      const config = testConfig({ REDIS_URL: process.env.REDIS_URL as string });
      for (const feedRole of ['both', 'consumer'] as const) {
        const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
        if (feedRole === 'both') await seedDemoDomains(database.db);
        databases.push(database);
        const app = await buildApp({ config, database, feed, feedRole });
        await app.listen({ port: 0, host: '127.0.0.1' });
        apps.push(app);
      }
    }, 60_000);
    afterAll(async () => {
      await client?.stop();
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await drop();
    });

    it('pushes BetChange to the connection on the other server', async () => {
      const [owner, other] = apps as [FastifyInstance, FastifyInstance];
      const ctx: TestContext = {
        app: other,
        database: databases[1] as Database,
        config: other.config,
        close: async () => undefined,
      };
      feed.setMarket(matchOddsMarket({ id: 'scale.1', eventId: 7900, runners: RUNNERS }));
      const player = await fundedPlayer(ctx, 1000);
      const hub = await startHubClient(hubUrlOf(other), player.token);
      client = hub.connection;
      const inbox = hub.inbox;
      await client.invoke('RegisterClient', { ...CLIENT, Token: player.token });
      await until(() => inbox.some((p) => p.Code === 'UserBalance'), 'the balance on registering');

      const order = await placeOrder(
        ctx,
        player,
        backBet({ marketId: 'scale.1', eventId: 7900 }, 11, 2.2, 100),
      );
      expect(order.status).toBe('UNMATCHED');
      await until(
        () => inbox.some((p) => p.Code === 'UserBalance' && p.Data.Exposure === 100),
        'the exposure of the resting order',
      );
      // Only the owner matches: the other server runs no driver.
      feed.setPrices('scale.1', 11, [2.2], [2.22]);
      feed.emitChange(7900, ['scale.1']);
      await until(() => inbox.some((p) => p.Code === 'BetChange'), 'the BetChange from the owner');
      expect(inbox.filter((p) => p.Code === 'BetChange').map((p) => p.Data)).toEqual([
        expect.objectContaining({
          betId: order.betId,
          status: 'MATCHED',
          matchedStake: 100,
          unmatchedStake: 0,
        }),
      ]);
      expect(await orderRows(owner.db, order.betId)).toEqual([
        { id: order.betId, status: 'MATCHED', price: 220, stake: 10_000 },
      ]);
      await expectLedgerBalanced(owner.db);
    });
  },
);
