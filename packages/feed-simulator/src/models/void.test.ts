import { describe, expect, it } from 'vitest';
import type { ModelMarketView, SportModel } from '../model';
import { Rng } from '../prng';
import { CricketModel } from './cricket';
import { TennisModel } from './tennis';

const START = Date.UTC(2026, 10, 21, 14, 0);

function playOut(model: SportModel): ModelMarketView[] {
  let now = START - 60 * 60_000;
  const decided = new Map<string, ModelMarketView>();
  while (model.status() !== 'CLOSED' && now < START + 12 * 3_600_000) {
    now += 1000;
    model.advance(now);
    // Keep each market's first decision, as the engine does.
    for (const view of model.markets(now))
      if (view.result && !decided.has(view.key)) decided.set(view.key, view);
  }
  for (const view of model.markets(now)) if (!decided.has(view.key)) decided.set(view.key, view);
  return [...decided.values()];
}

function firstSeed<T>(make: (seed: number) => T, wanted: (model: T) => boolean): T {
  for (let seed = 1; seed < 5000; seed++) {
    const model = make(seed);
    if (wanted(model)) return model;
  }
  throw new Error('no seed found');
}

describe('void results', () => {
  it('cricket: rain voids match odds, bookmaker and the sessions not yet reached; settled ones stand', () => {
    const model = firstSeed(
      (seed) =>
        new CricketModel(
          {
            team1: { name: 'India', short: 'IND', rating: 90 },
            team2: { name: 'Australia', short: 'AUS', rating: 86 },
            startTime: START,
          },
          new Rng(seed),
        ),
      (m) => m.rainPlanned(),
    );
    const markets = playOut(model);
    expect(model.score()).toBe('Match abandoned (rain)');
    const byKey = new Map(markets.map((m) => [m.key, m]));
    expect(byKey.get('mo')?.result).toEqual({ kind: 'void', reason: 'Match abandoned (rain)' });
    expect(byKey.get('bm')?.result?.kind).toBe('void');
    expect(byKey.get('toss')?.result?.kind).toBe('winner');
    for (const m of markets) expect(m.result, m.key).toBeDefined();
    // The 20-over session of the first innings is never reached when rain falls in it, or it stands.
    const kinds = markets.filter((m) => m.type === 'FANCY').map((m) => m.result?.kind);
    expect(kinds).toContain('void');
  });

  it('tennis: a retirement before a set is complete voids the match; after one, the opponent wins', () => {
    const make = (seed: number) =>
      new TennisModel(
        { players: ['Sumit Nagal', 'Casper Ruud'], serve: [0.6, 0.64], bestOf: 3, startTime: START },
        new Rng(seed),
      );
    const early = firstSeed(make, (m) => (m.retirementPlanned() ?? Infinity) < 30);
    const earlyResult = playOut(early)[0]?.result;
    expect(earlyResult?.kind).toBe('void');
    const late = firstSeed(make, (m) => (m.retirementPlanned() ?? 0) > 120);
    const lateMarkets = playOut(late);
    expect(late.score()).toMatch(/ret\.$/);
    expect(lateMarkets[0]?.result?.kind).toBe('winner');
    const card = late.scoreCard(1, START + 12 * 3_600_000);
    expect(card.status).toBe('RETIRED');
  });
});
