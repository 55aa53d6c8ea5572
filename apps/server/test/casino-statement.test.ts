import {
  casinoWalletPath,
  type CasinoProviderId,
  type CasinoWalletCall,
  type LoginResult,
} from '@backlay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWalletCall } from '../src/casino';
import { adjust, expectLedgerBalanced } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, claimsOf, expectOk, expectRefused, registerVerified, type Answer } from './helpers';

/*
 * Casino rounds on the player's own pages (issue 15): the cash statement's "Game Report" filter
 * (`kind=casino`, V1 `Type=casino`) lists the casino's lines only, a casino line's detail shows its
 * round (the player's own calls of it, never another player's at the same table), and profit and
 * loss gains the casino per game over the date range. Driven through the seamless wallet's signed
 * calls, as a provider makes them.
 */

interface Line {
  id: number;
  journalId: number;
  kind: string;
  description: string;
  credit: number;
  debit: number;
  balance: number;
}
interface Statement {
  totalCount: number;
  items: Line[];
}
interface Round {
  provider: string;
  gameCode: string;
  roundId: string;
  stake: number;
  won: number;
  refunded: number;
  net: number;
  moves: { type: string; transactionId: string; amount: number; referenceTransactionId: string | null }[];
}
interface Detail {
  line: Line;
  bets: unknown[];
  casinoRound: Round | null;
}
interface GameRow {
  provider: string;
  gameCode: string;
  rounds: number;
  stake: number;
  won: number;
  net: number;
  lastPlayed: string;
}
interface ProfitLoss {
  totalCount: number;
  total: number;
  items: unknown[];
  casino: GameRow[];
  casinoTotal: { rounds: number; stake: number; won: number; net: number };
}

interface Player {
  casinoToken: string;
  accessToken: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('casino rounds on the statement and in profit and loss (%s)', (backend) => {
  let ctx: TestContext;
  let alice: Player;
  let bob: Player;
  /** An instant between Alice's first calls and her later ones. */
  let boundary: string;

  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
    alice = await player(1000);
    bob = await player(500);

    // Round A1 (king, teen patti): 100 staked, 250 won, the win coming after the boundary.
    expectOk(
      await bet(alice, 'king', {
        transactionId: 'a1-bet',
        roundId: 'A1',
        gameCode: 'teen-patti-2020',
        amount: 100,
      }),
    );
    // Bob plays the same table round: his calls are never part of Alice's round.
    expectOk(
      await bet(bob, 'king', {
        transactionId: 'b1-bet',
        roundId: 'A1',
        gameCode: 'teen-patti-2020',
        amount: 30,
      }),
    );
    expectOk(
      await win(bob, 'king', {
        transactionId: 'b1-win',
        referenceTransactionId: 'b1-bet',
        roundId: 'A1',
        amount: 0,
      }),
    );
    // Round A2 (king, teen patti): 50 staked and lost (a win of 0 moves nothing, so it is no line).
    expectOk(
      await bet(alice, 'king', {
        transactionId: 'a2-bet',
        roundId: 'A2',
        gameCode: 'teen-patti-2020',
        amount: 50,
      }),
    );
    expectOk(
      await win(alice, 'king', {
        transactionId: 'a2-win',
        referenceTransactionId: 'a2-bet',
        roundId: 'A2',
        amount: 0,
      }),
    );
    await pause(30);
    boundary = new Date().toISOString();
    await pause(30);
    expectOk(
      await win(alice, 'king', {
        transactionId: 'a1-win',
        referenceTransactionId: 'a1-bet',
        roundId: 'A1',
        amount: 250,
      }),
    );
    // Round A3 (dream, dice): 40 staked, then rolled back: it nets 0.
    expectOk(
      await bet(alice, 'dream', { transactionId: 'a3-bet', roundId: 'A3', gameCode: 'dice', amount: 40 }),
    );
    expectOk(
      await rollback(alice, 'dream', {
        transactionId: 'a3-rb',
        referenceTransactionId: 'a3-bet',
        roundId: 'A3',
      }),
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  async function player(rupees: number): Promise<Player> {
    const who = await registerVerified(ctx.app);
    await adjust(ctx, claimsOf(who.login).userId, rupees);
    return { casinoToken: who.login.casinoToken, accessToken: who.login.accessToken };
  }

  /** A provider's call, signed with its secret, as a provider sends it. */
  function wallet(provider: CasinoProviderId, what: CasinoWalletCall, body: object): Promise<Answer> {
    const secret = ctx.config.casinoProviders[provider].secret;
    if (!secret) throw new Error(`no secret for ${provider}`);
    const payload = JSON.stringify(body);
    return call(ctx.app, {
      url: casinoWalletPath(provider, what),
      raw: { payload, contentType: 'application/json' },
      headers: signWalletCall(secret, payload, new Date()),
    });
  }
  const bet = (p: Player, provider: CasinoProviderId, body: object) =>
    wallet(provider, 'bet', { casinoToken: p.casinoToken, ...body });
  const win = (p: Player, provider: CasinoProviderId, body: object) =>
    wallet(provider, 'win', { casinoToken: p.casinoToken, ...body });
  const rollback = (p: Player, provider: CasinoProviderId, body: object) =>
    wallet(provider, 'rollback', { casinoToken: p.casinoToken, ...body });

  const statement = async (p: Player, query: Record<string, string>) =>
    expectOk(await call<Statement>(ctx.app, { url: '/Transaction/GetHistory', query, token: p.accessToken }));
  const detail = (p: Player, id: number) =>
    call<Detail>(ctx.app, { url: '/Transaction/GetDetail', query: { id: String(id) }, token: p.accessToken });
  const profitLoss = async (p: Player, body: Record<string, unknown> = {}) =>
    expectOk(await call<ProfitLoss>(ctx.app, { url: '/Bet/GetUserProfitLoss', body, token: p.accessToken }));
  const shape = (l: Line) => [l.kind, l.credit, l.debit, l.balance, l.description];

  describe('the Game Report filter', () => {
    it('lists exactly the casino lines, newest first, with their amounts and running balances', async () => {
      const report = await statement(alice, { kind: 'casino' });
      expect(report.totalCount).toBe(5);
      expect(report.items.map(shape)).toEqual([
        ['casino_credit', 40, 0, 1100, 'Casino bet rolled back: dice (dream), round A3'],
        ['casino_debit', 0, 40, 1060, 'Casino bet: dice (dream), round A3'],
        ['casino_credit', 250, 0, 1100, 'Casino win: teen-patti-2020 (king), round A1'],
        ['casino_debit', 0, 50, 850, 'Casino bet: teen-patti-2020 (king), round A2'],
        ['casino_debit', 0, 100, 900, 'Casino bet: teen-patti-2020 (king), round A1'],
      ]);
      // The V1 name of the filter takes the same value.
      expect((await statement(alice, { Type: 'casino' })).items).toEqual(report.items);
      // Paged like every other filter.
      const page = await statement(alice, { kind: 'casino', MaxResultCount: '2', SkipCount: '2' });
      expect(page.totalCount).toBe(5);
      expect(page.items.map((l) => l.id)).toEqual(report.items.slice(2, 4).map((l) => l.id));
    });

    it('other filters keep their lines and leave the casino out; all shows everything', async () => {
      const kinds = async (kind: string) => (await statement(alice, { kind })).items.map((l) => l.kind);
      expect(await kinds('adjustment')).toEqual(['adjustment']);
      expect(await kinds('deposit')).toEqual([]);
      expect(await kinds('bet_settlement')).toEqual([]);
      expect(await kinds('casino_debit')).toEqual(['casino_debit', 'casino_debit', 'casino_debit']);
      expect(await kinds('casino_credit')).toEqual(['casino_credit', 'casino_credit']);
      expect(await kinds('all')).toEqual([
        'casino_credit',
        'casino_debit',
        'casino_credit',
        'casino_debit',
        'casino_debit',
        'adjustment',
      ]);
      expectRefused(
        await call(ctx.app, {
          url: '/Transaction/GetHistory',
          query: { kind: 'casinos' },
          token: alice.accessToken,
        }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('follows the date range', async () => {
      const after = await statement(alice, { kind: 'casino', StartDate: boundary });
      expect(after.items.map((l) => l.description)).toEqual([
        'Casino bet rolled back: dice (dream), round A3',
        'Casino bet: dice (dream), round A3',
        'Casino win: teen-patti-2020 (king), round A1',
      ]);
      const before = await statement(alice, { kind: 'casino', EndDate: boundary });
      expect(before.items.map((l) => l.description)).toEqual([
        'Casino bet: teen-patti-2020 (king), round A2',
        'Casino bet: teen-patti-2020 (king), round A1',
      ]);
      expect((await statement(alice, { kind: 'casino', From: day(-3), To: day(-1) })).totalCount).toBe(0);
      expect((await statement(alice, { kind: 'casino', From: day(0), To: day(0) })).totalCount).toBe(5);
    });

    it("shows the other player only their own round's lines", async () => {
      const report = await statement(bob, { kind: 'casino' });
      expect(report.items.map(shape)).toEqual([
        ['casino_debit', 0, 30, 470, 'Casino bet: teen-patti-2020 (king), round A1'],
      ]);
    });
  });

  describe("a casino line's detail", () => {
    const lineOf = async (description: string) => {
      const line = (await statement(alice, { kind: 'casino' })).items.find(
        (l) => l.description === description,
      );
      if (!line) throw new Error(`no line ${description}`);
      return line;
    };

    it('shows the round of a win: provider, game, round, stake, win and net, only this player’s calls', async () => {
      const line = await lineOf('Casino win: teen-patti-2020 (king), round A1');
      const d = expectOk(await detail(alice, line.id));
      expect(d.line).toEqual(line);
      expect(d.bets).toEqual([]);
      expect(d.casinoRound).toMatchObject({
        provider: 'king',
        gameCode: 'teen-patti-2020',
        roundId: 'A1',
        stake: 100,
        won: 250,
        refunded: 0,
        net: 150,
      });
      // Bob's bet in the same table round is not Alice's.
      expect(
        d.casinoRound?.moves.map((m) => [m.type, m.transactionId, m.amount, m.referenceTransactionId]),
      ).toEqual([
        ['bet', 'a1-bet', 100, null],
        ['win', 'a1-win', 250, 'a1-bet'],
      ]);
      // The round's bet line shows the same round.
      const betLine = await lineOf('Casino bet: teen-patti-2020 (king), round A1');
      expect(expectOk(await detail(alice, betLine.id)).casinoRound).toEqual(d.casinoRound);
    });

    it('shows a lost round and a rolled-back one (which nets 0)', async () => {
      const lost = expectOk(
        await detail(alice, (await lineOf('Casino bet: teen-patti-2020 (king), round A2')).id),
      );
      expect(lost.casinoRound).toMatchObject({ roundId: 'A2', stake: 50, won: 0, refunded: 0, net: -50 });
      expect(lost.casinoRound?.moves.map((m) => [m.type, m.amount])).toEqual([
        ['bet', 50],
        ['win', 0],
      ]);
      const back = expectOk(
        await detail(alice, (await lineOf('Casino bet rolled back: dice (dream), round A3')).id),
      );
      expect(back.casinoRound).toMatchObject({
        provider: 'dream',
        gameCode: 'dice',
        roundId: 'A3',
        stake: 40,
        won: 0,
        refunded: 40,
        net: 0,
      });
      expect(back.casinoRound?.moves.map((m) => [m.type, m.transactionId, m.amount])).toEqual([
        ['bet', 'a3-bet', 40],
        ['rollback', 'a3-rb', 40],
      ]);
    });

    it('is null for a line that is not the casino’s', async () => {
      const [adjustment] = (await statement(alice, { kind: 'adjustment' })).items;
      const d = expectOk(await detail(alice, adjustment?.id ?? 0));
      expect(d.casinoRound).toBeNull();
    });

    it("is not found for another player's line", async () => {
      const line = await lineOf('Casino win: teen-patti-2020 (king), round A1');
      expectRefused(await detail(bob, line.id), 404, 'NOT_FOUND');
      const bobs = (await statement(bob, { kind: 'casino' })).items[0];
      expectRefused(await detail(alice, bobs?.id ?? 0), 404, 'NOT_FOUND');
    });
  });

  describe('profit and loss', () => {
    it('has the casino per game: rounds, staked, won (wins and refunds) and net, with the totals', async () => {
      const pl = await profitLoss(alice);
      // No exchange bets settled: the sports part is as before.
      expect(pl).toMatchObject({ totalCount: 0, total: 0, items: [] });
      expect(pl.casino.map(({ lastPlayed: _, ...g }) => g)).toEqual([
        { provider: 'dream', gameCode: 'dice', rounds: 1, stake: 40, won: 40, net: 0 },
        { provider: 'king', gameCode: 'teen-patti-2020', rounds: 2, stake: 150, won: 250, net: 100 },
      ]);
      expect(pl.casinoTotal).toEqual({ rounds: 3, stake: 190, won: 290, net: 100 });
      // Bob's own only: his lost bet in the shared round.
      const bobs = await profitLoss(bob);
      expect(bobs.casino.map(({ lastPlayed: _, ...g }) => g)).toEqual([
        { provider: 'king', gameCode: 'teen-patti-2020', rounds: 1, stake: 30, won: 0, net: -30 },
      ]);
      expect(bobs.casinoTotal).toEqual({ rounds: 1, stake: 30, won: 0, net: -30 });
    });

    it('takes a round where its bet was taken, with its win whenever it came', async () => {
      const before = await profitLoss(alice, { EndDate: boundary });
      // Round A1's win came after the boundary: it still counts with its bet.
      expect(before.casino.map(({ lastPlayed: _, ...g }) => g)).toEqual([
        { provider: 'king', gameCode: 'teen-patti-2020', rounds: 2, stake: 150, won: 250, net: 100 },
      ]);
      const after = await profitLoss(alice, { StartDate: boundary });
      expect(after.casino.map(({ lastPlayed: _, ...g }) => g)).toEqual([
        { provider: 'dream', gameCode: 'dice', rounds: 1, stake: 40, won: 40, net: 0 },
      ]);
      expect(after.casinoTotal).toEqual({ rounds: 1, stake: 40, won: 40, net: 0 });
      const past = await profitLoss(alice, { From: day(-3), To: day(-1) });
      expect(past.casino).toEqual([]);
      expect(past.casinoTotal).toEqual({ rounds: 0, stake: 0, won: 0, net: 0 });
    });

    it('has no casino rows when one sport is asked for', async () => {
      const cricket = await profitLoss(alice, { sportId: 3 });
      expect(cricket.casino).toEqual([]);
      expect(cricket.casinoTotal.net).toBe(0);
    });

    it("shows a demo player's play money to that demo player alone", async () => {
      const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
      const d: Player = { casinoToken: demo.casinoToken, accessToken: demo.accessToken };
      expectOk(await bet(d, 'mac', { transactionId: 'd1-bet', roundId: 'D1', gameCode: 'dice', amount: 10 }));
      expectOk(
        await win(d, 'mac', {
          transactionId: 'd1-win',
          referenceTransactionId: 'd1-bet',
          roundId: 'D1',
          amount: 25,
        }),
      );
      const pl = await profitLoss(d);
      expect(pl.casino.map(({ lastPlayed: _, ...g }) => g)).toEqual([
        { provider: 'mac', gameCode: 'dice', rounds: 1, stake: 10, won: 25, net: 15 },
      ]);
      expect((await statement(d, { kind: 'casino' })).items.map((l) => [l.kind, l.credit, l.debit])).toEqual([
        ['casino_credit', 25, 0],
        ['casino_debit', 0, 10],
      ]);
      expect((await profitLoss(alice)).casino.some((g) => g.provider === 'mac')).toBe(false);
    });
  });
});
