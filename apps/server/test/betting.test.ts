import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmakerMarket, fancyMarket, matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { num, queryRows } from '../src/betting/sql-rows';
import {
  adjust,
  betCount,
  demoPlayer,
  expectedPl,
  expectLedgerBalanced,
  fundedPlayer,
  openBets,
  place,
  placeOk,
  requestId,
  settle,
  walletOf,
  type Player,
} from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused } from './helpers';

/*
 * Bet/PlaceBetV2, the reads and settlement through the API, with exact prices from a feed the test
 * controls. Demo accounts start with ₹15,000 of play money. Every figure is checked to the paisa.
 */

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0, 1.98], lay: [1.8, 1.82] },
  { id: 12, name: 'Australia', back: [3.0], lay: [3.1] },
  { id: 13, name: 'Draw', back: [4.0], lay: [4.2] },
];

let marketSeq = 0;
let eventSeq = 500;
/** The next market number: never a multiple of 10, so ids like '1.10' (read back as 1.1) are never made. */
function nextMarketSeq(): number {
  do marketSeq += 1;
  while (marketSeq % 10 === 0);
  return marketSeq;
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(backends)('betting through the API (%s)', (backend) => {
  let ctx: TestContext;
  const feed = new TestFeed();

  /** A fresh match-odds market on its own event. */
  function newMatchOdds(opts: Partial<Parameters<typeof matchOddsMarket>[0]> = {}) {
    const id = `1.${nextMarketSeq()}`;
    const eventId = ++eventSeq;
    feed.setMarket(matchOddsMarket({ id, eventId, runners: RUNNERS, ...opts }));
    return { marketId: id, eventId };
  }
  function newFancy(lines: { noLine: number; noRate: number; yesLine: number; yesRate: number }) {
    const id = `9.${nextMarketSeq()}`;
    const eventId = ++eventSeq;
    feed.setMarket(fancyMarket({ id, eventId, name: '10 over runs IND', ...lines }));
    return { marketId: id, eventId };
  }
  const back = (m: { marketId: string; eventId: number }, runnerId: number, rate: number, stake: number) =>
    ({ type: 1, rate, stake, runnerId, ...m }) as const;
  const lay = (m: { marketId: string; eventId: number }, runnerId: number, rate: number, stake: number) =>
    ({ type: 2, rate, stake, runnerId, ...m }) as const;

  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' }, { feed });
  });
  afterAll(async () => {
    await expectLedgerBalanced(ctx.database.db);
    await ctx.close();
  });

  describe('the worked examples of exchange-math', () => {
    it('back ₹1000 @ 2.00 and lay ₹500 @ 1.80: P = +600 / −500 / −500, exposure ₹500; A wins → +₹600', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const first = await placeOk(ctx, p, back(m, 11, 2.0, 1000));
      expect(first).toMatchObject({ status: 'MATCHED', matchedRate: 2, balance: 15000, exposure: 1000 });
      expect(first.message).toBe('Bet placed: Back India ₹1,000 @ 2');
      const second = await placeOk(ctx, p, lay(m, 11, 1.8, 500));
      expect(second).toMatchObject({ matchedRate: 1.8, balance: 15000, exposure: 500 });

      const pl = await expectedPl(ctx, p);
      expect(pl).toEqual([
        {
          eventId: m.eventId,
          marketId: m.marketId,
          marketType: 'match_odd',
          exposure: 500,
          runners: [
            { runnerId: 11, amount: 600 },
            { runnerId: 12, amount: -500 },
            { runnerId: 13, amount: -500 },
          ],
        },
      ]);
      const open = await openBets(ctx, p);
      expect(open.balance).toBe(15000);
      expect(open.exposure).toBe(500);
      expect(open.openBets.map((b) => [b.betType, b.stake, b.odds])).toEqual([
        ['Lay', 500, 1.8],
        ['Back', 1000, 2],
      ]);

      const settled = expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }));
      expect(settled).toEqual({
        marketId: m.marketId,
        settledUsers: 1,
        settledBets: 2,
        alreadySettled: false,
      });
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_560_000, exposure: 0 });
      expect((await openBets(ctx, p)).openBets).toEqual([]);
    });

    it('the same position when the draw wins loses exactly the exposure, ₹500', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 11, 2.0, 1000));
      await placeOk(ctx, p, lay(m, 11, 1.8, 500));
      expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 13 }));
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_450_000, exposure: 0 });
    });

    it('fancy NO 60 and YES 62 at rate 100: book 0 / −2000 / 0, exposure ₹2000; 61 runs → −₹2000', async () => {
      const m = newFancy({ noLine: 60, noRate: 100, yesLine: 62, yesRate: 100 });
      const p = await demoPlayer(ctx);
      const no = await placeOk(ctx, p, { type: 4, rate: 100, stake: 1000, fancyValue: 60, ...m });
      expect(no.exposure).toBe(1000);
      expect(no.message).toBe('Bet placed: No 10 over runs IND 60 ₹1,000 @ 100');
      const yes = await placeOk(ctx, p, { type: 3, rate: 100, stake: 1000, fancyValue: 62, ...m });
      expect(yes.exposure).toBe(2000);
      const [book] = await expectedPl(ctx, p);
      expect(book).toMatchObject({ marketType: 'fancy2', exposure: 2000 });
      expect(book?.runners).toEqual([
        { runnerId: 0, amount: 0 },
        { runnerId: 60, amount: -2000 },
        { runnerId: 62, amount: 0 },
      ]);
      expectOk(await settle(ctx, m.marketId, { kind: 'runs', runs: 61 }));
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_300_000, exposure: 0 });
    });

    it('fancy YES 60 and NO 62 swapped: book 0 / +2000 / 0, exposure ₹0; 61 runs → +₹2000', async () => {
      const m = newFancy({ noLine: 59, noRate: 100, yesLine: 60, yesRate: 100 });
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, { type: 3, rate: 100, stake: 1000, fancyValue: 60, ...m });
      feed.update(m.marketId, { noLine: 62, yesLine: 63 });
      const second = await placeOk(ctx, p, { type: 4, rate: 100, stake: 1000, fancyValue: 62, ...m });
      expect(second.exposure).toBe(0);
      const [book] = await expectedPl(ctx, p);
      expect(book?.runners).toEqual([
        { runnerId: 0, amount: 0 },
        { runnerId: 60, amount: 2000 },
        { runnerId: 62, amount: 0 },
      ]);
      expect(book?.exposure).toBe(0);
      expectOk(await settle(ctx, m.marketId, { kind: 'runs', runs: 61 }));
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_700_000, exposure: 0 });
    });

    it('fancy rates other than 100: YES at 90 wins 90%, NO at 110 loses 110%', async () => {
      const m = newFancy({ noLine: 40, noRate: 110, yesLine: 40, yesRate: 90 });
      const winner = await demoPlayer(ctx);
      const loser = await demoPlayer(ctx);
      expect(
        (await placeOk(ctx, winner, { type: 3, rate: 90, stake: 1000, fancyValue: 40, ...m })).exposure,
      ).toBe(1000);
      expect(
        (await placeOk(ctx, loser, { type: 4, rate: 110, stake: 1000, fancyValue: 40, ...m })).exposure,
      ).toBe(1100);
      expectOk(await settle(ctx, m.marketId, { kind: 'runs', runs: 40 }));
      expect((await walletOf(ctx.database.db, winner.userId)).balance).toBe(1_590_000);
      expect((await walletOf(ctx.database.db, loser.userId)).balance).toBe(1_390_000);
    });

    it('bookmaker bets by rate: back at 95 wins ₹950 on ₹1000, lay at 97 loses ₹970', async () => {
      const id = `2.${nextMarketSeq()}`;
      const m = { marketId: id, eventId: ++eventSeq };
      feed.setMarket(
        bookmakerMarket({
          id,
          eventId: m.eventId,
          runners: [
            { id: 21, name: 'India', back: [95], lay: [97] },
            { id: 22, name: 'Australia', back: [100], lay: [104] },
          ],
        }),
      );
      const backer = await demoPlayer(ctx);
      const layer = await demoPlayer(ctx);
      const b = await placeOk(ctx, backer, back(m, 21, 95, 1000));
      expect(b).toMatchObject({ matchedRate: 95, exposure: 1000 });
      expect((await placeOk(ctx, layer, lay(m, 21, 97, 1000))).exposure).toBe(970);
      await expectRefused(await place(ctx, backer, back(m, 21, 96, 1000)), 422, 'ODDS_CHANGED');
      await expectRefused(await place(ctx, backer, back(m, 21, 95.5, 1000)), 400, 'BAD_REQUEST');
      expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 21 }));
      expect((await walletOf(ctx.database.db, backer.userId)).balance).toBe(1_595_000);
      expect((await walletOf(ctx.database.db, layer.userId)).balance).toBe(1_403_000);
    });

    it('markets never offset: two markets hold the sum of their exposures', async () => {
      const a = newMatchOdds();
      const b = newMatchOdds();
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, back(a, 11, 2.0, 1000));
      const second = await placeOk(ctx, p, lay(b, 11, 1.8, 1000));
      expect(second.exposure).toBe(1800);
      expect((await expectedPl(ctx, p)).map((x) => x.exposure).sort()).toEqual([1000, 800]);
    });
  });

  describe('balance pushes', () => {
    it('after bets the new balance and exposure are pushed (in paise), the last state included', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const seen: { Balance: number; Exposure: number; BonusBalance?: number }[] = [];
      const unsubscribe = ctx.app.walletNotifier.subscribe((userId, data) => {
        if (userId === p.userId) seen.push(data);
      });
      try {
        await placeOk(ctx, p, back(m, 11, 2, 1000));
        await placeOk(ctx, p, back(m, 11, 2, 500));
        await placeOk(ctx, p, back(m, 11, 2, 250));
        await waitFor(async () => seen.at(-1)?.Exposure === 175_000, 'the last push');
        expect(seen[0]).toEqual({ Balance: 1_500_000, Exposure: 100_000, BonusBalance: 0 });
      } finally {
        unsubscribe();
      }
    });
  });

  describe('the price must still be available', () => {
    it('a back above the best back, or a lay below the best lay, rests unmatched at the asked price', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const backed = await placeOk(ctx, p, back(m, 11, 2.02, 1000));
      expect(backed).toMatchObject({
        status: 'UNMATCHED',
        message: 'Bet placed: Back India ₹1,000 unmatched at 2.02',
        matchedRate: 2.02,
        requestedRate: 2.02,
        matchedStake: 0,
        unmatchedStake: 1000,
        fills: [],
        exposure: 1000,
      });
      // The lay's liability 1000 × 0.78 = 780 on India, where the back wins: the worst case stays 1000.
      const laid = await placeOk(ctx, p, lay(m, 11, 1.78, 1000));
      expect(laid).toMatchObject({ status: 'UNMATCHED', unmatchedStake: 1000, exposure: 1000 });
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 100_000 });
      const open = await openBets(ctx, p, m.eventId);
      expect(open.openBets.map((b) => [b.betType, b.stake, b.odds])).toEqual([
        ['Lay', 1000, 1.78],
        ['Back', 1000, 2.02],
      ]);
      // Nothing matched: 0 on every outcome, and the exposure the resting orders hold.
      expect(await expectedPl(ctx, p)).toEqual([
        {
          eventId: m.eventId,
          marketId: m.marketId,
          marketType: 'match_odd',
          exposure: 1000,
          runners: [11, 12, 13].map((runnerId) => ({ runnerId, amount: 0 })),
        },
      ]);
    });

    it('best execution: a price asked worse than the one offered is matched at the best offered (back 1.98 → 2.00, lay 1.84 → 1.80)', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const backed = await placeOk(ctx, p, back(m, 11, 1.98, 100));
      expect(backed.matchedRate).toBe(2);
      expect(backed.message).toBe('Bet placed: Back India ₹100 @ 2');
      const laid = await placeOk(ctx, p, lay(m, 11, 1.84, 100));
      expect(laid.matchedRate).toBe(1.8);
      // The open bets and the position are at the matched prices: India +100 − 80, the others −100 + 100.
      const open = await openBets(ctx, p, m.eventId);
      expect(open.openBets.map((b) => [b.betType, b.odds])).toEqual(
        expect.arrayContaining([
          ['Back', 2],
          ['Lay', 1.8],
        ]),
      );
      const [pl] = await expectedPl(ctx, p);
      expect(pl?.runners).toEqual([
        { runnerId: 11, amount: 20 },
        { runnerId: 12, amount: 0 },
        { runnerId: 13, amount: 0 },
      ]);
    });

    it('best execution: a back at 1.09 while 1.12 is offered is matched at 1.12; bookmaker rates the same way', async () => {
      const m = newMatchOdds({
        runners: [
          { id: 11, name: 'India', back: [1.12, 1.1], lay: [1.14] },
          { id: 12, name: 'Australia', back: [8], lay: [8.4] },
        ],
      });
      const p = await demoPlayer(ctx);
      const bet = await placeOk(ctx, p, back(m, 11, 1.09, 1000));
      expect(bet).toMatchObject({ matchedRate: 1.12, exposure: 1000 });
      const [open] = (await openBets(ctx, p, m.eventId)).openBets;
      expect(open?.odds).toBe(1.12);
      const [pl] = await expectedPl(ctx, p);
      expect(pl?.runners[0]).toEqual({ runnerId: 11, amount: 120 });

      const id = `2.${nextMarketSeq()}`;
      const bm = { marketId: id, eventId: ++eventSeq };
      feed.setMarket(
        bookmakerMarket({
          id,
          eventId: bm.eventId,
          runners: [
            { id: 21, name: 'India', back: [95], lay: [97] },
            { id: 22, name: 'Australia', back: [100], lay: [104] },
          ],
        }),
      );
      expect((await placeOk(ctx, p, back(bm, 21, 90, 1000))).matchedRate).toBe(95);
      expect(await placeOk(ctx, p, lay(bm, 22, 110, 1000))).toMatchObject({ matchedRate: 104 });
    });

    it('acceptAnyOdds takes the current best price', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const bet = await placeOk(ctx, p, { ...back(m, 11, 2.5, 1000), acceptAnyOdds: true });
      expect(bet.matchedRate).toBe(2);
      const [pl] = await expectedPl(ctx, p);
      expect(pl?.runners[0]).toEqual({ runnerId: 11, amount: 1000 });
    });

    it('a fancy bet needs the same line and rate', async () => {
      const m = newFancy({ noLine: 50, noRate: 100, yesLine: 51, yesRate: 100 });
      const p = await demoPlayer(ctx);
      expectRefused(
        await place(ctx, p, { type: 3, rate: 100, stake: 500, fancyValue: 50, ...m }),
        422,
        'ODDS_CHANGED',
        /Yes is now 51 at 100/,
      );
      expectRefused(
        await place(ctx, p, { type: 4, rate: 90, stake: 500, fancyValue: 50, ...m }),
        422,
        'ODDS_CHANGED',
      );
      const taken = await placeOk(ctx, p, {
        type: 3,
        rate: 100,
        stake: 500,
        fancyValue: 50,
        acceptAnyOdds: true,
        ...m,
      });
      expect(taken.message).toContain('Yes 10 over runs IND 51');
      expect(await betCount(ctx.database.db, p.userId)).toBe(1);
    });
  });

  describe('market status and limits', () => {
    it('suspended, ball running and closed markets refuse bets', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      feed.update(m.marketId, { status: 'SUSPENDED' });
      expectRefused(
        await place(ctx, p, back(m, 11, 2, 100)),
        422,
        'MARKET_SUSPENDED',
        'This market is suspended.',
      );
      feed.update(m.marketId, { status: 'BALL_RUNNING' });
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 422, 'MARKET_SUSPENDED');
      feed.update(m.marketId, { status: 'CLOSED' });
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 422, 'MARKET_CLOSED');
      expect(await betCount(ctx.database.db, p.userId)).toBe(0);
    });

    it('a market settled in the database refuses bets even while the feed still shows it open', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 11, 2, 100));
      expectOk(await settle(ctx, m.marketId, { kind: 'void', reason: 'abandoned' }));
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 422, 'MARKET_CLOSED');
    });

    it('stakes outside the market limits and profits above its maximum are refused', async () => {
      const m = newMatchOdds({ minStake: 100, maxStake: 5000, maxProfit: 2000 });
      const p = await demoPlayer(ctx);
      expectRefused(
        await place(ctx, p, back(m, 11, 2, 99)),
        422,
        'STAKE_OUT_OF_RANGE',
        /between ₹100 and ₹5,000/,
      );
      expectRefused(await place(ctx, p, back(m, 11, 2, 5001)), 422, 'STAKE_OUT_OF_RANGE');
      expectRefused(await place(ctx, p, back(m, 12, 3, 1001)), 422, 'PROFIT_LIMIT', /could win ₹2,002/);
      expect((await placeOk(ctx, p, back(m, 12, 3, 1000))).exposure).toBe(1000);
    });

    it('insufficient funds: nothing charged; a bet that lowers the exposure is still taken', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      expectRefused(
        await place(ctx, p, back(m, 11, 2, 15001)),
        422,
        'INSUFFICIENT_FUNDS',
        /Insufficient balance/,
      );
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 0 });
      expect((await placeOk(ctx, p, back(m, 11, 2, 15000))).exposure).toBe(15000);
      // Back Australia ₹100 @ 3: P = +14900 / −14800 / −15100 → ₹15,100 > ₹15,000.
      expectRefused(await place(ctx, p, back(m, 12, 3, 100)), 422, 'INSUFFICIENT_FUNDS');
      // Lay India ₹100 @ 1.80: P = +14920 / −14900 / −14900 → ₹14,900.
      expect((await placeOk(ctx, p, lay(m, 11, 1.8, 100))).exposure).toBe(14900);
      expect(await betCount(ctx.database.db, p.userId)).toBe(2);
    });

    it('a balance taken away between two bets is seen by the second one', async () => {
      const m = newMatchOdds();
      const p = await fundedPlayer(ctx, 5000);
      await placeOk(ctx, p, back(m, 11, 2, 3000));
      await placeOk(ctx, p, back(m, 11, 2, 100));
      await adjust(ctx, p.userId, -1900);
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 422, 'INSUFFICIENT_FUNDS');
      await adjust(ctx, p.userId, 100);
      expect((await placeOk(ctx, p, back(m, 11, 2, 100))).exposure).toBe(3200);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 320_000, exposure: 320_000 });
    });

    it('a locked, self-excluded or timed-out user cannot bet', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      await ctx.database.db.execute(
        sql`update users set excluded_until = now() + interval '1 day' where id = ${p.userId}`,
      );
      expectRefused(
        await place(ctx, p, back(m, 11, 2, 100)),
        403,
        'PLAYER_SELF_EXCLUDED',
        /^You have excluded yourself from play until .+ IST\. You can still withdraw\.$/,
      );
      await ctx.database.db.execute(
        sql`update users set excluded_until = null, timed_out_until = now() + interval '1 day' where id = ${p.userId}`,
      );
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 403, 'PLAYER_TIMED_OUT', /time-out until/);
      await ctx.database.db.execute(
        sql`update users set timed_out_until = null, status = 'locked' where id = ${p.userId}`,
      );
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 403, 'USER_LOCKED');
      expect(await betCount(ctx.database.db, p.userId)).toBe(0);
    });
  });

  describe('the in-play delay is held on the server', () => {
    const inPlay = { inPlay: true, betDelayMs: 400 };

    it('the bet is answered after the delay', async () => {
      const m = newMatchOdds(inPlay);
      const p = await demoPlayer(ctx);
      const started = Date.now();
      await placeOk(ctx, p, back(m, 11, 2, 100));
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    });

    it('prices that move during the delay are the ones matched: the bet rests at its price when they moved away', async () => {
      const m = newMatchOdds(inPlay);
      const p = await demoPlayer(ctx);
      setTimeout(() => feed.setPrices(m.marketId, 11, [1.9], [1.92]), 150);
      expect(await placeOk(ctx, p, back(m, 11, 2, 100))).toMatchObject({
        status: 'UNMATCHED',
        matchedStake: 0,
        unmatchedStake: 100,
        exposure: 100,
      });
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 10_000 });
      expect(await betCount(ctx.database.db, p.userId)).toBe(1);
    });

    it('a suspension during the delay refuses the bet', async () => {
      const m = newMatchOdds(inPlay);
      const p = await demoPlayer(ctx);
      setTimeout(() => feed.update(m.marketId, { status: 'BALL_RUNNING' }), 150);
      expectRefused(await place(ctx, p, back(m, 11, 2, 100)), 422, 'MARKET_SUSPENDED');
      expect(await betCount(ctx.database.db, p.userId)).toBe(0);
    });

    it('no delay before the market is in play', async () => {
      const m = newMatchOdds({ inPlay: false, betDelayMs: 5000 });
      const p = await demoPlayer(ctx);
      const started = Date.now();
      await placeOk(ctx, p, back(m, 11, 2, 100));
      expect(Date.now() - started).toBeLessThan(3000);
    });
  });

  describe('bad input is refused and charges nothing', () => {
    let p: Player;
    let m: { marketId: string; eventId: number };
    beforeAll(async () => {
      m = newMatchOdds();
      p = await demoPlayer(ctx);
    });
    afterAll(async () => {
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 0 });
      expect(await betCount(ctx.database.db, p.userId)).toBe(0);
    });

    it.each([
      ['negative', -100],
      ['zero', 0],
      ['fractional', 100.5],
      ['huge', 1e12],
      ['non-numeric', 'abc'],
      ['a numeric string', '100'],
      ['missing', undefined],
      ['null', null],
      ['infinite', 'Infinity'],
    ])('a %s stake', async (_, stake) => {
      const answer = await place(ctx, p, { ...back(m, 11, 2, 100), stake });
      expectRefused(answer, 400, 'VALIDATION_FAILED');
      expect(answer.body.error?.validationErrors?.[0]?.field).toBe('stake');
    });

    it.each([2.01, 3.03, 1000.5, 7.1])('the off-ladder price %s', async (rate) => {
      expectRefused(await place(ctx, p, back(m, 11, rate, 100)), 400, 'PRICE_OFF_LADDER');
    });

    it.each([2.005, -2, 0, 'two'])('the malformed price %s', async (rate) => {
      const answer = await place(ctx, p, { ...back(m, 11, 2, 100), rate });
      expect(answer.status).toBe(400);
      expect(['VALIDATION_FAILED', 'BAD_REQUEST']).toContain(answer.body.error?.code);
    });

    it('an unknown market, an unknown runner, the wrong event, the wrong side for the market', async () => {
      expectRefused(
        await place(ctx, p, { ...back(m, 11, 2, 100), marketId: '1.999999' }),
        404,
        'NOT_FOUND',
        /does not exist/,
      );
      expectRefused(
        await place(ctx, p, back(m, 99, 2, 100)),
        400,
        'BAD_REQUEST',
        /Runner 99 is not in this market/,
      );
      expectRefused(
        await place(ctx, p, { ...back(m, 11, 2, 100), eventId: 1 }),
        400,
        'BAD_REQUEST',
        /does not belong/,
      );
      expectRefused(
        await place(ctx, p, { type: 3, rate: 100, stake: 100, fancyValue: 10, ...m }),
        400,
        'BAD_REQUEST',
        /back \(1\) or lay \(2\)/,
      );
      expectRefused(await place(ctx, p, { ...back(m, 11, 2, 100), type: 7 }), 400, 'VALIDATION_FAILED');
      expectRefused(
        await place(ctx, p, { ...back(m, 11, 2, 100), runnerId: null }),
        400,
        'VALIDATION_FAILED',
      );
      expectRefused(
        await place(ctx, p, { ...back(m, 11, 2, 100), requestId: 'x' }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('no token, no bet', async () => {
      const answer = await call(ctx.app, {
        url: '/Bet/PlaceBetV2',
        body: { requestId: requestId(), ...back(m, 11, 2, 100) },
      });
      expectRefused(answer, 401, 'UNAUTHENTICATED');
    });
  });

  describe('requestId idempotency', () => {
    it('a replayed requestId answers 409 naming the bet, places nothing and charges nothing', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const id = requestId();
      const first = await placeOk(ctx, p, { ...back(m, 11, 2, 1000), requestId: id });
      const replay = await place(ctx, p, { ...back(m, 11, 2, 1000), requestId: id });
      expectRefused(replay, 409, 'DUPLICATE_REQUEST', new RegExp(`placed bet ${first.betId}\\b`));
      // Even a different body, or a suspended market, answers the same for a used id.
      feed.update(m.marketId, { status: 'SUSPENDED' });
      expectRefused(await place(ctx, p, { ...back(m, 12, 3, 500), requestId: id }), 409, 'DUPLICATE_REQUEST');
      expect(await betCount(ctx.database.db, p.userId)).toBe(1);
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 100_000 });
    });

    it('the same requestId sent five times at once places one bet', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const id = requestId();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => place(ctx, p, { ...back(m, 11, 2, 1000), requestId: id })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expectRefused(a, 409, 'DUPLICATE_REQUEST');
      expect(await betCount(ctx.database.db, p.userId)).toBe(1);
      expect((await walletOf(ctx.database.db, p.userId)).exposure).toBe(100_000);
    });

    it('another user may use the same requestId', async () => {
      const m = newMatchOdds();
      const id = requestId();
      await placeOk(ctx, await demoPlayer(ctx), { ...back(m, 11, 2, 100), requestId: id });
      await placeOk(ctx, await demoPlayer(ctx), { ...back(m, 11, 2, 100), requestId: id });
    });
  });

  describe('settlement', () => {
    it('a market the feed closes settles by itself; settling again changes nothing', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const other = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 12, 3, 1000));
      await placeOk(ctx, other, lay(m, 12, 3.1, 1000));
      feed.close(m.marketId, { kind: 'winner', runnerId: 12 });
      await waitFor(async () => (await walletOf(ctx.database.db, other.userId)).exposure === 0, 'settlement');
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_700_000, exposure: 0 });
      expect(await walletOf(ctx.database.db, other.userId)).toEqual({ balance: 1_290_000, exposure: 0 });
      const [journals] = await queryRows<{ n: unknown }>(
        ctx.database.db,
        sql`select count(*) as n from journals`,
      );

      const again = expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 12 }));
      expect(again).toEqual({ marketId: m.marketId, settledUsers: 0, settledBets: 0, alreadySettled: true });
      feed.close(m.marketId, { kind: 'winner', runnerId: 12 });
      await new Promise((r) => setTimeout(r, 100));
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_700_000, exposure: 0 });
      const [after] = await queryRows<{ n: unknown }>(
        ctx.database.db,
        sql`select count(*) as n from journals`,
      );
      expect(num(after?.n)).toBe(num(journals?.n));
      expectRefused(
        await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }),
        409,
        'DUPLICATE_REQUEST',
        /already closed with another result/,
      );
    });

    it('void returns every stake: bets VOID, exposure released, no journal', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 11, 2, 3000));
      expectOk(await settle(ctx, m.marketId, { kind: 'void', reason: 'match abandoned' }));
      expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 0 });
      const history = expectOk(
        await call<{ items: { status: string; result: number }[] }>(ctx.app, {
          url: '/Bet/GetUserBetHistory',
          body: {},
          token: p.token,
        }),
      );
      expect(history.items.map((b) => [b.status, b.result])).toEqual([['VOID', 0]]);
    });

    it('refuses a result that does not fit the market', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 11, 2, 100));
      expectRefused(
        await settle(ctx, m.marketId, { kind: 'winner', runnerId: 77 }),
        400,
        'BAD_REQUEST',
        /Runner 77/,
      );
      const f = newFancy({ noLine: 30, noRate: 100, yesLine: 30, yesRate: 100 });
      await placeOk(ctx, p, { type: 3, rate: 100, stake: 100, fancyValue: 30, ...f });
      expectRefused(await settle(ctx, f.marketId, { kind: 'winner', runnerId: 11 }), 400, 'BAD_REQUEST');
    });

    it('the operator call needs an operator', async () => {
      const answer = await call(ctx.app, {
        url: '/admin/markets/settle',
        body: { marketId: '1.1', result: { kind: 'void', reason: 'test' } },
      });
      expectRefused(answer, 401, 'UNAUTHENTICATED');
    });

    it('real money settles against house cash, play money against the play-money house', async () => {
      const m = newMatchOdds();
      const real = await fundedPlayer(ctx, 5000);
      const demo = await demoPlayer(ctx);
      await placeOk(ctx, real, back(m, 11, 2, 1000));
      await placeOk(ctx, demo, back(m, 11, 2, 1000));
      expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }));
      const rows = await queryRows<{ code: string; amount: unknown }>(
        ctx.database.db,
        sql`select a.code, l.amount from journals j join journal_lines l on l.journal_id = j.id
            join ledger_accounts a on a.id = l.account_id
            where j.kind = 'bet_settlement' and j.reference like ${`settle:${m.marketId}:%`} and a.user_id is null
            order by a.code`,
      );
      expect(rows.map((r) => [r.code, num(r.amount)])).toEqual([
        ['HOUSE_CASH', -100_000],
        ['HOUSE_PLAY_MONEY', -100_000],
      ]);
      expect((await walletOf(ctx.database.db, real.userId)).balance).toBe(600_000);
    });
  });

  describe('statements, history and profit/loss', () => {
    it('show the settlement with a running balance, the bets it settled, and P/L by event', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const other = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 11, 2, 1000));
      await placeOk(ctx, p, lay(m, 11, 1.8, 500));
      expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }));

      type Line = {
        id: number;
        kind: string;
        credit: number;
        debit: number;
        balance: number;
        description: string;
      };
      const statement = expectOk(
        await call<{ totalCount: number; items: Line[] }>(ctx.app, {
          url: '/Transaction/GetHistory',
          token: p.token,
        }),
      );
      expect(statement.totalCount).toBe(2);
      expect(statement.items.map((l) => [l.kind, l.credit, l.debit, l.balance])).toEqual([
        ['bet_settlement', 600, 0, 15600],
        ['demo_funding', 15000, 0, 15000],
      ]);
      const only = expectOk(
        await call<{ totalCount: number; items: Line[] }>(ctx.app, {
          url: '/Transaction/GetHistory',
          query: { kind: 'bet_settlement' },
          token: p.token,
        }),
      );
      expect(only.totalCount).toBe(1);
      const line = only.items[0] as Line;
      const detail = expectOk(
        await call<{
          line: Line;
          bets: { betType: string; result: number; status: string }[];
          marketName: string;
        }>(ctx.app, { url: '/Transaction/GetDetail', query: { id: String(line.id) }, token: p.token }),
      );
      expect(detail.marketName).toBe('Match Odds');
      expect(detail.bets.map((b) => [b.betType, b.status, b.result])).toEqual([
        ['Back', 'SETTLED', 1000],
        ['Lay', 'SETTLED', -400],
      ]);
      // Another user's line is not found, whoever asks.
      expectRefused(
        await call(ctx.app, {
          url: '/Transaction/GetDetail',
          query: { id: String(line.id) },
          token: other.token,
        }),
        404,
        'NOT_FOUND',
      );

      const history = expectOk(
        await call<{ totalCount: number; items: { betId: number; status: string }[] }>(ctx.app, {
          url: '/Bet/GetUserBetHistory',
          body: { status: 'SETTLED', MaxResultCount: 1 },
          token: p.token,
        }),
      );
      expect(history.totalCount).toBe(2);
      expect(history.items).toHaveLength(1);
      const none = expectOk(
        await call<{ totalCount: number }>(ctx.app, {
          url: '/Bet/GetUserBetHistory',
          body: { status: 'MATCHED' },
          token: p.token,
        }),
      );
      expect(none.totalCount).toBe(0);
      const otherSport = expectOk(
        await call<{ totalCount: number }>(ctx.app, {
          url: '/Bet/GetUserBetHistory',
          body: { sportId: 1 },
          token: p.token,
        }),
      );
      expect(otherSport.totalCount).toBe(0);
      const future = expectOk(
        await call<{ totalCount: number }>(ctx.app, {
          url: '/Bet/GetUserBetHistory',
          body: { StartDate: '2099-01-01T00:00:00Z' },
          token: p.token,
        }),
      );
      expect(future.totalCount).toBe(0);

      const pl = expectOk(
        await call<{ total: number; items: { eventId: number; profitLoss: number; stake: number }[] }>(
          ctx.app,
          {
            url: '/Bet/GetUserProfitLoss',
            body: {},
            token: p.token,
          },
        ),
      );
      expect(pl.total).toBe(600);
      expect(pl.items).toEqual([
        expect.objectContaining({ eventId: m.eventId, profitLoss: 600, stake: 1500 }),
      ]);
      const plDetail = expectOk(
        await call<{ markets: { result: string; profitLoss: number; bets: unknown[] }[] }>(ctx.app, {
          url: '/Bet/GetUserProfitLossDetail',
          query: { eventId: String(m.eventId) },
          token: p.token,
        }),
      );
      expect(plDetail.markets).toEqual([expect.objectContaining({ result: 'India', profitLoss: 600 })]);
      expect(plDetail.markets[0]?.bets).toHaveLength(2);
      expectRefused(
        await call(ctx.app, {
          url: '/Bet/GetUserProfitLossDetail',
          query: { eventId: String(m.eventId) },
          token: other.token,
        }),
        404,
        'NOT_FOUND',
      );
      // Open bets and the book are the user's own only.
      expect((await openBets(ctx, other)).openBets).toEqual([]);
      expect(await expectedPl(ctx, other)).toEqual([]);
    });

    it('commission is taken from net winnings only, at the domain rate', async () => {
      await ctx.database.db.execute(sql`update domains set commission_bps = 500`);
      try {
        const m = newMatchOdds();
        const winner = await demoPlayer(ctx);
        const loser = await demoPlayer(ctx);
        await placeOk(ctx, winner, back(m, 11, 2, 1000));
        await placeOk(ctx, loser, back(m, 12, 3, 1000));
        expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }));
        expect((await walletOf(ctx.database.db, winner.userId)).balance).toBe(1_595_000);
        expect((await walletOf(ctx.database.db, loser.userId)).balance).toBe(1_400_000);
        const pl = expectOk(
          await call<{ items: { profitLoss: number; commission: number }[] }>(ctx.app, {
            url: '/Bet/GetUserProfitLoss',
            body: {},
            token: winner.token,
          }),
        );
        expect(pl.items[0]).toMatchObject({ profitLoss: 950, commission: 50 });
      } finally {
        await ctx.database.db.execute(sql`update domains set commission_bps = 0`);
      }
    });
  });

  describe('cash out', () => {
    it('offers the hedge at the best lay; placing it through PlaceBetV2 locks in the same result everywhere', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, back(m, 11, 2, 1000));
      feed.setPrices(m.marketId, 11, [1.58], [1.6]);
      type Offer = {
        available: boolean;
        reason: string | null;
        hedge: { type: 1 | 2; runnerId: number; rate: number; stake: number } | null;
        runners: { runnerId: number; now: number; afterCashOut: number | null }[];
        guaranteed: number | null;
      };
      const offer = expectOk(
        await call<Offer>(ctx.app, {
          url: '/Bet/GetCashOutOffer',
          query: { marketId: m.marketId },
          token: p.token,
        }),
      );
      expect(offer).toMatchObject({
        available: true,
        reason: null,
        hedge: { type: 2, runnerId: 11, rate: 1.6, stake: 1250 },
        guaranteed: 250,
      });
      expect(offer.runners.map((r) => [r.now, r.afterCashOut])).toEqual([
        [1000, 250],
        [-1000, 250],
        [-1000, 250],
      ]);
      const hedge = offer.hedge as NonNullable<Offer['hedge']>;
      const taken = await placeOk(ctx, p, { ...hedge, marketId: m.marketId, eventId: m.eventId });
      expect(taken.exposure).toBe(0);
      const [pl] = await expectedPl(ctx, p);
      expect(pl?.runners.map((r) => r.amount)).toEqual([250, 250, 250]);
      const after = expectOk(
        await call<Offer>(ctx.app, {
          url: '/Bet/GetCashOutOffer',
          query: { marketId: m.marketId },
          token: p.token,
        }),
      );
      expect(after).toMatchObject({ available: false, reason: 'balanced', hedge: null });
    });

    it('a hedge below the market minimum stake is not offered: the answer says below-min-stake', async () => {
      const m = newMatchOdds({ minStake: 100 });
      const p = await demoPlayer(ctx);
      // Back India ₹100 @ 2.00: ₹200 apart; at a 3.00 lay the hedge would be ₹67, under the ₹100 minimum.
      await placeOk(ctx, p, back(m, 11, 2, 100));
      feed.setPrices(m.marketId, 11, [2.9], [3.0]);
      const offer = expectOk(
        await call(ctx.app, { url: '/Bet/GetCashOutOffer', query: { marketId: m.marketId }, token: p.token }),
      );
      expect(offer).toMatchObject({
        available: false,
        reason: 'below-min-stake',
        hedge: null,
        guaranteed: null,
        runners: [
          { runnerId: 11, now: 100, afterCashOut: null },
          { runnerId: 12, now: -100, afterCashOut: null },
          { runnerId: 13, now: -100, afterCashOut: null },
        ],
      });
      // The bet path agrees: that hedge is refused for its stake.
      expectRefused(await place(ctx, p, lay(m, 11, 3, 67)), 422, 'STAKE_OUT_OF_RANGE');
      // At a 2.00 lay the hedge is exactly the minimum, and offered.
      feed.setPrices(m.marketId, 11, [1.98], [2.0]);
      const atMinimum = expectOk(
        await call(ctx.app, { url: '/Bet/GetCashOutOffer', query: { marketId: m.marketId }, token: p.token }),
      );
      expect(atMinimum).toMatchObject({
        available: true,
        reason: null,
        hedge: { type: 2, runnerId: 11, rate: 2, stake: 100 },
        guaranteed: 0,
      });
    });

    it('a hedge above the market maximum stake is not offered: the answer says above-bet-limits', async () => {
      const m = newMatchOdds({ maxStake: 1_000 });
      const p = await fundedPlayer(ctx, 10_000);
      // Back India ₹1,000 @ 4.00: ₹4,000 apart; at a 2.00 lay the hedge would be ₹2,000, over ₹1,000.
      feed.setPrices(m.marketId, 11, [4.0], [4.1]);
      await placeOk(ctx, p, back(m, 11, 4, 1_000));
      feed.setPrices(m.marketId, 11, [1.98], [2.0]);
      const offer = expectOk(
        await call(ctx.app, { url: '/Bet/GetCashOutOffer', query: { marketId: m.marketId }, token: p.token }),
      );
      expect(offer).toMatchObject({ available: false, reason: 'above-bet-limits', hedge: null });
      // The bet path agrees: that hedge is refused for its stake.
      expectRefused(await place(ctx, p, lay(m, 11, 2, 2_000)), 422, 'STAKE_OUT_OF_RANGE');
    });

    it('no position, no offer; fancy markets have none', async () => {
      const m = newMatchOdds();
      const p = await demoPlayer(ctx);
      const offer = expectOk(
        await call<{ available: boolean; reason: string }>(ctx.app, {
          url: '/Bet/GetCashOutOffer',
          query: { marketId: m.marketId },
          token: p.token,
        }),
      );
      expect(offer).toMatchObject({ available: false, reason: 'no-position' });
      const f = newFancy({ noLine: 5, noRate: 100, yesLine: 5, yesRate: 100 });
      expectRefused(
        await call(ctx.app, { url: '/Bet/GetCashOutOffer', query: { marketId: f.marketId }, token: p.token }),
        400,
        'BAD_REQUEST',
      );
    });
  });
});
