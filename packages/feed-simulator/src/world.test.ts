import type { CricketScoreCard, FootballScoreCard, MarketResult } from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import {
  ManualClock,
  marketProblems,
  type FeedEvent,
  type FeedMarket,
  type FeedSport,
} from '@backlay/market-feed';
import { SimulatedFeed, type WorldCheckpoint } from './world';

const START = Date.UTC(2026, 10, 21, 14, 0);
const HOUR = 3_600_000;
const ALL: FeedSport[] = ['cricket', 'football', 'tennis', 'kabaddi', 'horseRacing'];

function only(sport: FeedSport, schedule: { inPlay: number; upcoming: number }) {
  return Object.fromEntries(ALL.map((s) => [s, s === sport ? schedule : null]));
}

interface Run {
  feed: SimulatedFeed;
  events: FeedEvent[];
  problems: string[];
  closed: Map<string, MarketResult>;
  marketsOfEvent: Map<number, Set<string>>;
  finished: number[];
}

/**
 * Plays a world and checks every change as it happens: invariants of each quote, event versions that
 * rise by exactly one, market versions equal to the change's, nothing changing after it closed.
 */
function play(
  sport: FeedSport,
  hours: number,
  schedule: { inPlay: number; upcoming: number },
  seed = 11,
  extra?: (run: Run, event: FeedEvent) => void,
): Run {
  const clock = new ManualClock(START);
  const feed = new SimulatedFeed({ clock, seed, sports: only(sport, schedule), eventIdBase: 5_000_000 });
  const run: Run = {
    feed,
    events: [],
    problems: [],
    closed: new Map(),
    marketsOfEvent: new Map(),
    finished: [],
  };
  const versions = new Map<number, number>();
  const note = (eventId: number, markets: readonly FeedMarket[]) => {
    const set = run.marketsOfEvent.get(eventId) ?? new Set<string>();
    for (const m of markets) set.add(m.id);
    run.marketsOfEvent.set(eventId, set);
  };
  for (const f of feed.fixtures()) {
    const odds = feed.odds(f.eventId);
    if (!odds) continue;
    versions.set(f.eventId, odds.version);
    note(f.eventId, odds.markets);
    for (const m of odds.markets) run.problems.push(...marketProblems(m));
  }
  feed.subscribe((event) => {
    run.events.push(event);
    if (event.type === 'fixtureAdded') {
      const odds = feed.odds(event.fixture.eventId);
      versions.set(event.fixture.eventId, odds?.version ?? 0);
      note(event.fixture.eventId, odds?.markets ?? []);
    }
    if (event.type === 'oddsChanged') {
      const held = versions.get(event.eventId);
      if (event.prevVersion !== held || event.version !== event.prevVersion + 1) {
        run.problems.push(
          `event ${event.eventId}: version ${event.prevVersion}→${event.version}, held ${held}`,
        );
      }
      versions.set(event.eventId, event.version);
      note(event.eventId, event.markets);
      for (const m of event.markets) {
        if (m.version !== event.version)
          run.problems.push(`${m.id}: version ${m.version} in change ${event.version}`);
        if (run.closed.has(m.id)) run.problems.push(`${m.id}: changed after closing`);
        run.problems.push(...marketProblems(m));
        if (m.status === 'CLOSED' && m.result) run.closed.set(m.id, m.result);
      }
    }
    if (event.type === 'fixtureFinished') {
      run.finished.push(event.eventId);
      for (const id of run.marketsOfEvent.get(event.eventId) ?? []) {
        const market = feed.market(id);
        if (market && market.status !== 'CLOSED') run.problems.push(`${id}: open after its event finished`);
      }
    }
    extra?.(run, event);
  });
  // Uneven chunks on purpose: the result must not depend on how time is handed over.
  let left = hours * HOUR;
  let chunk = 1000;
  while (left > 0) {
    const step = Math.min(left, chunk);
    clock.advance(step);
    feed.advanceTo(clock.now());
    left -= step;
    chunk = chunk >= 600_000 ? 1000 : chunk * 3;
  }
  return run;
}

function resultKinds(run: Run): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const r of run.closed.values()) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  return kinds;
}

// Long simulated runs: generous timeouts for a shared, busy machine.
describe('SimulatedFeed determinism', { timeout: 120_000 }, () => {
  it('plays the same world twice from the same seed and start, however time is handed over', () => {
    const a = new SimulatedFeed({ clock: new ManualClock(START), seed: 99, eventIdBase: 1_000 });
    const b = new SimulatedFeed({ clock: new ManualClock(START), seed: 99, eventIdBase: 1_000 });
    const seenA: FeedEvent[] = [];
    const seenB: FeedEvent[] = [];
    a.subscribe((e) => seenA.push(e));
    b.subscribe((e) => seenB.push(e));
    a.advanceTo(START + 10 * 60_000);
    for (let t = START; t < START + 10 * 60_000; t += 7_300) b.advanceTo(t);
    b.advanceTo(START + 10 * 60_000);
    expect(seenA.length).toBeGreaterThan(1000);
    expect(JSON.stringify(seenB)).toBe(JSON.stringify(seenA));
    expect(JSON.stringify(b.state())).toBe(JSON.stringify(a.state()));
  });

  it('plays a different world from another seed', () => {
    const a = new SimulatedFeed({ clock: new ManualClock(START), seed: 1, eventIdBase: 1_000 });
    const b = new SimulatedFeed({ clock: new ManualClock(START), seed: 2, eventIdBase: 1_000 });
    expect(a.fixtures().map((f) => f.title)).not.toEqual(b.fixtures().map((f) => f.title));
  });

  it('derives event ids from the start time unless told, so a restart does not reuse them', () => {
    const a = new SimulatedFeed({ clock: new ManualClock(START), seed: 1 });
    const b = new SimulatedFeed({ clock: new ManualClock(START + 60_000), seed: 1 });
    const idsA = new Set(a.fixtures().map((f) => f.eventId));
    expect(b.fixtures().some((f) => idsA.has(f.eventId))).toBe(false);
    expect(Math.max(...idsA)).toBeLessThan(2 ** 31);
  });
});

describe('SimulatedFeed resumed from a checkpoint (a restarted server)', { timeout: 120_000 }, () => {
  /** Through JSON, as the database keeps it. */
  const stored = (checkpoint: WorldCheckpoint): WorldCheckpoint =>
    JSON.parse(JSON.stringify(checkpoint)) as WorldCheckpoint;
  // A smaller world than the default, with fancy markets (cricket) and quick turnover (races).
  const sports = {
    cricket: { inPlay: 1, upcoming: 2 },
    football: { inPlay: 1, upcoming: 2 },
    tennis: null,
    kabaddi: null,
    horseRacing: { inPlay: 0, upcoming: 2 },
  };

  it('rebuilds the same world, ids and all, and plays on exactly as the run that saved it', () => {
    const clock = new ManualClock(START);
    const first = new SimulatedFeed({ clock, seed: 31, sports, eventIdBase: 2_000 });
    const checkpoints: WorldCheckpoint[] = [];
    first.onCheckpoint((c) => checkpoints.push(stored(c)));
    first.advanceTo(START + 1.5 * HOUR);
    // The world changed (fixtures started, finished, left): each change gave a checkpoint.
    expect(checkpoints.length).toBeGreaterThan(5);
    const last = checkpoints.at(-1) as WorldCheckpoint;
    expect(last.at).toBeLessThan(START + 1.5 * HOUR);

    // The process dies at 1.5 h; its successor starts from the last checkpoint and plays on to the
    // same time, then both play on for 45 minutes.
    const second = new SimulatedFeed({ clock, seed: 31, sports, resume: last });
    expect(second.now()).toBe(last.at);
    second.advanceTo(START + 1.5 * HOUR);
    expect(JSON.stringify(second.state())).toBe(JSON.stringify(first.state()));
    const seenFirst: FeedEvent[] = [];
    const seenSecond: FeedEvent[] = [];
    first.subscribe((e) => seenFirst.push(e));
    second.subscribe((e) => seenSecond.push(e));
    first.advanceTo(START + 2.25 * HOUR);
    second.advanceTo(START + 2.25 * HOUR);
    expect(seenFirst.some((e) => e.type === 'marketClosed')).toBe(true);
    expect(JSON.stringify(seenSecond)).toBe(JSON.stringify(seenFirst));
    expect(JSON.stringify(second.checkpoint())).toBe(JSON.stringify(first.checkpoint()));

    // A checkpoint taken between changes resumes as well; every listed market is known again.
    const now = stored(first.checkpoint());
    const third = new SimulatedFeed({ clock, seed: 31, sports, resume: now });
    expect(JSON.stringify(third.state())).toBe(JSON.stringify(first.state()));
    for (const odds of first.state().odds) {
      for (const market of odds.markets) expect(third.market(market.id)).toEqual(market);
    }
  });

  it('replays a coarse step the saved run took, and takes its own only past where that run played', () => {
    const clock = new ManualClock(START);
    const first = new SimulatedFeed({ clock, seed: 32, sports, eventIdBase: 3_000 });
    let last = stored(first.checkpoint());
    first.onCheckpoint((c) => (last = stored(c)));
    // The process slept 5 hours: one coarse step, which is a checkpoint of its own.
    first.catchUp(START + 5 * HOUR);
    expect(last.jumps).toEqual([[START, START + 5 * HOUR - 1000]]);
    first.advanceTo(START + 5 * HOUR + 20 * 60_000);
    const diedAt = first.now();

    // Resumed long after it died: up to where it played, step by step; then one coarse step.
    const second = new SimulatedFeed({ clock, seed: 32, sports, resume: last, fineUntil: diedAt });
    const checkpoints: WorldCheckpoint[] = [];
    second.onCheckpoint((c) => checkpoints.push(c));
    second.catchUp(diedAt + 2 * HOUR);
    expect(second.now()).toBe(diedAt + 2 * HOUR);
    expect(checkpoints.at(-1)?.jumps).toContainEqual([diedAt, diedAt + 2 * HOUR - 1000]);
    const replayed = new SimulatedFeed({ clock, seed: 32, sports, resume: last });
    replayed.advanceTo(diedAt);
    first.advanceTo(diedAt);
    expect(JSON.stringify(replayed.state())).toBe(JSON.stringify(first.state()));
  });

  it('refuses a checkpoint of another world', () => {
    const clock = new ManualClock(START);
    const checkpoint = new SimulatedFeed({ clock, seed: 33, eventIdBase: 4_000 }).checkpoint();
    expect(() => new SimulatedFeed({ clock, seed: 34, resume: checkpoint })).toThrow(/seed 33/);
    expect(() => new SimulatedFeed({ clock, seed: 33, stepMs: 500, resume: checkpoint })).toThrow(/step/);
  });
});

describe('SimulatedFeed catching up', () => {
  it('crosses a long sleep in one coarse step and carries on with sound markets', () => {
    const feed = new SimulatedFeed({ clock: new ManualClock(START), seed: 8, eventIdBase: 1_000 });
    const problems: string[] = [];
    feed.subscribe((e) => {
      if (e.type === 'oddsChanged') for (const m of e.markets) problems.push(...marketProblems(m));
    });
    const steps = feed.catchUp(START + 6 * HOUR + 500);
    expect(steps).toBe(2);
    expect(feed.now()).toBe(START + 6 * HOUR);
    expect(feed.advanceBy(60_000)).toBe(60);
    expect(problems).toEqual([]);
    expect(feed.fixtures().some((f) => f.status === 'IN_PLAY')).toBe(true);
  });

  it('after a long gap has as many games in play as a fresh world, each with an open match book', () => {
    const clock = new ManualClock(START);
    const fresh = new SimulatedFeed({ clock, seed: 9, eventIdBase: 5_000 });
    const playing = (feed: SimulatedFeed, sport: string) =>
      feed.fixtures().filter((f) => f.sport === sport && f.status === 'IN_PLAY');
    const expected = Object.fromEntries(
      ['cricket', 'football', 'tennis', 'kabaddi'].map((sport) => [sport, playing(fresh, sport).length]),
    );
    expect(expected.cricket).toBeGreaterThan(0);
    // The feed owner was down for five hours: every game of before has ended.
    const resumed = new SimulatedFeed({ clock, seed: 9, resume: fresh.checkpoint(), fineUntil: START });
    resumed.catchUp(START + 5 * HOUR);
    resumed.advanceBy(60_000);
    for (const [sport, count] of Object.entries(expected)) {
      expect(playing(resumed, sport), sport).toHaveLength(count);
    }
    const cricket = playing(resumed, 'cricket').map((f) => resumed.odds(f.eventId));
    expect(cricket.some((o) => o?.markets.some((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN'))).toBe(
      true,
    );
  });
});

describe('SimulatedFeed fixtures', () => {
  it('lists every sport with some events in play and some upcoming, with credible names', () => {
    const feed = new SimulatedFeed({ clock: new ManualClock(START), seed: 5 });
    const fixtures = feed.fixtures();
    for (const sport of ALL) expect(fixtures.some((f) => f.sport === sport)).toBe(true);
    for (const sport of ['cricket', 'football', 'tennis'] as const) {
      expect(fixtures.some((f) => f.sport === sport && f.status === 'IN_PLAY')).toBe(true);
      expect(fixtures.some((f) => f.sport === sport && f.status === 'UPCOMING')).toBe(true);
    }
    for (const f of fixtures) {
      expect(f.title.length).toBeGreaterThan(3);
      expect(f.competition.length).toBeGreaterThan(2);
      if (f.status === 'IN_PLAY') expect(f.score).toBeTruthy();
      expect(feed.odds(f.eventId)?.markets.length).toBeGreaterThan(0);
      expect(feed.scoreCard(f.eventId)?.eventId).toBe(f.eventId);
    }
  });
});

describe(
  'SimulatedFeed long runs: invariants on every change, events finish, markets close',
  { timeout: 120_000 },
  () => {
    it('football: goals suspend the markets, over/under closes when decided, matches finish with a winner', () => {
      const goals = new Map<number, { at: number; count: number }>();
      const problems: string[] = [];
      let goalChecks = 0;
      const run = play('football', 5, { inPlay: 2, upcoming: 3 }, 11, (r, event) => {
        if (event.type === 'scoreCard' && event.scoreCard.sport === 'football') {
          const card = event.scoreCard as FootballScoreCard;
          const count = card.homeGoals + card.awayGoals;
          const before = goals.get(event.eventId)?.count ?? count;
          if (count > before) {
            goalChecks += 1;
            for (const m of r.feed.odds(event.eventId)?.markets ?? []) {
              if (m.status !== 'SUSPENDED') problems.push(`${m.name} ${m.status} at a goal`);
            }
            goals.set(event.eventId, { at: event.at, count });
          } else if (!goals.has(event.eventId)) goals.set(event.eventId, { at: -Infinity, count });
        }
        if (event.type === 'oddsChanged') {
          const goal = goals.get(event.eventId);
          if (goal && event.at >= goal.at && event.at < goal.at + 40_000) {
            for (const m of event.markets)
              if (m.status === 'OPEN') problems.push(`${m.name} open ${event.at - goal.at} ms after a goal`);
          }
          for (const m of event.markets) {
            if (m.type === 'MATCH_ODDS' && m.inPlay && m.status !== 'CLOSED' && m.betDelayMs !== 5000)
              problems.push('delay');
          }
        }
      });
      expect(run.problems).toEqual([]);
      expect(problems).toEqual([]);
      expect(goalChecks).toBeGreaterThan(3);
      expect(run.finished.length).toBeGreaterThanOrEqual(2);
      const kinds = resultKinds(run);
      expect(kinds.winner).toBeGreaterThan(4);
      const overUnder = [...run.closed.keys()].filter((id) => run.feed.market(id)?.type === 'OVER_UNDER');
      expect(overUnder.length).toBeGreaterThan(3);
      expect(run.events.some((e) => e.type === 'fixtureAdded')).toBe(true);
    });

    it('cricket: wickets suspend, balls run, sessions settle on runs, fancy lines follow the score', () => {
      const wickets = new Map<number, { at: number; count: number }>();
      const samples = new Map<string, { runs: number; balls: number; line: number }[]>();
      const problems: string[] = [];
      let wicketChecks = 0;
      let ballRunning = 0;
      const run = play('cricket', 9, { inPlay: 1, upcoming: 2 }, 12, (r, event) => {
        if (event.type === 'scoreCard' && event.scoreCard.sport === 'cricket') {
          const card = event.scoreCard as CricketScoreCard;
          const count = card.innings.reduce((s, i) => s + i.wickets, 0);
          // A match already under way when the run starts has wickets from before: only count new ones.
          const before = wickets.get(event.eventId)?.count ?? count;
          if (count > before && card.phase.startsWith('INNINGS_') && card.phase !== 'INNINGS_BREAK') {
            wicketChecks += 1;
            for (const m of r.feed.odds(event.eventId)?.markets ?? []) {
              if (m.status !== 'SUSPENDED') problems.push(`${m.name} ${m.status} at a wicket`);
            }
          }
          wickets.set(event.eventId, {
            at: count > before ? event.at : (wickets.get(event.eventId)?.at ?? -Infinity),
            count,
          });
        }
        if (event.type === 'marketStatus' && event.status === 'BALL_RUNNING') {
          const m = r.feed.market(event.marketId);
          if (m?.type === 'MATCH_ODDS') problems.push('match odds ball running');
          ballRunning += 1;
        }
        if (event.type === 'oddsChanged') {
          const w = wickets.get(event.eventId);
          const card = r.feed.scoreCard(event.eventId) as CricketScoreCard | undefined;
          const last = card?.innings[card.innings.length - 1];
          const now =
            last && card ? { runs: last.runs, balls: last.balls, innings: card.innings.length } : undefined;
          for (const m of event.markets) {
            if (w && event.at >= w.at && event.at < w.at + 25_000 && m.status === 'OPEN') {
              problems.push(`${m.name} open ${event.at - w.at} ms after a wicket`);
            }
            if (m.inPlay && m.status !== 'CLOSED') {
              const expected = m.type === 'MATCH_ODDS' ? 5000 : 0;
              if (m.betDelayMs !== expected) problems.push(`${m.type} delay ${m.betDelayMs}`);
            }
            if (
              m.type === 'FANCY' &&
              m.status === 'OPEN' &&
              now &&
              m.name.startsWith('20 over') &&
              now.innings === 1
            ) {
              if (m.noLine <= now.runs) problems.push(`${m.name}: line ${m.noLine} at ${now.runs} runs`);
              const list = samples.get(m.id) ?? [];
              list.push({ runs: now.runs, balls: now.balls, line: m.noLine });
              samples.set(m.id, list);
            }
          }
        }
      });
      expect(run.problems).toEqual([]);
      expect(problems).toEqual([]);
      expect(wicketChecks).toBeGreaterThan(5);
      expect(ballRunning).toBeGreaterThan(100);
      expect(run.finished.length).toBeGreaterThanOrEqual(2);
      const kinds = resultKinds(run);
      expect(kinds.winner).toBeGreaterThanOrEqual(4);
      expect(kinds.runs).toBeGreaterThan(10);
      // Lines follow the score: between consecutive quotes a ball apart, more runs means a higher line.
      const dRuns: number[] = [];
      const dLine: number[] = [];
      for (const list of samples.values()) {
        for (let i = 1; i < list.length; i++) {
          const a = list[i - 1] as (typeof list)[number];
          const b = list[i] as (typeof list)[number];
          if (b.balls - a.balls === 1) {
            dRuns.push(b.runs - a.runs);
            dLine.push(b.line - a.line);
          }
        }
      }
      expect(dRuns.length).toBeGreaterThan(30);
      expect(correlation(dRuns, dLine)).toBeGreaterThan(0.6);
    });

    it('tennis: points move the prices, matches finish (or are void on an early retirement)', () => {
      const run = play('tennis', 6, { inPlay: 2, upcoming: 3 }, 13, (_r, event) => {
        if (event.type === 'oddsChanged') {
          for (const m of event.markets)
            if (m.inPlay && m.status !== 'CLOSED') expect(m.betDelayMs).toBe(3000);
        }
      });
      expect(run.problems).toEqual([]);
      expect(run.finished.length).toBeGreaterThanOrEqual(3);
      expect((resultKinds(run).winner ?? 0) + (resultKinds(run).void ?? 0)).toBe(run.closed.size);
    });

    it('kabaddi: raids score, matches finish with home, away or a tie', () => {
      const run = play('kabaddi', 4, { inPlay: 1, upcoming: 2 }, 14);
      expect(run.problems).toEqual([]);
      expect(run.finished.length).toBeGreaterThanOrEqual(2);
      expect(resultKinds(run).winner).toBe(run.closed.size);
    });

    it('horse racing: countdown, the race, a winner; non-runners leave the book', () => {
      const run = play('horseRacing', 4, { inPlay: 0, upcoming: 6 }, 15);
      expect(run.problems).toEqual([]);
      expect(run.finished.length).toBeGreaterThanOrEqual(6);
      expect(resultKinds(run).winner).toBe(run.closed.size);
      const live = run.events.filter((e) => e.type === 'fixtureUpdated' && e.fixture.status === 'IN_PLAY');
      expect(live.length).toBeGreaterThan(0);
    });
  },
);

function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('SimulatedFeed closing a market from outside', () => {
  it('sends it once, CLOSED with the given result, and never again as the match plays to its end', () => {
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({
      clock,
      seed: 21,
      sports: only('football', { inPlay: 1, upcoming: 0 }),
      eventIdBase: 6_000_000,
    });
    const fixture = feed.fixtures().find((f) => f.status === 'IN_PLAY');
    const before = fixture && feed.odds(fixture.eventId);
    const market = before?.markets.find((m) => m.type === 'MATCH_ODDS');
    if (!fixture || !before || !market) throw new Error('no match odds in play');
    const events: FeedEvent[] = [];
    feed.subscribe((e) => events.push(e));
    const result: MarketResult = { kind: 'void', reason: 'Voided by the operator' };

    expect(feed.closeMarket(market.id, result)).toBe(true);
    const version = before.version + 1;
    expect(events).toEqual([
      {
        type: 'oddsChanged',
        at: feed.now(),
        eventId: fixture.eventId,
        version,
        prevVersion: before.version,
        markets: [expect.objectContaining({ id: market.id, status: 'CLOSED', result, version })],
      },
    ]);
    const closed = events[0]?.type === 'oddsChanged' ? events[0].markets[0] : undefined;
    expect(closed && marketProblems(closed)).toEqual([]);
    expect(feed.odds(fixture.eventId)?.version).toBe(version);
    expect(feed.odds(fixture.eventId)?.markets.map((m) => m.id)).not.toContain(market.id);
    expect(feed.market(market.id)).toMatchObject({ status: 'CLOSED', result });
    expect(feed.closeMarket(market.id, { kind: 'winner', runnerId: 1 })).toBe(false);
    expect(feed.closeMarket('no-such-market', result)).toBe(false);

    for (let i = 0; i < 4 * 60 && !events.some((e) => e.type === 'fixtureFinished'); i++) {
      clock.advance(60_000);
      feed.advanceTo(clock.now());
    }
    expect(events.some((e) => e.type === 'fixtureFinished' && e.eventId === fixture.eventId)).toBe(true);
    // The feed decided the other markets of the match; the closed one never came back.
    expect(events.some((e) => e.type === 'marketClosed' && e.eventId === fixture.eventId)).toBe(true);
    const mentions = events
      .slice(1)
      .filter(
        (e) =>
          (e.type === 'oddsChanged' && e.markets.some((m) => m.id === market.id)) ||
          ((e.type === 'marketClosed' || e.type === 'marketStatus') && e.marketId === market.id),
      );
    expect(mentions).toEqual([]);
    expect(feed.market(market.id)).toMatchObject({ status: 'CLOSED', result });
  });
});
