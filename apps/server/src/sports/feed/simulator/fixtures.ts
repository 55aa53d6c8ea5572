import type { FeedSport } from '../adapter';
import { EUROPEAN_LEAGUES, ISL, type Team } from './catalogue';
import type { FixtureInfo } from './engine';
import type { SportModel } from './model';
import { FootballModel } from './models/football';
import type { Rng } from './prng';

/** A new fixture: its listing, its game model and how much money its books show. */
export interface NewFixture {
  info: FixtureInfo;
  model: SportModel;
  liquidity: number;
}

export interface SportSchedule {
  /** Fixtures already under way when the simulator starts. */
  inPlay: number;
  /** Fixtures kept waiting to start; a new one is scheduled as each one starts. */
  upcoming: number;
  /** Typical gap between two start times, ms. */
  spacingMs: number;
  /** Typical length, ms: how far back an in-play fixture at start-up may have begun. */
  typicalDurationMs: number;
}

const MINUTE = 60_000;

export const DEFAULT_SCHEDULE: Record<FeedSport, SportSchedule> = {
  cricket: { inPlay: 2, upcoming: 4, spacingMs: 80 * MINUTE, typicalDurationMs: 190 * MINUTE },
  football: { inPlay: 3, upcoming: 6, spacingMs: 25 * MINUTE, typicalDurationMs: 110 * MINUTE },
  tennis: { inPlay: 3, upcoming: 5, spacingMs: 30 * MINUTE, typicalDurationMs: 100 * MINUTE },
  kabaddi: { inPlay: 1, upcoming: 3, spacingMs: 55 * MINUTE, typicalDurationMs: 50 * MINUTE },
  horseRacing: { inPlay: 0, upcoming: 6, spacingMs: 20 * MINUTE, typicalDurationMs: 3 * MINUTE },
};

function pairOf(rng: Rng, teams: readonly Team[]): [Team, Team] {
  const [a, b] = rng.sample(teams, 2);
  return [a as Team, b as Team];
}

function football(rng: Rng, eventId: number, startTime: number): NewFixture {
  const european = rng.chance(0.6);
  const league = european ? rng.pick(EUROPEAN_LEAGUES) : { competition: 'Indian Super League', teams: ISL };
  const [home, away] = pairOf(rng, league.teams);
  const diff = (home.rating - away.rating) / 40;
  const model = new FootballModel(
    {
      home: home.name,
      away: away.name,
      homeRate: 1.45 * Math.exp(diff),
      awayRate: 1.15 * Math.exp(-diff),
      startTime,
    },
    rng.fork('match'),
  );
  return {
    info: {
      eventId,
      sport: 'football',
      title: `${home.name} v ${away.name}`,
      competition: league.competition,
      venue: home.venue,
      team1: home.name,
      team2: away.name,
      startTime,
    },
    model,
    liquidity: european ? 40_000 : 8_000,
  };
}

export const FIXTURE_FACTORIES: Partial<
  Record<FeedSport, (rng: Rng, eventId: number, startTime: number) => NewFixture>
> = {
  football,
};
