import type { FeedSport } from '@backlay/market-feed';
import {
  ATP,
  EUROPEAN_LEAGUES,
  GOINGS,
  HORSE_NAMES,
  IPL,
  ISL,
  JOCKEYS,
  PRO_KABADDI,
  RACE_COURSES,
  RACE_NAMES,
  T20I,
  TENNIS_TOURNAMENTS,
  WTA,
  type Player,
  type Team,
} from './catalogue';
import type { FixtureInfo } from './engine';
import type { SportModel } from './model';
import { CricketModel } from './models/cricket';
import { FootballModel } from './models/football';
import { HorseRaceModel } from './models/horse-racing';
import { KabaddiModel } from './models/kabaddi';
import { TennisModel } from './models/tennis';
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

function cricket(rng: Rng, eventId: number, startTime: number): NewFixture {
  const ipl = rng.chance(0.7);
  const [home, away] = pairOf(rng, ipl ? IPL : T20I);
  return {
    info: {
      eventId,
      sport: 'cricket',
      title: `${home.name} v ${away.name}`,
      competition: ipl ? 'Indian Premier League' : 'T20 International',
      venue: home.venue,
      team1: home.name,
      team2: away.name,
      startTime,
    },
    model: new CricketModel({ team1: home, team2: away, startTime }, rng.fork('match')),
    liquidity: ipl ? 150_000 : 80_000,
  };
}

function tennis(rng: Rng, eventId: number, startTime: number): NewFixture {
  const tournament = rng.pick(TENNIS_TOURNAMENTS);
  const [a, b] = rng.sample(tournament.tour === 'ATP' ? ATP : WTA, 2) as [Player, Player];
  return {
    info: {
      eventId,
      sport: 'tennis',
      title: `${a.name} v ${b.name}`,
      competition: tournament.name,
      venue: tournament.venue,
      team1: a.name,
      team2: b.name,
      startTime,
    },
    model: new TennisModel(
      { players: [a.name, b.name], serve: [a.serve, b.serve], bestOf: tournament.bestOf, startTime },
      rng.fork('match'),
    ),
    liquidity: 20_000,
  };
}

function kabaddi(rng: Rng, eventId: number, startTime: number): NewFixture {
  const [home, away] = pairOf(rng, PRO_KABADDI);
  return {
    info: {
      eventId,
      sport: 'kabaddi',
      title: `${home.name} v ${away.name}`,
      competition: 'Pro Kabaddi League',
      venue: home.venue,
      team1: home.name,
      team2: away.name,
      startTime,
    },
    model: new KabaddiModel(
      { home: home.name, away: away.name, edge: (home.rating - away.rating) / 50, startTime },
      rng.fork('match'),
    ),
    liquidity: 5_000,
  };
}

const IST_OFFSET_MS = 330 * 60_000;

function horseRacing(rng: Rng, eventId: number, startTime: number): NewFixture {
  const course = rng.pick(RACE_COURSES);
  const count = rng.int(7, 12);
  const names = rng.sample(HORSE_NAMES, count);
  const jockeys = rng.sample(JOCKEYS, Math.min(count, JOCKEYS.length));
  const draws = rng.sample(
    Array.from({ length: count }, (_, i) => i + 1),
    count,
  );
  const runners = names.map((name, i) => ({
    name,
    jockey: jockeys[i % jockeys.length] as string,
    rating: rng.int(50, 90),
    weightKg: rng.int(100, 120) / 2,
    draw: draws[i] as number,
  }));
  const distanceMetres = rng.pick([1000, 1100, 1200, 1400, 1600, 1800, 2000, 2400]);
  const raceName = `${rng.pick(RACE_NAMES)} (Class ${rng.pick(['I', 'II', 'III', 'IV', 'V'])})`;
  // Indian cards are read in IST.
  const off = new Date(startTime + IST_OFFSET_MS).toISOString().slice(11, 16);
  return {
    info: {
      eventId,
      sport: 'horseRacing',
      title: `${off} ${course.name}`,
      competition: `${course.name} (IND)`,
      venue: `${course.name}, ${course.city}`,
      startTime,
    },
    model: new HorseRaceModel(
      { course: course.name, raceName, distanceMetres, going: rng.pick(GOINGS), runners, startTime },
      rng.fork('race'),
    ),
    liquidity: 15_000,
  };
}

export const FIXTURE_FACTORIES: Record<
  FeedSport,
  (rng: Rng, eventId: number, startTime: number) => NewFixture
> = {
  football,
  cricket,
  tennis,
  kabaddi,
  horseRacing,
};
