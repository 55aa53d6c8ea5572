import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock, type FancyMarket, type RateMarket } from '@backlay/market-feed';
import { num, queryRows } from '../src/betting/sql-rows';
import { demoPlayer, expectLedgerBalanced, placeOk, walletOf, type Player } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';

/*
 * The real simulator as the feed, on a clock the test moves: bets on an in-play cricket match's
 * session (fancy) and bookmaker markets, settled when the simulated match closes them.
 */
describe.each(backends)('betting on the simulated feed (%s)', (backend) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const feed = new SimulatedFeed({
    clock,
    seed: 4242,
    eventIdBase: 3_010_000,
    sports: {
      cricket: { inPlay: 1, upcoming: 0 },
      football: null,
      tennis: null,
      kabaddi: null,
      horseRacing: null,
    },
  });
  let ctx: TestContext;
  let player: Player;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
    player = await demoPlayer(ctx);
  });
  afterAll(() => ctx.close());

  function advance(ms: number) {
    clock.set(clock.now() + ms);
    feed.advanceTo(clock.now());
  }

  it('a session bet and a bookmaker bet settle when the match closes their markets', async () => {
    // The first open session market of a match in play (playing on until there is one).
    let fancy: FancyMarket | undefined;
    for (let i = 0; i < 3600 && !fancy; i++) {
      fancy = feed
        .fixtures()
        .filter((f) => f.status === 'IN_PLAY')
        .flatMap((f) => feed.odds(f.eventId)?.markets ?? [])
        .find((m): m is FancyMarket => m.type === 'FANCY' && m.status === 'OPEN');
      if (!fancy) advance(1000);
    }
    if (!fancy) throw new Error('no open session market');
    const eventId = fancy.eventId;
    const bookmaker = feed
      .odds(eventId)
      ?.markets.find((m): m is RateMarket => m.type === 'BOOKMAKER' && m.status === 'OPEN');
    const base = { eventId, marketId: fancy.id };
    await placeOk(ctx, player, {
      type: 3,
      rate: fancy.yesRate,
      stake: 500,
      fancyValue: fancy.yesLine,
      ...base,
    });
    await placeOk(ctx, player, {
      type: 4,
      rate: fancy.noRate,
      stake: 300,
      fancyValue: fancy.noLine,
      ...base,
    });
    const placed = [fancy.id];
    const runner = bookmaker?.runners.find((r) => r.status === 'ACTIVE' && r.back[0]);
    if (bookmaker && runner?.back[0] && bookmaker.status === 'OPEN') {
      await placeOk(ctx, player, {
        type: 1,
        rate: runner.back[0].rate,
        stake: 200,
        runnerId: runner.id,
        eventId,
        marketId: bookmaker.id,
      });
      placed.push(bookmaker.id);
    }
    // Play the match on until every market bet on is settled.
    const deadline = Date.now() + 60_000;
    for (;;) {
      advance(60_000);
      const [open] = await queryRows<{ n: unknown }>(
        ctx.database.db,
        sql`select count(*) as n from bets where user_id = ${player.userId} and status = 'MATCHED'`,
      );
      if (num(open?.n) === 0) break;
      if (Date.now() > deadline) throw new Error('markets never settled');
      await new Promise((r) => setTimeout(r, 10));
    }
    const bets = await queryRows<{ market_id: string; result_paise: unknown; status: string }>(
      ctx.database.db,
      sql`select market_id, result_paise, status from bets where user_id = ${player.userId}`,
    );
    expect(new Set(bets.map((b) => b.market_id))).toEqual(new Set(placed));
    const results = bets.reduce((s, b) => s + num(b.result_paise), 0);
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({
      balance: 1_500_000 + results,
      exposure: 0,
    });
    // The session's result is the runs total the feed recorded: each bet paid by its own formula.
    const [market] = await queryRows<{ result: { kind: string; runs?: number } | string }>(
      ctx.database.db,
      sql`select result from markets where id = ${fancy.id}`,
    );
    const result = typeof market?.result === 'string' ? JSON.parse(market.result) : market?.result;
    if (result.kind === 'runs') {
      const yes = result.runs >= fancy.yesLine ? 500 * fancy.yesRate : -50_000;
      const no = result.runs < fancy.noLine ? 30_000 : -(300 * fancy.noRate);
      const fancyResults = bets.filter((b) => b.market_id === fancy.id).map((b) => num(b.result_paise));
      expect(fancyResults.sort((a, b) => a - b)).toEqual([yes, no].sort((a, b) => a - b));
    }
    await expectLedgerBalanced(ctx.database.db);
  }, 120_000);
});
