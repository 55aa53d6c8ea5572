import { describe, expect, it } from 'vitest';
import { Rng } from '../prng';
import {
  BALLS,
  ChaseTable,
  OUTCOMES,
  RUNS,
  ballProbabilities,
  inningsTables,
  tableAt,
  type Outcome,
} from './cricket-maths';
import { FootballModel } from './football';
import { TennisModel } from './tennis';

/*
 * The prices are meant to be the true chances of the game the simulator plays. These tests play the
 * games many times (seeded, so the figures are fixed) and compare with what the pricing says.
 */

const START = Date.UTC(2026, 10, 21, 14, 0);

/** Plays the rest of an innings; answers the runs added, and whether `need` was reached (or tied). */
function playInnings(rng: Rng, edge: number, ball: number, wickets: number, need = Infinity, stopAt = BALLS) {
  let runs = 0;
  let b = ball;
  let w = wickets;
  while (b < stopAt && w < 10 && runs < need) {
    const p = ballProbabilities(b, w, edge);
    const o = OUTCOMES[rng.weighted(OUTCOMES.map((x) => p[x]))] as Outcome;
    runs += RUNS[o];
    if (o === 'W') w += 1;
    if (o !== 'wd' && o !== 'nb') b += 1;
  }
  return runs;
}

describe('cricket pricing matches the cricket played', () => {
  const edge = 0.05;
  const tables = inningsTables(edge, [36, 60]);

  it('expected totals, their spread and session means', () => {
    const rng = new Rng(1);
    const totals: number[] = [];
    const sixOvers: number[] = [];
    for (let i = 0; i < 3000; i++) {
      totals.push(playInnings(rng, edge, 0, 0));
      sixOvers.push(playInnings(rng, edge, 0, 0, Infinity, 36));
    }
    const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
    const sd = Math.sqrt(totals.reduce((a, b) => a + (b - mean) ** 2, 0) / totals.length);
    expect(Math.abs(mean - tableAt(tables.mean, 0, 0))).toBeLessThan(1.5);
    expect(Math.abs(sd / Math.sqrt(tableAt(tables.variance, 0, 0)) - 1)).toBeLessThan(0.08);
    const six = sixOvers.reduce((a, b) => a + b, 0) / sixOvers.length;
    expect(Math.abs(six - tableAt(tables.sessionMean.get(36) as Float64Array, 0, 0))).toBeLessThan(1);
    // A T20 first innings of about 150–180 with a spread of about 20–30.
    expect(mean).toBeGreaterThan(150);
    expect(mean).toBeLessThan(185);
  });

  it('the chance of a chase from the middle of one', () => {
    const chase = new ChaseTable(edge);
    const rng = new Rng(2);
    let won = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const runs = playInnings(rng, edge, 60, 3, 80);
      won += runs >= 80 ? 1 : runs === 79 ? 0.5 : 0;
    }
    expect(Math.abs(won / n - chase.winChance(60, 3, 80))).toBeLessThan(0.025);
  });
});

describe('tennis and football pricing match the matches played', () => {
  it('tennis: the pre-match chance is the share of matches won', () => {
    const make = (seed: number) =>
      new TennisModel(
        { players: ['Jannik Sinner', 'Daniil Medvedev'], serve: [0.7, 0.65], bestOf: 3, startTime: START },
        new Rng(seed),
      );
    const priced = make(0).markets(START - 1)[0]?.probabilities?.[0] as number;
    let won = 0;
    const n = 600;
    for (let seed = 1; seed <= n; seed++) {
      const m = make(seed);
      let now = START;
      while (m.status() !== 'CLOSED') m.advance((now += 3_600_000));
      const result = m.markets(now)[0]?.result;
      if (result?.kind === 'winner' && result.runnerKey === 'p1') won += 1;
      if (result?.kind === 'void') won += priced; // an early retirement says nothing either way
    }
    expect(priced).toBeGreaterThan(0.6);
    expect(Math.abs(won / n - priced)).toBeLessThan(0.05);
  });

  it('football: the pre-match chances are the shares of home wins, draws and away wins', () => {
    const make = (seed: number) =>
      new FootballModel(
        { home: 'Arsenal', away: 'Chelsea', homeRate: 1.6, awayRate: 1.1, startTime: START },
        new Rng(seed),
      );
    const priced = make(0).markets(START - 1)[0]?.probabilities as number[];
    const counts = { home: 0, away: 0, draw: 0 };
    const n = 1500;
    for (let seed = 1; seed <= n; seed++) {
      const m = make(seed);
      m.advance(START + 4 * 3_600_000);
      const result = m.markets(START + 4 * 3_600_000)[0]?.result;
      if (result?.kind === 'winner') counts[result.runnerKey as keyof typeof counts] += 1;
    }
    expect(Math.abs(counts.home / n - (priced[0] as number))).toBeLessThan(0.04);
    expect(Math.abs(counts.away / n - (priced[1] as number))).toBeLessThan(0.04);
    expect(Math.abs(counts.draw / n - (priced[2] as number))).toBeLessThan(0.04);
  });
});
