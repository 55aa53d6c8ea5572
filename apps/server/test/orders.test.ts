import { paise, type Hundredths } from '@backlay/exchange';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import type { ExchangeMarket } from '@backlay/market-feed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderService } from '../src/betting';
import { num, queryRows } from '../src/betting/sql-rows';
import {
  backBet,
  betCount,
  demoPlayer,
  expectedPl,
  expectLedgerBalanced,
  fundedPlayer,
  layBet,
  requestId,
  walletOf,
  type Player,
} from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, type Answer } from './helpers';

/*
 * Orders on exchange markets (issue 13, docs/exchange-matching.md) through the API: matched level by
 * level at the levels' prices, the rest resting at the asked price and counted at its worst case,
 * cancelled (part, all, twice, after it matched), edited, matched later at its own price by the
 * feed owner's matcher (exactly once), lapsed. Prices and sizes come from a feed the test sets.
 */

interface Level {
  price: number;
  /** Whole rupees. */
  size: number;
}
interface RunnerBook {
  id: number;
  name: string;
  back: Level[];
  lay: Level[];
}

const BIG = 100_000;
const STANDARD: RunnerBook[] = [
  { id: 11, name: 'India', back: [{ price: 2.0, size: BIG }], lay: [{ price: 2.02, size: BIG }] },
  { id: 12, name: 'Australia', back: [{ price: 3.0, size: BIG }], lay: [{ price: 3.1, size: BIG }] },
  { id: 13, name: 'Draw', back: [{ price: 4.0, size: BIG }], lay: [{ price: 4.2, size: BIG }] },
];

const levels = (ls: Level[]) =>
  ls.map((l) => ({ price: Math.round(l.price * 100) as Hundredths, size: paise(l.size * 100) }));

/** A match-odds market whose levels carry the sizes given (the test feed's own are all ₹1,00,000). */
function bookMarket(id: string, eventId: number, runners: RunnerBook[], opts: { inPlay?: boolean } = {}) {
  const base = matchOddsMarket({
    id,
    eventId,
    runners: runners.map((r) => ({ id: r.id, name: r.name })),
    ...opts,
  });
  return {
    ...base,
    runners: base.runners.map((r, i) => {
      const book = runners[i] as RunnerBook;
      return { ...r, back: levels(book.back), lay: levels(book.lay) };
    }),
  } satisfies ExchangeMarket;
}

interface PlaceBetResult {
  betId: number;
  status: string;
  message: string;
  matchedRate: number;
  requestedRate: number;
  matchedStake: number;
  unmatchedStake: number;
  fills: { betId: number; rate: number; stake: number }[];
  balance: number;
  exposure: number;
}
interface CancelBetResult {
  betId: number;
  status: string;
  cancelledStake: number;
  unmatchedStake: number;
  matchedStake: number;
  message: string;
  balance: number;
  exposure: number;
}
interface OpenBet {
  betId: number;
  orderId: number;
  status: string;
  isCashOut: boolean;
  eventName: string;
  betType: string;
  odds: number;
  stake: number;
  liability: number;
}

let marketSeq = 0;
let eventSeq = 7000;

describe.each(backends)('exchange orders: resting, cancel, edit, matching, lapse (%s)', (backend) => {
  let ctx: TestContext;
  let orders: OrderService;
  const feed = new TestFeed();

  function newMarket(runners: RunnerBook[] = STANDARD, opts: { inPlay?: boolean } = {}) {
    do marketSeq += 1;
    while (marketSeq % 10 === 0);
    const marketId = `1.${70_000 + marketSeq}`;
    const eventId = ++eventSeq;
    feed.setMarket(bookMarket(marketId, eventId, runners, opts));
    return { marketId, eventId };
  }
  function setBook(m: { marketId: string; eventId: number }, runners: RunnerBook[]) {
    const market = bookMarket(m.marketId, m.eventId, runners);
    feed.update(m.marketId, { runners: market.runners });
  }
  /** Moves India's book; the other runners' are STANDARD's. */
  function setIndia(m: { marketId: string; eventId: number }, back: Level[], lay: Level[]) {
    setBook(m, [{ id: 11, name: 'India', back, lay }, ...STANDARD.slice(1)]);
  }
  const feedMarket = (m: { marketId: string }) => {
    const market = feed.market(m.marketId);
    if (!market) throw new Error('no market');
    return market;
  };

  const place = (p: Player, body: Record<string, unknown>) =>
    call<PlaceBetResult>(ctx.app, {
      url: '/Bet/PlaceBetV2',
      body: { requestId: requestId(), ...body },
      token: p.token,
    });
  const cancel = (p: Player, body: Record<string, unknown>): Promise<Answer<CancelBetResult>> =>
    call<CancelBetResult>(ctx.app, {
      url: '/Bet/CancelBet',
      body: { requestId: requestId(), ...body },
      token: p.token,
    });
  const update = (p: Player, body: Record<string, unknown>): Promise<Answer<PlaceBetResult>> =>
    call<PlaceBetResult>(ctx.app, {
      url: '/Bet/UpdateBet',
      body: { requestId: requestId(), ...body },
      token: p.token,
    });
  async function openBets(p: Player, eventId: number): Promise<OpenBet[]> {
    const answer = expectOk(
      await call<{ openBets: OpenBet[] }>(ctx.app, {
        url: '/Bet/GetUserOpenBets',
        token: p.token,
        query: { eventId: String(eventId) },
      }),
    );
    return answer.openBets;
  }
  async function rowsOf(orderId: number) {
    const rows = await queryRows<{ status: string; price_hundredths: unknown; stake_paise: unknown }>(
      ctx.database.db,
      sql`select status, price_hundredths, stake_paise from bets where order_id = ${orderId} order by id`,
    );
    return rows.map((r) => [r.status, num(r.price_hundredths) / 100, num(r.stake_paise) / 100]);
  }

  beforeAll(async () => {
    // A server that does not own the feed: the feed owner's driver (resting-orders.ts, tested in
    // resting-orders.test.ts) would match and lapse on its own; here the test calls OrderService's
    // matching and lapses itself, for their exact answers.
    ctx = await createTestApp(
      backend,
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { feed, feedRole: 'consumer' },
    );
    orders = new OrderService({ db: ctx.database.db, feed, ledger: ctx.app.ledger, log: ctx.app.log });
  });
  afterAll(async () => {
    await expectLedgerBalanced(ctx.database.db);
    await ctx.close();
  });

  describe('placing', () => {
    it('matches level by level at the levels’ prices and rests the rest at the asked price', async () => {
      const m = newMarket([
        {
          id: 11,
          name: 'India',
          back: [
            { price: 2.08, size: 100 },
            { price: 2.1, size: 200 },
            { price: 2.0, size: 1000 },
          ],
          lay: [{ price: 2.14, size: 500 }],
        },
        ...STANDARD.slice(1),
      ]);
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, backBet(m, 11, 2.08, 500)));
      expect(placed).toMatchObject({
        status: 'PARTIALLY_MATCHED',
        message: 'Bet placed: Back India ₹200 @ 2.10, ₹100 @ 2.08 matched; ₹200 unmatched at 2.08',
        // (200 × 2.10 + 100 × 2.08) / 300 = 2.0933…
        matchedRate: 2.09,
        requestedRate: 2.08,
        matchedStake: 300,
        unmatchedStake: 200,
        balance: 15000,
        // A back loses at most its whole stake, matched or not.
        exposure: 500,
      });
      expect(placed.fills.map((f) => [f.rate, f.stake])).toEqual([
        [2.1, 200],
        [2.08, 100],
      ]);
      expect(placed.fills[0]?.betId).toBe(placed.betId);
      expect(new Set(placed.fills.map((f) => f.betId)).size).toBe(2);
      expect(await rowsOf(placed.betId)).toEqual([
        ['MATCHED', 2.1, 200],
        ['MATCHED', 2.08, 100],
        ['UNMATCHED', 2.08, 200],
      ]);

      const open = await openBets(p, m.eventId);
      expect(open.map((b) => [b.status, b.odds, b.stake, b.orderId]).sort()).toEqual(
        [
          ['MATCHED', 2.08, 100, placed.betId],
          ['MATCHED', 2.1, 200, placed.betId],
          ['UNMATCHED', 2.08, 200, placed.betId],
        ].sort(),
      );
      expect(open[0]?.eventName).toMatch(/^Team \d+ v Team \d+$/);
      // Expected P/L values the matched parts only: India 200 × 1.10 + 100 × 1.08 = 328.
      const [pl] = await expectedPl(ctx, p);
      expect(pl?.runners).toEqual([
        { runnerId: 11, amount: 328 },
        { runnerId: 12, amount: -300 },
        { runnerId: 13, amount: -300 },
      ]);
      expect(pl?.exposure).toBe(500);
    });

    it('expected P/L lists a market where everything still rests: 0 on every outcome, the exposure its orders hold', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      // A lay of India at 1.90 under the best lay of 2.02: nothing matches, ₹300 rests (liability ₹270).
      const placed = expectOk(await place(p, layBet(m, 11, 1.9, 300)));
      expect(placed.status).toBe('UNMATCHED');
      const pl = (await expectedPl(ctx, p)).find((x) => x.marketId === m.marketId);
      expect(pl).toEqual({
        eventId: m.eventId,
        marketId: m.marketId,
        marketType: 'match_odd',
        exposure: 270,
        runners: [
          { runnerId: 11, amount: 0 },
          { runnerId: 12, amount: 0 },
          { runnerId: 13, amount: 0 },
        ],
      });
    });

    it('a lay takes the lay levels priced at or below its price, lowest first', async () => {
      const m = newMarket([
        {
          id: 11,
          name: 'India',
          back: [{ price: 1.9, size: BIG }],
          lay: [
            { price: 1.95, size: 100 },
            { price: 1.92, size: 100 },
            { price: 2.0, size: BIG },
          ],
        },
        ...STANDARD.slice(1),
      ]);
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, layBet(m, 11, 1.95, 300)));
      expect(placed.fills.map((f) => [f.rate, f.stake])).toEqual([
        [1.92, 100],
        [1.95, 100],
      ]);
      expect(placed).toMatchObject({ status: 'PARTIALLY_MATCHED', unmatchedStake: 100, matchedStake: 200 });
      // Worst case on India: 100 × 0.92 + 100 × 0.95 + 100 × 0.95 resting = 282.
      expect(placed.exposure).toBe(282);
    });

    it('the exposure counts resting orders at their worst case, and the funds check counts it', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      expect(expectOk(await place(p, backBet(m, 11, 2.0, 1000)))).toMatchObject({
        status: 'MATCHED',
        exposure: 1000,
      });
      // A back on Australia at 3.5 (3.0 offered) rests; if it matched, India and the draw would both lose:
      // P = 0 / −1000 / −2000, so the exposure is 2000, not the 1000 of the matched bet.
      const resting = expectOk(await place(p, backBet(m, 12, 3.5, 1000)));
      expect(resting).toMatchObject({ status: 'UNMATCHED', matchedRate: 3.5, exposure: 2000 });
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 200_000 });

      const poor = await fundedPlayer(ctx, 1000);
      expect(expectOk(await place(poor, backBet(m, 11, 5.0, 800)))).toMatchObject({
        status: 'UNMATCHED',
        exposure: 800,
      });
      // Both resting backs matched: the draw loses 800 + 300 = 1100 > 1000.
      expectRefused(await place(poor, backBet(m, 12, 10, 300)), 422, 'INSUFFICIENT_FUNDS');
      expect(await walletOf(ctx.database.db, poor.userId)).toEqual({ balance: 100_000, exposure: 80_000 });
      expect(await betCount(ctx.database.db, poor.userId)).toBe(1);
    });

    it('nothing offered: the whole order rests; persistence and cashOut are kept', async () => {
      const m = newMarket([{ id: 11, name: 'India', back: [], lay: [] }, ...STANDARD.slice(1)]);
      const p = await demoPlayer(ctx);
      const placed = expectOk(
        await place(p, { ...layBet(m, 11, 1.5, 400), persistence: 'keep', cashOut: true }),
      );
      expect(placed).toMatchObject({ status: 'UNMATCHED', fills: [], matchedStake: 0, unmatchedStake: 400 });
      expect(placed.message).toBe('Bet placed: Lay India ₹400 unmatched at 1.50');
      const [open] = await openBets(p, m.eventId);
      expect(open).toMatchObject({
        status: 'UNMATCHED',
        isCashOut: true,
        orderId: placed.betId,
        liability: 200,
      });
      const [row] = await queryRows<{ persistence: string }>(
        ctx.database.db,
        sql`select persistence from bets where id = ${placed.betId}`,
      );
      expect(row?.persistence).toBe('keep');
    });
  });

  describe('Bet/CancelBet', () => {
    it('cancels part, then all, then nothing; a replayed requestId answers the same and does nothing', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      expect(placed).toMatchObject({ status: 'UNMATCHED', exposure: 500 });

      const partBody = { betId: placed.betId, requestId: requestId(), stake: 200 };
      const part = expectOk(await cancel(p, partBody));
      expect(part).toEqual({
        betId: placed.betId,
        status: 'UNMATCHED',
        cancelledStake: 200,
        unmatchedStake: 300,
        matchedStake: 0,
        message: 'Cancelled: Back India ₹200 at 2.20; ₹300 still unmatched',
        balance: 15000,
        exposure: 300,
      });
      expect(expectOk(await cancel(p, partBody))).toEqual(part);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 30_000 });

      const all = expectOk(await cancel(p, { betId: placed.betId }));
      expect(all).toMatchObject({ status: 'CANCELLED', cancelledStake: 300, unmatchedStake: 0, exposure: 0 });
      const again = expectOk(await cancel(p, { betId: placed.betId }));
      expect(again).toMatchObject({ status: 'CANCELLED', cancelledStake: 0, unmatchedStake: 0, exposure: 0 });
      expect(await rowsOf(placed.betId)).toEqual([
        ['CANCELLED', 2.2, 300],
        ['CANCELLED', 2.2, 200],
      ]);
      expect(await openBets(p, m.eventId)).toEqual([]);
      const history = expectOk(
        await call<{ items: { status: string; stake: number; orderId: number }[] }>(ctx.app, {
          url: '/Bet/GetUserBetHistory',
          body: { status: 'CANCELLED' },
          token: p.token,
        }),
      );
      expect(history.items.map((b) => [b.status, b.stake, b.orderId]).sort()).toEqual([
        ['CANCELLED', 200, placed.betId],
        ['CANCELLED', 300, placed.betId],
      ]);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 0 });
    });

    it('an order that matched meanwhile answers what remained: nothing', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      setIndia(m, [{ price: 2.2, size: BIG }], [{ price: 2.24, size: BIG }]);
      const changes = await orders.matchResting(feedMarket(m));
      expect(changes).toEqual([
        {
          userId: p.userId,
          change: {
            betId: placed.betId,
            eventId: m.eventId,
            marketId: m.marketId,
            status: 'MATCHED',
            // A change as code holds it: money in paise (the push encodes rupees).
            matchedStake: 50_000,
            unmatchedStake: 0,
            fills: [{ betId: placed.betId, rate: 2.2, stake: 50_000 }],
            message: 'Bet matched: Back India ₹500 @ 2.2',
          },
        },
      ]);
      const late = expectOk(await cancel(p, { betId: placed.betId }));
      expect(late).toMatchObject({
        status: 'MATCHED',
        cancelledStake: 0,
        unmatchedStake: 0,
        matchedStake: 500,
        exposure: 500,
      });
      expect((await openBets(p, m.eventId)).map((b) => [b.status, b.odds, b.stake])).toEqual([
        ['MATCHED', 2.2, 500],
      ]);
      // The fill left balance and exposure as they were (500 either way): the next bet is decided
      // on the matched back all the same, not on a remembered resting one. Lay 500 @ 2.24 matched:
      // India +600 − 620, the others −500 + 500: exposure 20 (620 on the stale position).
      const hedge = expectOk(await place(p, layBet(m, 11, 2.24, 500)));
      expect(hedge).toMatchObject({ status: 'MATCHED', exposure: 20 });
    });

    it('a cancel racing the matcher: one of them takes the resting stake, never both', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      setIndia(m, [{ price: 2.2, size: BIG }], [{ price: 2.24, size: BIG }]);
      const [matched, cancelled] = await Promise.all([
        orders.matchResting(feedMarket(m)),
        cancel(p, { betId: placed.betId }).then(expectOk),
      ]);
      const filled = matched.reduce((sum, c) => sum + c.change.matchedStake, 0) / 100;
      expect(filled + cancelled.cancelledStake).toBe(500);
      const rows = await rowsOf(placed.betId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual([filled > 0 ? 'MATCHED' : 'CANCELLED', 2.2, 500]);
      expect((await walletOf(ctx.database.db, p.userId)).exposure).toBe(filled > 0 ? 50_000 : 0);
    });

    it("another player's order is not found; an unknown one neither", async () => {
      const m = newMarket();
      const owner = await demoPlayer(ctx);
      const other = await demoPlayer(ctx);
      const placed = expectOk(await place(owner, backBet(m, 11, 2.2, 500)));
      expectRefused(await cancel(other, { betId: placed.betId }), 404, 'NOT_FOUND');
      expectRefused(await update(other, { betId: placed.betId, rate: 2.1 }), 404, 'NOT_FOUND');
      expectRefused(await cancel(other, { betId: 999_999_999 }), 404, 'NOT_FOUND');
      expect((await openBets(owner, m.eventId)).map((b) => [b.status, b.stake])).toEqual([
        ['UNMATCHED', 500],
      ]);
    });
  });

  describe('Bet/UpdateBet', () => {
    it('a price off the ladder is refused; the current price matches at once (at the level)', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      expectRefused(await update(p, { betId: placed.betId, rate: 2.03 }), 400, 'PRICE_OFF_LADDER');

      const body = { betId: placed.betId, requestId: requestId(), rate: 1.98 };
      const edited = expectOk(await update(p, body));
      expect(edited).toMatchObject({
        betId: placed.betId,
        status: 'MATCHED',
        message: 'Bet updated: Back India ₹500 @ 2',
        matchedRate: 2,
        requestedRate: 1.98,
        matchedStake: 500,
        unmatchedStake: 0,
        fills: [{ betId: placed.betId, rate: 2, stake: 500 }],
        exposure: 500,
      });
      expect(expectOk(await update(p, body))).toEqual(edited);
      expect(await rowsOf(placed.betId)).toEqual([['MATCHED', 2, 500]]);
      // Nothing rests any more: an edit now changes nothing.
      const nothing = expectOk(await update(p, { betId: placed.betId, rate: 2.5 }));
      expect(nothing).toMatchObject({ status: 'MATCHED', fills: [], unmatchedStake: 0, matchedStake: 500 });
    });

    it('a new price not offered moves the resting stake; a lay moved up needs the funds', async () => {
      const m = newMarket();
      const p = await fundedPlayer(ctx, 1000);
      const placed = expectOk(await place(p, layBet(m, 11, 1.5, 1000)));
      expect(placed).toMatchObject({ status: 'UNMATCHED', exposure: 500 });
      const moved = expectOk(await update(p, { betId: placed.betId, rate: 1.9 }));
      expect(moved).toMatchObject({ status: 'UNMATCHED', unmatchedStake: 1000, exposure: 900, fills: [] });
      expect(moved.message).toBe('Bet updated: Lay India ₹1,000 unmatched at 1.90');
      // At 2.02 it would match (the best lay) with a liability of 1020 > 1000.
      expectRefused(await update(p, { betId: placed.betId, rate: 2.02 }), 422, 'INSUFFICIENT_FUNDS');
      expect(await rowsOf(placed.betId)).toEqual([['UNMATCHED', 1.9, 1000]]);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 100_000, exposure: 90_000 });
    });
  });

  describe('Bet/UpdateBet in play', () => {
    it('the in-play delay is held and the prices after it decide: part matches, the rest rests at the new price', async () => {
      const m = newMarket(STANDARD, { inPlay: true });
      feed.update(m.marketId, { betDelayMs: 400 });
      const p = await demoPlayer(ctx);
      // The bet itself waits the market's delay (real time here; 400 ms).
      const placed = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      expect(placed.status).toBe('UNMATCHED');
      const delays: number[] = [];
      const delayed = new OrderService({
        db: ctx.database.db,
        feed,
        ledger: ctx.app.ledger,
        log: ctx.app.log,
        // During the delay the offer at 2.10 shrinks to ₹200.
        sleep: async (ms) => {
          delays.push(ms);
          setIndia(m, [{ price: 2.1, size: 200 }], [{ price: 2.14, size: BIG }]);
        },
      });
      setIndia(m, [{ price: 2.1, size: BIG }], [{ price: 2.14, size: BIG }]);
      const user = { userId: p.userId, domainId: 0, sessionId: 0, isDemo: true };
      const edited = await delayed.update(
        user,
        { betId: placed.betId, requestId: requestId(), rate: 2.1 },
        '',
      );
      expect(delays).toEqual([400]);
      expect(edited).toMatchObject({
        status: 'PARTIALLY_MATCHED',
        message: 'Bet updated: Back India ₹200 @ 2.10 matched; ₹300 unmatched at 2.10',
        matchedStake: 20_000,
        unmatchedStake: 30_000,
        requestedRate: 2.1,
        matchedRate: 2.1,
      });
      expect(await rowsOf(placed.betId)).toEqual([
        ['UNMATCHED', 2.1, 300],
        ['MATCHED', 2.1, 200],
      ]);
    });
  });

  describe('the feed owner’s matching and lapses', () => {
    it('matches a resting order at its own price, exactly once per price change, when called twice at once', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      const placed = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      expect(await orders.matchResting(feedMarket(m))).toEqual([]);
      expect(await orders.restingMarketIds()).toContain(m.marketId);
      // ₹300 offered at 2.30 and 2.20 together reach the back at 2.20: it fills ₹300 at 2.20 (it was the maker).
      setBook(m, [
        {
          id: 11,
          name: 'India',
          back: [
            { price: 2.3, size: 100 },
            { price: 2.2, size: 200 },
            { price: 2.1, size: BIG },
          ],
          lay: [{ price: 2.34, size: BIG }],
        },
        ...STANDARD.slice(1),
      ]);
      const market = feedMarket(m);
      const [a, b] = await Promise.all([orders.matchResting(market), orders.matchResting(market)]);
      const changes = [...(a ?? []), ...(b ?? [])];
      expect(changes).toHaveLength(1);
      expect(changes[0]?.change).toMatchObject({
        status: 'PARTIALLY_MATCHED',
        matchedStake: 30_000,
        unmatchedStake: 20_000,
        fills: [{ rate: 2.2, stake: 30_000 }],
        message: 'Bet matched: Back India ₹300 @ 2.20 matched; ₹200 unmatched at 2.20',
      });
      expect(await orders.matchResting(market)).toEqual([]);
      expect(await rowsOf(placed.betId)).toEqual([
        ['UNMATCHED', 2.2, 200],
        ['MATCHED', 2.2, 300],
      ]);
      // The next change of prices (the same sizes offered again: the feed's book is not used up) fills the rest.
      setIndia(m, [{ price: 2.2, size: 250 }], [{ price: 2.24, size: BIG }]);
      const rest = await orders.matchResting(feedMarket(m));
      expect(rest.map((c) => [c.change.status, c.change.fills.map((f) => f.stake)])).toEqual([
        ['MATCHED', [20_000]],
      ]);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 50_000 });
      const [pl] = await expectedPl(ctx, p);
      expect(pl?.runners[0]).toEqual({ runnerId: 11, amount: 600 });
      expect(await orders.restingMarketIds()).not.toContain(m.marketId);
    });

    it('lapses: on the turn in play only persistence cancel, on suspension all; the liability is released', async () => {
      const m = newMarket();
      const p = await demoPlayer(ctx);
      const lapsing = expectOk(await place(p, backBet(m, 11, 2.2, 500)));
      const kept = expectOk(await place(p, { ...backBet(m, 12, 3.5, 400), persistence: 'keep' }));
      expect(kept.exposure).toBe(900);
      const inPlay = await orders.lapse(m.marketId, 'in-play', 'the market turned in play');
      expect(inPlay).toEqual([
        {
          userId: p.userId,
          change: {
            betId: lapsing.betId,
            eventId: m.eventId,
            marketId: m.marketId,
            status: 'LAPSED',
            matchedStake: 0,
            unmatchedStake: 0,
            fills: [],
            message: 'Lapsed: Back India ₹500 at 2.20 (the market turned in play)',
          },
        },
      ]);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 40_000 });
      const all = await orders.lapse(m.marketId, 'all', 'the market was suspended');
      expect(all.map((c) => [c.change.betId, c.change.status])).toEqual([[kept.betId, 'LAPSED']]);
      expect(await orders.lapse(m.marketId, 'all', 'again')).toEqual([]);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 0 });
      expect(await openBets(p, m.eventId)).toEqual([]);
      expect(await rowsOf(lapsing.betId)).toEqual([['LAPSED', 2.2, 500]]);
      // A lapsed order cannot be cancelled any more: nothing remained.
      expect(expectOk(await cancel(p, { betId: lapsing.betId }))).toMatchObject({
        status: 'LAPSED',
        cancelledStake: 0,
      });
    });
  });
});
