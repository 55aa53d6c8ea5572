import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GamesError } from '../errors';
import { dragonTiger } from '../games/dragon-tiger';
import { lucky7 } from '../games/lucky7';
import { teenPatti } from '../games/teen-patti';
import type { FixedOddsGame } from '../games/game';
import { verifyRound } from '../games/verify';
import { TableError } from './errors';
import { Table } from './table';
import { countingRandom, FakeWallet, ManualScheduler, rupees, type Behaviour } from './test-support';

const RETRY = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };

function setup<M extends string, O>(game: FixedOddsGame<M, O>, over: { historySize?: number } = {}) {
  const scheduler = new ManualScheduler();
  const wallet = new FakeWallet(scheduler);
  let id = 0;
  const table = new Table({
    tableId: 'T1',
    game,
    wallet,
    clientSeed: 'table-T1',
    scheduler,
    random: countingRandom(),
    retry: RETRY,
    newId: () => `b${++id}`,
    bettingMs: 20_000,
    resultMs: 5_000,
    ...over,
  });
  return { scheduler, wallet, table };
}

const player = (wallet: FakeWallet, name: string, balance: number) => {
  wallet.model.addPlayer(`tok-${name}`, name, balance);
  return { casinoToken: `tok-${name}` };
};

/** Stops the table: the round in play finishes on the fake clock first. */
async function stop(table: { stop(): Promise<void> }, scheduler: ManualScheduler) {
  const stopped = table.stop();
  await scheduler.advance(60_000);
  await stopped;
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
}

describe('a table’s rounds', () => {
  it('BETTING with a countdown → CLOSED → DEALT → SETTLED → the next round, nonce = round number on the seed pair', async () => {
    const { scheduler, table } = setup(lucky7);
    const t0 = scheduler.now();
    table.start();
    expect(table.current()).toMatchObject({
      roundId: 'T1-1',
      number: 1,
      phase: 'betting',
      closesAt: t0 + 20_000,
    });
    expect(table.current()!.seeds).toEqual({
      serverSeedHash: table.publicSeeds().serverSeedHash,
      clientSeed: 'table-T1',
      nonce: 0,
    });
    await scheduler.advance(19_999);
    expect(table.current()!.phase).toBe('betting');
    await scheduler.advance(1);
    expect(table.current()!.phase).toBe('settled');
    expect(table.history()).toHaveLength(1);
    await scheduler.advance(4_999);
    expect(table.current()!.number).toBe(1);
    await scheduler.advance(1);
    expect(table.current()).toMatchObject({ roundId: 'T1-2', phase: 'betting', closesAt: t0 + 45_000 });
    expect(table.current()!.seeds.nonce).toBe(1);
    await stop(table, scheduler);
  });

  it('refuses bets once betting closed, invalid markets and stakes outside the limits', async () => {
    const { scheduler, wallet, table } = setup(dragonTiger);
    const a = player(wallet, 'a', 1_000_000);
    await expect(refusal(table.placeBet(a, { market: 'dragon', stake: rupees(100) }))).resolves.toMatchObject(
      { code: 'BETTING_CLOSED' },
    );
    table.start();
    const wrong = await refusal(table.placeBet(a, { market: 'andar', stake: rupees(100) }));
    expect(wrong).toBeInstanceOf(GamesError);
    expect(wrong).toMatchObject({ code: 'UNKNOWN_MARKET' });
    await expect(refusal(table.placeBet(a, { market: 'tie', stake: rupees(5) }))).resolves.toMatchObject({
      code: 'INVALID_STAKE',
    });
    expect(wallet.calls).toEqual([]);
    await scheduler.advance(20_000);
    const late = await refusal(table.placeBet(a, { market: 'dragon', stake: rupees(100) }));
    expect(late).toBeInstanceOf(TableError);
    expect(late).toMatchObject({ code: 'BETTING_CLOSED' });
    expect(wallet.model.balanceOf('tok-a')).toBe(1_000_000);
    await stop(table, scheduler);
  });

  it('pays each winning bet once by a win naming it, losing bets nothing; the ledger matches', async () => {
    const { scheduler, wallet, table } = setup(lucky7);
    const a = player(wallet, 'a', 1_000_000);
    table.start();
    const bets = await Promise.all(
      (['low', 'high', 'seven', 'red', 'black'] as const).map((market) =>
        table.placeBet(a, { market, stake: rupees(100) }),
      ),
    );
    expect(bets.map((b) => b.status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
    expect(wallet.model.balanceOf('tok-a')).toBe(1_000_000 - 50_000);
    await scheduler.advance(20_000);
    const [round] = table.history();
    const paid = round!.results.filter((r) => r.payout > 0);
    expect(paid.length).toBeGreaterThan(0);
    for (const r of round!.results) {
      const modelBet = wallet.model.bets.get(r.id)!;
      expect([...modelBet.wins.entries()]).toEqual(r.payout > 0 ? [[`${r.id}-W`, r.payout]] : []);
    }
    expect(wallet.model.balanceOf('tok-a')).toBe(1_000_000 - 50_000 + paid.reduce((s, r) => s + r.payout, 0));
    await stop(table, scheduler);
  });

  it('a bet taken by the wallet after the close still counts; a stake refused for funds is rolled back and refused', async () => {
    const { scheduler, wallet, table } = setup(dragonTiger);
    const a = player(wallet, 'a', rupees(150));
    table.start();
    await scheduler.advance(19_000);
    await table.placeBet(a, { market: 'tie', stake: rupees(100) });
    const short = await refusal(table.placeBet(a, { market: 'tie', stake: rupees(100) }));
    expect(short).toMatchObject({
      code: 'WALLET_REFUSED',
      walletError: { kind: 'insufficient-funds', balance: rupees(50) },
    });
    wallet.script.push('slow');
    const slow = table.placeBet(a, { market: 'dragon', stake: rupees(50) });
    await scheduler.advance(1_000);
    expect(table.current()!.phase).toBe('closed');
    await scheduler.advance(2_000);
    await expect(slow).resolves.toMatchObject({ status: 'accepted' });
    expect(table.current()!.phase).toBe('settled');
    expect(table.history()[0]!.results.map((r) => r.id)).toEqual(['T1-1-b1', 'T1-1-b3']);
    expect(wallet.model.tombstones.has('T1-1-b2')).toBe(true);
    await stop(table, scheduler);
  });

  it('an unknown outcome (the stake applied, its answer lost) refuses the bet and gives the stake back once', async () => {
    const { scheduler, wallet, table } = setup(teenPatti);
    const a = player(wallet, 'a', 1_000_000);
    table.start();
    wallet.script.push('answer-lost', 'lost', 'unavailable');
    const e = await refusal(table.placeBet(a, { market: 'playerA', stake: rupees(100) }));
    expect(e).toMatchObject({ code: 'WALLET_REFUSED', walletError: { kind: 'unknown-outcome' } });
    await scheduler.advance(20_000);
    expect(table.outbox.get('T1-1-b1-R')).toMatchObject({ state: 'done', attempts: 3 });
    expect(wallet.model.reversals.get('T1-1-b1')).toBe(1);
    expect(wallet.model.balanceOf('tok-a')).toBe(1_000_000);
    expect(table.history()[0]!.results).toEqual([]);
    await stop(table, scheduler);
  });

  it('every outcome is recomputable by verifyRound from the revealed seed; rotation waits for the round', async () => {
    const { scheduler, table } = setup(teenPatti, { historySize: 3 });
    table.start();
    const firstHash = table.publicSeeds().serverSeedHash;
    await scheduler.advance(25_000 * 2 + 10_000);
    expect(table.current()).toMatchObject({ number: 3, phase: 'betting' });
    const rotation = table.rotateSeeds('table-T1-v2');
    let revealedNow = false;
    void rotation.then(() => (revealedNow = true));
    await scheduler.advance(1_000);
    expect(revealedNow).toBe(false);
    await scheduler.advance(9_000);
    const revealed = await rotation;
    expect(revealed).toMatchObject({ serverSeedHash: firstHash, clientSeed: 'table-T1', noncesUsed: 3 });
    await scheduler.advance(5_000 + 25_000 * 2);
    expect(table.current()!.seeds).toMatchObject({ clientSeed: 'table-T1-v2' });
    const history = table.history();
    expect(history.map((r) => r.number)).toEqual([5, 4, 3]);
    const rotated = table.rotateSeeds('table-T1-v3');
    await scheduler.advance(20_000);
    await rotated;
    for (const round of history) {
      const pair = table.revealedSeeds().find((s) => s.serverSeedHash === round.seeds.serverSeedHash)!;
      expect(
        verifyRound(
          'teen-patti-2020',
          { ...round.seeds, serverSeed: pair.serverSeed },
          JSON.parse(JSON.stringify(round.outcome)),
        ).ok,
      ).toBe(true);
    }
    expect(history.map((r) => r.seeds.nonce)).toEqual([1, 0, 2]);
    await stop(table, scheduler);
  });

  it('rotateEachRound: each round has its own seed, revealed when it settles and not before; onChange hears every phase', async () => {
    const phases: string[] = [];
    const views: boolean[] = [];
    const { scheduler, table } = setup(lucky7, { historySize: 3 });
    const seen = new Table({
      tableId: 'T2',
      game: lucky7,
      wallet: new FakeWallet(scheduler),
      clientSeed: 'table-T2',
      scheduler,
      random: countingRandom(),
      rotateEachRound: true,
      revealedSize: 2,
      onChange: (round) => {
        phases.push(`${round.number}:${round.phase}`);
        // What a listener may see: on `settled` the round recorded and its seed revealed, never before.
        const revealed = seen.revealedSeeds().map((r) => r.serverSeedHash);
        views.push(
          round.phase === 'settled'
            ? seen.history()[0]!.roundId === round.roundId && revealed.at(-1) === round.seeds.serverSeedHash
            : !revealed.includes(round.seeds.serverSeedHash),
        );
        throw new Error('a faulty listener does not stop the round');
      },
    });
    seen.start();
    await scheduler.advance(25_000 * 3);
    expect(phases.slice(0, 5)).toEqual(['1:betting', '1:closed', '1:dealt', '1:settled', '2:betting']);
    expect(views.length).toBeGreaterThanOrEqual(12);
    expect(views.every(Boolean)).toBe(true);
    const history = seen.history();
    expect(history.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(new Set(history.map((r) => r.seeds.serverSeedHash)).size).toBe(3);
    expect(history.every((r) => r.seeds.nonce === 0 && r.seeds.clientSeed === 'table-T2')).toBe(true);
    // Two kept: rounds 2 and 3, each recomputable from its own seed.
    expect(seen.revealedSeeds()).toHaveLength(2);
    for (const round of history.slice(0, 2)) {
      const pair = seen.revealedSeeds().find((s) => s.serverSeedHash === round.seeds.serverSeedHash)!;
      expect(pair.noncesUsed).toBe(1);
      expect(verifyRound('lucky-7', { ...round.seeds, serverSeed: pair.serverSeed }, round.outcome).ok).toBe(
        true,
      );
    }
    await stop(seen, scheduler);
    await stop(table, scheduler);
  });
});

describe('a round’s money is right exactly once, whatever the wallet does', () => {
  const behaviourArb = fc.constantFrom<Behaviour>(
    'ok',
    'ok',
    'lost',
    'answer-lost',
    'late',
    'slow',
    'unavailable',
  );
  const betArb = fc.record({
    player: fc.integer({ min: 0, max: 2 }),
    market: fc.constantFrom('low', 'high', 'seven', 'red', 'black'),
    stake: fc.integer({ min: 10, max: 400 }).map(rupees),
    at: fc.integer({ min: 0, max: 19_999 }),
    round: fc.integer({ min: 0, max: 2 }),
  });

  it('each bet is either debited and settled, or rolled back (or never taken): never both, never twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(betArb, { maxLength: 12 }),
        fc.array(behaviourArb, { maxLength: 40 }),
        fc.array(fc.integer({ min: 100, max: 30_000 }), { minLength: 3, maxLength: 3 }),
        async (bets, behaviours, balances) => {
          const { scheduler, wallet, table } = setup(lucky7);
          wallet.script.push(...behaviours);
          const players = balances.map((b, i) => player(wallet, `p${i}`, rupees(b)));
          table.start();
          const placed: Promise<unknown>[] = [];
          for (let round = 0; round < 3; round += 1) {
            for (const bet of bets.filter((b) => b.round === round).sort((x, y) => x.at - y.at)) {
              scheduler.setTimer(() => {
                placed.push(
                  table
                    .placeBet(players[bet.player]!, { market: bet.market, stake: bet.stake })
                    .catch(() => undefined),
                );
              }, bet.at);
            }
            await scheduler.advance(25_000);
            // Calls still on their way land (or are refused), backoffs run out.
            await scheduler.advance(10_000);
          }
          await stop(table, scheduler);
          await Promise.all(placed);
          // The wallet heals: reconciliation finishes whatever is open.
          wallet.script.length = 0;
          await table.reconcile();
          expect(table.outbox.pending()).toEqual([]);
          expect(table.outbox.list().filter((w) => w.state === 'failed')).toEqual([]);

          const results = new Map(table.history().flatMap((r) => r.results.map((x) => [x.id, x] as const)));
          const expected = balances.map((b) => rupees(b) as number);
          for (const call of wallet.calls.filter((c) => c.call === 'bet')) {
            const id = call.transactionId;
            const debits = wallet.model.debits.get(id) ?? 0;
            const reversals = wallet.model.reversals.get(id) ?? 0;
            const modelBet = wallet.model.bets.get(id);
            expect(debits).toBeLessThanOrEqual(1);
            expect(reversals).toBeLessThanOrEqual(debits);
            const result = results.get(id);
            if (result) {
              // Accepted: debited once, never reversed, paid its payout exactly once.
              expect([debits, reversals]).toEqual([1, 0]);
              expect([...modelBet!.wins.values()]).toEqual(result.payout > 0 ? [result.payout] : []);
              const who = Number(modelBet!.playerId.slice(1));
              expected[who] = expected[who]! - result.stake + result.payout;
            } else {
              // Refused: either never taken (tombstoned), or taken and reversed once; never paid.
              expect(debits === 0 || reversals === 1).toBe(true);
              expect(modelBet?.wins.size ?? 0).toBe(0);
              expect(table.outbox.get(`${id}-R`)?.state).toBe('done');
            }
          }
          expect(balances.map((_, i) => wallet.model.balanceOf(`tok-p${i}`))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
