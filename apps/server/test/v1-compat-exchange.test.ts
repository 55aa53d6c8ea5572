import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketIdOf } from '@backlay/feed-simulator';
import { bookmakerMarket, fancyMarket, matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { demoPlayer, expectedPl, openBets, walletOf, type Player } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, type Answer } from './helpers';

/*
 * The exchange calls of the family's V1 client (api-shapes.md part A), sent as that client sends them:
 * axios with its JSON content type, ids as it holds them (an event id from the route's text, a
 * market id through parseFloat), V1 bodies and V1 names (GetUserOdds, PlaceBet); and the market
 * type naming its per-market lists match on.
 */

/** Axios's content type for an object body. */
const AXIOS_JSON = 'application/json;charset=utf-8';

// Events and market ids as the simulator numbers them: the 10th market of event 257380001 was
// "1.257380001010" under the old scheme, which parseFloat turned into 1.25738000101.
const EVENT = 257_380_001;
const MATCH_ODDS = marketIdOf(EVENT, 10);
const BOOKMAKER = marketIdOf(EVENT, 20);
const FANCY = marketIdOf(EVENT, 30);
const FANCY_RUNNING = marketIdOf(EVENT, 31);
const RUNNERS = [
  { id: 11, name: 'India', back: [2.0, 1.99], lay: [2.02, 2.04] },
  { id: 12, name: 'Australia', back: [3.0], lay: [3.1] },
  { id: 13, name: 'Draw', back: [], lay: [] },
];

interface V1Runner {
  id: number | string;
  runnername: string;
  backPrice: number;
  backSize: number;
  layPrice: number;
  laySize: number;
  status: string;
  marketId: string;
}
interface V1Group {
  marketId: string | null;
  marketName: string;
  runners: V1Runner[];
}
interface V1Odds {
  eventId: number;
  matchOdds: V1Group;
  bookmaker: V1Group;
  fancy: V1Group;
  toss: V1Group;
}

describe.each(backends)('a V1 client of the family on the exchange calls (%s)', (backend) => {
  let ctx: TestContext;
  const feed = new TestFeed();
  let eventSeq = 0;

  beforeAll(async () => {
    feed
      .setMarket(matchOddsMarket({ id: MATCH_ODDS, eventId: EVENT, runners: RUNNERS }))
      .setMarket(
        bookmakerMarket({
          id: BOOKMAKER,
          eventId: EVENT,
          runners: [
            { id: 11, name: 'India', back: [85], lay: [88] },
            { id: 12, name: 'Australia', back: [110], lay: [115] },
          ],
        }),
      )
      .setMarket(
        fancyMarket({
          id: FANCY,
          eventId: EVENT,
          name: '10 over runs IND',
          noLine: 82,
          noRate: 100,
          yesLine: 83,
          yesRate: 100,
        }),
      )
      .setMarket(
        fancyMarket({
          id: FANCY_RUNNING,
          eventId: EVENT,
          name: '6 over runs IND',
          noLine: 50,
          noRate: 90,
          yesLine: 50,
          yesRate: 110,
        }),
      );
    feed.update(FANCY_RUNNING, { status: 'BALL_RUNNING' });
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(() => ctx.close());

  /** A match-odds market on an event of its own, numbered as the simulator does. */
  function freshMarket(): { eventId: number; marketId: string } {
    const eventId = 400_000_000 + ++eventSeq;
    const marketId = marketIdOf(eventId, 10);
    feed.setMarket(matchOddsMarket({ id: marketId, eventId, runners: RUNNERS }));
    return { eventId, marketId };
  }

  /** axios.get("Odds/GetUserOdds", { params: { eventId } }). */
  const getUserOdds = (eventId: number | string, token?: string) =>
    call<V1Odds>(ctx.app, {
      url: '/Odds/GetUserOdds',
      query: { eventId: String(eventId) },
      ...(token ? { token } : {}),
    });

  /** axios.post("Bet/PlaceBet", body): the body as JSON with axios's content type. */
  const placeBet = (
    p: Player,
    body: Record<string, unknown>,
    url = '/Bet/PlaceBet',
  ): Promise<Answer<string>> =>
    call<string>(ctx.app, {
      url,
      raw: { payload: JSON.stringify(body), contentType: AXIOS_JSON },
      token: p.token,
    });

  describe('Odds/GetUserOdds', () => {
    it('answers the V1 groups: one market a group, one price a side, runners named runnername', async () => {
      const odds = expectOk(await getUserOdds(EVENT));
      expect(odds.eventId).toBe(EVENT);
      expect(odds.matchOdds).toEqual({
        marketId: MATCH_ODDS,
        marketName: 'Match Odds',
        runners: [
          {
            id: 11,
            runnername: 'India',
            backPrice: 2,
            backSize: 100_000,
            layPrice: 2.02,
            laySize: 100_000,
            status: 'ACTIVE',
            marketId: MATCH_ODDS,
          },
          {
            id: 12,
            runnername: 'Australia',
            backPrice: 3,
            backSize: 100_000,
            layPrice: 3.1,
            laySize: 100_000,
            status: 'ACTIVE',
            marketId: MATCH_ODDS,
          },
          // No price on a side: 0, as a V1 client shows an empty cell.
          {
            id: 13,
            runnername: 'Draw',
            backPrice: 0,
            backSize: 0,
            layPrice: 0,
            laySize: 0,
            status: 'ACTIVE',
            marketId: MATCH_ODDS,
          },
        ],
      });
      // Bookmaker prices are per-100 rates.
      expect(odds.bookmaker.marketId).toBe(BOOKMAKER);
      expect(odds.bookmaker.runners[0]).toEqual({
        id: 11,
        runnername: 'India',
        backPrice: 85,
        backSize: 100_000,
        layPrice: 88,
        laySize: 100_000,
        status: 'ACTIVE',
        marketId: BOOKMAKER,
      });
      // Each fancy market is a runner of the fancy group: back is YES (line, rate), lay is NO.
      expect(odds.fancy.runners).toEqual([
        {
          id: FANCY,
          runnername: '10 over runs IND',
          backPrice: 83,
          backSize: 100,
          layPrice: 82,
          laySize: 100,
          status: 'ACTIVE',
          marketId: FANCY,
        },
        {
          id: FANCY_RUNNING,
          runnername: '6 over runs IND',
          backPrice: 50,
          backSize: 110,
          layPrice: 50,
          laySize: 90,
          status: 'BALLRUNNING',
          marketId: FANCY_RUNNING,
        },
      ]);
      // A group the event lacks is there, empty.
      expect(odds.toss).toEqual({ marketId: null, marketName: '', runners: [] });
    });

    it('matches the path in any casing, with or without a token, and 404s an unknown event', async () => {
      const lower = await call<V1Odds>(ctx.app, {
        url: '/odds/getuserodds',
        query: { eventId: String(EVENT) },
      });
      expect(expectOk(lower).matchOdds.marketId).toBe(MATCH_ODDS);
      const p = await demoPlayer(ctx);
      expect(expectOk(await getUserOdds(EVENT, p.token)).bookmaker.marketId).toBe(BOOKMAKER);
      const unknown = await getUserOdds(999_999);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error?.message).toBeTruthy();
    });

    it('a suspended market locks its runners (SUSPENDED), as V1 reads it', async () => {
      const { eventId, marketId } = freshMarket();
      feed.update(marketId, { status: 'SUSPENDED' });
      const odds = expectOk(await getUserOdds(eventId));
      expect(odds.matchOdds.runners.map((r) => r.status)).toEqual(['SUSPENDED', 'SUSPENDED', 'SUSPENDED']);
    });

    it('every market id it answers reads back unchanged through parseFloat', async () => {
      const odds = expectOk(await getUserOdds(EVENT));
      const ids = [odds.matchOdds, odds.bookmaker, odds.fancy].flatMap((g) =>
        g.runners.map((r) => r.marketId),
      );
      for (const id of ids) expect(String(parseFloat(id))).toBe(id);
    });
  });

  describe('Bet/PlaceBet', () => {
    it('places a back bet from the V1 body (placeTime null, event id as text, market id as a number)', async () => {
      const { eventId, marketId } = freshMarket();
      const p = await demoPlayer(ctx);
      const odds = expectOk(await getUserOdds(eventId, p.token));
      const india = odds.matchOdds.runners[0] as V1Runner;
      const answer = await placeBet(p, {
        placeTime: null,
        type: 1,
        rate: india.backPrice,
        stake: 500,
        fancyValue: null,
        runnerId: india.id,
        marketId: parseFloat(india.marketId),
        eventId: String(eventId),
      });
      // The result is the toast's message.
      expect(expectOk(answer)).toBe('Bet placed: Back India ₹500 @ 2');
      const open = await openBets(ctx, p, eventId);
      expect(open.openBets).toHaveLength(1);
      expect(open.openBets[0]).toMatchObject({ marketId, betType: 'Back', stake: 500, odds: 2 });
      expect(open.exposure).toBe(500);
    });

    it('a lay bet with numbers as text, and a bookmaker bet at its rate', async () => {
      const { eventId, marketId } = freshMarket();
      const p = await demoPlayer(ctx);
      const lay = await placeBet(p, {
        placeTime: new Date().toISOString(),
        type: '2',
        rate: '2.02',
        stake: '300',
        fancyValue: null,
        runnerId: '11',
        marketId,
        eventId,
      });
      expect(expectOk(lay)).toBe('Bet placed: Lay India ₹300 @ 2.02');
      const bm = await placeBet(p, {
        placeTime: null,
        type: 1,
        rate: 85,
        stake: 200,
        fancyValue: null,
        runnerId: 11,
        marketId: BOOKMAKER,
        eventId: EVENT,
      });
      expect(expectOk(bm)).toBe('Bet placed: Back India ₹200 @ 85');
    });

    it('places a fancy YES bet with runnerId null at the line and rate the odds showed', async () => {
      const p = await demoPlayer(ctx);
      const odds = expectOk(await getUserOdds(EVENT, p.token));
      const session = odds.fancy.runners.find((r) => r.marketId === FANCY) as V1Runner;
      const answer = await placeBet(p, {
        placeTime: null,
        type: 3,
        rate: session.backSize,
        stake: 1000,
        fancyValue: session.backPrice,
        runnerId: null,
        marketId: session.marketId,
        eventId: EVENT,
      });
      expect(expectOk(answer)).toBe('Bet placed: Yes 10 over runs IND 83 ₹1,000 @ 100');
      const no = await placeBet(p, {
        placeTime: null,
        type: 4,
        rate: session.laySize,
        stake: 1000,
        fancyValue: session.layPrice,
        // A client that sends the fancy "runner" id anyway: ignored for yes and no bets.
        runnerId: session.id,
        marketId: parseFloat(session.marketId),
        eventId: EVENT,
      });
      expect(expectOk(no)).toBe('Bet placed: No 10 over runs IND 82 ₹1,000 @ 100');
    });

    it('refuses as PlaceBetV2 does, with the envelope a V1 client reads (error.message)', async () => {
      const p = await demoPlayer(ctx);
      const base = { placeTime: null, type: 1, stake: 500, fancyValue: null, runnerId: 11, eventId: EVENT };
      // The bookmaker is matched in full or refused; an exchange bet at a price not offered rests.
      const changed = await placeBet(p, { ...base, rate: 90, marketId: BOOKMAKER });
      expect(changed.status).toBe(422);
      expect(changed.body.error).toMatchObject({ code: 'ODDS_CHANGED' });
      const resting = await placeBet(await demoPlayer(ctx), { ...base, rate: 2.5, marketId: MATCH_ODDS });
      expect(expectOk(resting)).toBe('Bet placed: Back India ₹500 unmatched at 2.50');
      const running = await placeBet(p, {
        ...base,
        type: 3,
        rate: 110,
        fancyValue: 50,
        runnerId: null,
        marketId: FANCY_RUNNING,
      });
      expect(running.status).toBe(422);
      expect(running.body.error?.code).toBe('MARKET_SUSPENDED');
      const noRunner = await placeBet(p, { ...base, runnerId: null, rate: 2, marketId: MATCH_ODDS });
      expect(noRunner.status).toBe(400);
      expect(noRunner.body.error?.code).toBe('VALIDATION_FAILED');
      const badStake = await placeBet(p, { ...base, rate: 2, stake: 'lots', marketId: MATCH_ODDS });
      expect(badStake.status).toBe(400);
      expect(badStake.body.error?.validationErrors?.[0]?.field).toBe('stake');
      const anonymous = await call(ctx.app, {
        url: '/Bet/PlaceBet',
        raw: { payload: JSON.stringify({ ...base, rate: 2, marketId: MATCH_ODDS }), contentType: AXIOS_JSON },
      });
      expect(anonymous.status).toBe(401);
      expect((await walletOf(ctx.database.db, p.userId)).exposure).toBe(0);
    });

    it('a market id number maps to exactly the market that reads as it: an id that lost its zeros names none', async () => {
      // A market numbered the old way: parseFloat turns "1.257380002010" into 1.25738000201.
      const eventId = 257_380_002;
      const oldId = '1.257380002010';
      feed.setMarket(matchOddsMarket({ id: oldId, eventId, runners: RUNNERS }));
      const p = await demoPlayer(ctx);
      const body = { placeTime: null, type: 1, rate: 2, stake: 500, fancyValue: null, runnerId: 11, eventId };
      const lost = await placeBet(p, { ...body, marketId: parseFloat(oldId) });
      expect(lost.status).toBe(404);
      expect(lost.body.error?.message).toBe('Market 1.25738000201 does not exist.');
      expect((await openBets(ctx, p)).openBets).toHaveLength(0);
      // As text it is the market itself.
      expect(expectOk(await placeBet(p, { ...body, marketId: oldId }))).toMatch(/^Bet placed/);
    });

    it('the same body with the same placeTime is one bet; with placeTime null each call is a bet', async () => {
      const { eventId, marketId } = freshMarket();
      const p = await demoPlayer(ctx);
      const body = {
        placeTime: '2026-05-01T10:00:00.123Z',
        type: 1,
        rate: 2,
        stake: 500,
        fancyValue: null,
        runnerId: 11,
        marketId,
        eventId,
      };
      expect(expectOk(await placeBet(p, body))).toMatch(/^Bet placed/);
      const again = await placeBet(p, body);
      expect(again.status).toBe(409);
      expect(again.body.error?.code).toBe('DUPLICATE_REQUEST');
      // Another placeTime is another bet; so is each call without one.
      expect(expectOk(await placeBet(p, { ...body, placeTime: '2026-05-01T10:00:01.456Z' }))).toMatch(/^Bet/);
      expect(expectOk(await placeBet(p, { ...body, placeTime: null }))).toMatch(/^Bet/);
      expect(expectOk(await placeBet(p, { ...body, placeTime: null }))).toMatch(/^Bet/);
      expect((await openBets(ctx, p, eventId)).openBets).toHaveLength(4);
      // Another player's identical body is their own bet.
      const q = await demoPlayer(ctx);
      expect(expectOk(await placeBet(q, body))).toMatch(/^Bet placed/);
    });

    it('matches the path in any casing', async () => {
      const { eventId, marketId } = freshMarket();
      const p = await demoPlayer(ctx);
      const body = {
        placeTime: null,
        type: 1,
        rate: 2,
        stake: 100,
        fancyValue: null,
        runnerId: 12,
        marketId,
        eventId,
      };
      expect(await placeBet(p, { ...body, rate: 3 }, '/bet/placebet')).toMatchObject({ status: 200 });
    });
  });

  describe('market types: the family naming in every field', () => {
    it('open bets, expected P/L and limits name the same market the same way', async () => {
      const p = await demoPlayer(ctx);
      const base = { placeTime: null, stake: 100, eventId: EVENT };
      expectOk(
        await placeBet(p, {
          ...base,
          type: 1,
          rate: 2,
          fancyValue: null,
          runnerId: 11,
          marketId: MATCH_ODDS,
        }),
      );
      expectOk(
        await placeBet(p, {
          ...base,
          type: 1,
          rate: 85,
          fancyValue: null,
          runnerId: 11,
          marketId: BOOKMAKER,
        }),
      );
      expectOk(
        await placeBet(p, { ...base, type: 3, rate: 100, fancyValue: 83, runnerId: null, marketId: FANCY }),
      );
      const limits = expectOk(
        await call<{ marketId: string; marketType: string }[]>(ctx.app, {
          url: '/Odds/GetUserLimits',
          query: { eventId: String(EVENT) },
          token: p.token,
        }),
      );
      const limitType = new Map(limits.map((l) => [l.marketId, l.marketType]));
      expect(Object.fromEntries(limitType)).toMatchObject({
        [MATCH_ODDS]: 'match_odd',
        [BOOKMAKER]: 'bookmaker',
        [FANCY]: 'fancy2',
      });
      const open = expectOk(
        await call<{ openBets: { marketId: string; marketTypeName: string }[] }>(ctx.app, {
          url: '/Bet/GetUserOpenBets',
          token: p.token,
        }),
      );
      expect(open.openBets).toHaveLength(3);
      for (const bet of open.openBets) expect(bet.marketTypeName).toBe(limitType.get(bet.marketId));
      const pl = await expectedPl(ctx, p);
      expect(pl).toHaveLength(3);
      for (const market of pl) expect(market.marketType).toBe(limitType.get(market.marketId));
    });
  });
});
