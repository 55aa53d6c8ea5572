import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fancyMarket, matchOddsMarket, TestFeed } from '../src/betting/test-feed';
import { demoPlayer, expectLedgerBalanced, placeOk, settle, walletOf } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { expectOk, expectRefused } from './helpers';

/*
 * An operator settles or voids a market by hand (POST /admin/markets/settle) while the feed may
 * still be quoting it.
 */

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [1.98], lay: [2.0] },
];

let seq = 0;

describe.each(backends)('a market settled by hand (%s)', (backend) => {
  const feed = new TestFeed();
  let ctx: TestContext;

  function newMatchOdds() {
    seq += 1;
    const m = { marketId: `4.${seq}`, eventId: 4000 + seq };
    feed.setMarket(matchOddsMarket({ id: m.marketId, eventId: m.eventId, runners: RUNNERS }));
    return m;
  }

  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(async () => {
    await expectLedgerBalanced(ctx.database.db);
    await ctx.close();
  });

  it('a refused result is not recorded: the market stays open and settles on the right result', async () => {
    const m = newMatchOdds();
    seq += 1;
    const f = { marketId: `9.${seq}`, eventId: 4000 + seq };
    feed.setMarket(
      fancyMarket({ id: f.marketId, eventId: f.eventId, noLine: 30, noRate: 100, yesLine: 30, yesRate: 100 }),
    );
    const p = await demoPlayer(ctx);
    await placeOk(ctx, p, { type: 1, rate: 2, stake: 100, runnerId: 11, ...m });
    await placeOk(ctx, p, { type: 3, rate: 100, stake: 100, fancyValue: 30, ...f });
    expectRefused(
      await settle(ctx, m.marketId, { kind: 'winner', runnerId: 77 }),
      400,
      'BAD_REQUEST',
      /Runner 77/,
    );
    expectRefused(await settle(ctx, f.marketId, { kind: 'winner', runnerId: 11 }), 400, 'BAD_REQUEST');

    await placeOk(ctx, p, { type: 1, rate: 2, stake: 100, runnerId: 11, ...m });
    expect(expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }))).toEqual({
      marketId: m.marketId,
      settledUsers: 1,
      settledBets: 2,
      alreadySettled: false,
    });
    expectOk(await settle(ctx, f.marketId, { kind: 'runs', runs: 31 }));
    // +₹200 on the two backs at 2.00, +₹100 on the session's yes at 100.
    expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_530_000, exposure: 0 });
  });
});
