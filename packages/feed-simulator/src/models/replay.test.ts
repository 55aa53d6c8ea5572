import { describe, expect, it } from 'vitest';
import type { SportModel } from '../model';
import { Rng } from '../prng';
import { CricketModel } from './cricket';
import { FootballModel } from './football';
import { HorseRaceModel } from './horse-racing';
import { KabaddiModel } from './kabaddi';
import { TennisModel } from './tennis';

const START = Date.UTC(2026, 10, 21, 14, 0);

type Make = (seed: number) => SportModel;

const makers: Record<string, Make> = {
  cricket: (seed) =>
    new CricketModel(
      {
        team1: { name: 'Chennai Super Kings', short: 'CSK', rating: 80 },
        team2: { name: 'Mumbai Indians', short: 'MI', rating: 82 },
        startTime: START,
      },
      new Rng(seed),
    ),
  football: (seed) =>
    new FootballModel(
      { home: 'FC Goa', away: 'Bengaluru FC', homeRate: 1.5, awayRate: 1.2, startTime: START },
      new Rng(seed),
    ),
  tennis: (seed) =>
    new TennisModel(
      { players: ['Jannik Sinner', 'Carlos Alcaraz'], serve: [0.7, 0.69], bestOf: 5, startTime: START },
      new Rng(seed),
    ),
  kabaddi: (seed) =>
    new KabaddiModel({ home: 'Patna Pirates', away: 'U Mumba', edge: 0.08, startTime: START }, new Rng(seed)),
  horseRacing: (seed) =>
    new HorseRaceModel(
      {
        course: 'Mahalaxmi',
        raceName: 'The Monsoon Plate (Class III)',
        distanceMetres: 1400,
        going: 'Good',
        startTime: START,
        runners: [
          'Sir Gallant',
          'Desert Knight',
          'Monsoon Magic',
          'Star Of Malabar',
          'Royal Sovereign',
          'Golden Aura',
          'Zuri',
        ].map((name, i) => ({ name, jockey: 'P. Trevor', rating: 60 + i * 4, weightKg: 55, draw: i + 1 })),
      },
      new Rng(seed),
    ),
};

/** Plays a match to its end in steps of `stepMs` and answers its final scorecard and results. */
function playOut(model: SportModel, stepMs: number): string {
  let now = START - 60 * 60_000;
  const limit = START + 12 * 3_600_000;
  while (model.status() !== 'CLOSED' && now < limit) {
    now += stepMs;
    model.advance(now);
  }
  const results = model.markets(now).map((m) => [m.key, m.result]);
  return JSON.stringify({
    status: model.status(),
    score: model.score(),
    card: model.scoreCard(1, now),
    results,
  });
}

describe('replaying a match', () => {
  for (const [sport, make] of Object.entries(makers)) {
    it(`${sport}: the same seed replays the same match, whatever the step size`, () => {
      const fine = playOut(make(2024), 1000);
      const coarse = playOut(make(2024), 17_000);
      expect(JSON.parse(fine).status).toBe('CLOSED');
      expect(coarse).toBe(fine);
      // A different seed is a different match (scores or results differ).
      const other = [2025, 2026, 2027].map((s) => playOut(make(s), 1000));
      expect(other.some((o) => o !== fine)).toBe(true);
    });
  }

  it('cricket: every market of a finished match has a result', () => {
    const model = makers.cricket?.(77) as SportModel;
    const out = JSON.parse(playOut(model, 1000)) as { results: [string, unknown][] };
    expect(out.results.length).toBeGreaterThan(5);
    for (const [key, result] of out.results) expect(result, key).toBeDefined();
  });
});
