import type { MarketResult, ScoreCard } from '@backlay/contract';
import type {
  EventOdds,
  FeedClock,
  FeedEvent,
  FeedFixture,
  FeedMarket,
  FeedSport,
  FeedState,
  StatefulFeed,
} from '@backlay/market-feed';
import { FeedEventSource } from '@backlay/market-feed';
import { EventEngine } from './engine';
import { DEFAULT_SCHEDULE, FIXTURE_FACTORIES, type SportSchedule } from './fixtures';
import { Rng } from './prng';

export interface SimulatorOptions {
  clock: FeedClock;
  seed: number;
  /** Simulated time between two steps; prices and games move once a step. Default 1000 ms. */
  stepMs?: number;
  /**
   * First event id. Defaults to a value derived from the start time, so a restarted simulator does
   * not reuse the ids of the previous run (bets may be stored against them).
   */
  eventIdBase?: number;
  /** Per sport: how many fixtures to run; a sport left out runs with the defaults, `null` turns it off. */
  sports?: Partial<Record<FeedSport, Partial<SportSchedule> | null>>;
  /** How long a finished fixture stays listed. Default 10 minutes. */
  lingerMs?: number;
  /** Wall-clock interval between catch-up calls once started. Default: 20 ms (or stepMs if smaller). */
  tickIntervalMs?: number;
  /**
   * When the clock is further ahead than this (a process that slept), the gap is crossed in one
   * coarse step instead of thousands of fine ones. Default 10 minutes.
   */
  maxCatchUpMs?: number;
  /**
   * How often a market is re-quoted when its game has not moved (a chance per step): busier books
   * mean more hub traffic. Default { inPlay: 0.35, preMatch: 0.05 }.
   */
  quoteActivity?: { inPlay: number; preMatch: number };
}

interface Entry {
  engine: EventEngine;
  finishedAt?: number;
}

const ALL_SPORTS: readonly FeedSport[] = ['cricket', 'football', 'tennis', 'kabaddi', 'horseRacing'];

export function defaultEventIdBase(startTime: number): number {
  // Minutes since the epoch, folded into 100,000 slots of 10,000 ids each: ids stay below 2^31.
  return 10_000_000 + (Math.floor(startTime / 60_000) % 100_000) * 10_000;
}

/**
 * The default market feed: a world of fixtures played by sport models in simulated time. Everything
 * follows from the seed and the clock's start time; `advanceTo` plays it forward in fixed steps, so
 * the same seed and start replay the same world whatever the wall-clock timing.
 */
export class SimulatedFeed extends FeedEventSource implements StatefulFeed {
  private readonly clock: FeedClock;
  private readonly rng: Rng;
  private readonly seed: number;
  private readonly stepMs: number;
  private readonly lingerMs: number;
  private readonly tickIntervalMs: number;
  private readonly maxCatchUpMs: number;
  private readonly quoteActivity: { inPlay: number; preMatch: number } | undefined;
  private readonly schedules = new Map<FeedSport, SportSchedule>();
  private readonly entries = new Map<number, Entry>();
  private readonly marketIndex = new Map<string, number>();
  private nextEventId: number;
  private time: number;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: SimulatorOptions) {
    super();
    this.clock = options.clock;
    this.seed = options.seed;
    this.rng = new Rng(options.seed).fork('world');
    this.stepMs = options.stepMs ?? 1000;
    this.lingerMs = options.lingerMs ?? 10 * 60_000;
    // The timer looks often, so a step goes out within a few ms of its own time whatever the phase of
    // the timer against the step grid (a step-long interval delayed changes by up to a whole step).
    this.tickIntervalMs = options.tickIntervalMs ?? Math.min(this.stepMs, 20);
    this.maxCatchUpMs = options.maxCatchUpMs ?? 10 * 60_000;
    this.quoteActivity = options.quoteActivity;
    this.time = this.clock.now();
    this.nextEventId = options.eventIdBase ?? defaultEventIdBase(this.time);
    for (const sport of ALL_SPORTS) {
      const override = options.sports?.[sport];
      if (override === null || !FIXTURE_FACTORIES[sport]) continue;
      this.schedules.set(sport, { ...DEFAULT_SCHEDULE[sport], ...override });
    }
    this.populate();
  }

  // ---- MarketFeed

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.catchUp(this.clock.now()), this.tickIntervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  fixtures(): FeedFixture[] {
    return [...this.entries.values()]
      .map((e) => e.engine.fixture())
      .sort((a, b) => a.startTime - b.startTime || a.eventId - b.eventId);
  }

  fixture(eventId: number): FeedFixture | undefined {
    return this.entries.get(eventId)?.engine.fixture();
  }

  odds(eventId: number): EventOdds | undefined {
    return this.entries.get(eventId)?.engine.odds();
  }

  market(marketId: string): FeedMarket | undefined {
    const eventId = this.marketIndex.get(marketId);
    if (eventId === undefined) return undefined;
    return this.entries
      .get(eventId)
      ?.engine.allMarkets()
      .find((m) => m.id === marketId);
  }

  scoreCard(eventId: number): ScoreCard | undefined {
    return this.entries.get(eventId)?.engine.scoreCard(this.time);
  }

  closeMarket(marketId: string, result: MarketResult): boolean {
    const eventId = this.marketIndex.get(marketId);
    const engine = eventId === undefined ? undefined : this.entries.get(eventId)?.engine;
    const events = engine?.closeMarket(marketId, result, this.time) ?? [];
    for (const event of events) this.emit(event);
    return events.length > 0;
  }

  // ---- simulation

  /** The simulated time of the last step. */
  now(): number {
    return this.time;
  }

  /** Everything at once, for a consumer that starts late. */
  state(): FeedState {
    return {
      at: this.time,
      fixtures: this.fixtures(),
      odds: [...this.entries.values()].map((e) => e.engine.odds()),
      scoreCards: [...this.entries.values()].map((e) => e.engine.scoreCard(this.time)),
    };
  }

  /** Plays every whole step up to `time`; answers the number of steps taken. */
  advanceTo(time: number): number {
    let steps = 0;
    while (this.time + this.stepMs <= time) {
      this.step(this.time + this.stepMs);
      steps += 1;
    }
    return steps;
  }

  /**
   * What the running timer calls: like advanceTo, but a gap longer than maxCatchUpMs (a process that
   * slept) is crossed in one coarse step instead of thousands of fine ones.
   */
  catchUp(time: number): number {
    let steps = 0;
    if (time - this.time > this.maxCatchUpMs) {
      // Land on the step grid, one step short of the target, so fine steps finish the job.
      const whole = Math.floor((time - this.time) / this.stepMs) - 1;
      this.step(this.time + whole * this.stepMs);
      steps += 1;
    }
    return steps + this.advanceTo(time);
  }

  /** Plays `ms` of simulated time from the last step. */
  advanceBy(ms: number): number {
    return this.advanceTo(this.time + ms);
  }

  private step(now: number): void {
    this.time = now;
    const events: FeedEvent[] = [];
    for (const [eventId, entry] of this.entries) {
      const out = entry.engine.step(now);
      for (const event of out) {
        if (event.type === 'oddsChanged') for (const m of event.markets) this.marketIndex.set(m.id, eventId);
        if (event.type === 'fixtureFinished') entry.finishedAt = now;
      }
      events.push(...out);
      if (entry.finishedAt !== undefined && now - entry.finishedAt >= this.lingerMs) {
        this.entries.delete(eventId);
        for (const market of entry.engine.allMarkets()) this.marketIndex.delete(market.id);
        events.push({ type: 'fixtureRemoved', at: now, eventId });
      }
    }
    events.push(...this.replenish(now));
    for (const event of events) this.emit(event);
  }

  private populate(): void {
    const now = this.time;
    for (const [sport, schedule] of this.schedules) {
      for (let i = 0; i < schedule.inPlay; i++) {
        const startedAgo = Math.round(schedule.typicalDurationMs * this.rng.range(0.05, 0.5));
        this.add(sport, now - startedAgo, now);
      }
      let start = now;
      for (let i = 0; i < schedule.upcoming; i++) {
        start += Math.round(schedule.spacingMs * this.rng.range(0.5, 1.5));
        this.add(sport, start, now);
      }
    }
  }

  private replenish(now: number): FeedEvent[] {
    const events: FeedEvent[] = [];
    for (const [sport, schedule] of this.schedules) {
      const mine = [...this.entries.values()].map((e) => e.engine).filter((e) => e.sport === sport);
      const waiting = mine.filter((e) => e.fixture().status === 'UPCOMING').length;
      if (waiting >= schedule.upcoming) continue;
      const latest = Math.max(now, ...mine.map((e) => e.fixture().startTime));
      const engine = this.add(sport, latest + Math.round(schedule.spacingMs * this.rng.range(0.6, 1.4)), now);
      events.push({
        type: 'fixtureAdded',
        at: now,
        fixture: engine.fixture(),
        odds: engine.odds(),
        scoreCard: engine.scoreCard(now),
      });
    }
    return events;
  }

  private add(sport: FeedSport, startTime: number, now: number): EventEngine {
    const factory = FIXTURE_FACTORIES[sport];
    if (!factory) throw new Error(`no fixtures for ${sport}`);
    const eventId = this.nextEventId++;
    const fixtureRng = new Rng(this.seed).fork(`fixture:${eventId}`);
    // Round start times to the minute, as published schedules are.
    const start = Math.round(startTime / 60_000) * 60_000;
    const made = factory(this.rng.fork(eventId), eventId, start);
    made.model.advance(now);
    const engine = new EventEngine(
      {
        ...made,
        rng: fixtureRng.fork('engine'),
        ...(this.quoteActivity ? { activity: this.quoteActivity } : {}),
      },
      now,
    );
    // A fixture played to its end during the catch-up is listed as finished, then removed as usual.
    this.entries.set(eventId, engine.finished() ? { engine, finishedAt: now } : { engine });
    for (const market of engine.allMarkets()) this.marketIndex.set(market.id, eventId);
    return engine;
  }
}
