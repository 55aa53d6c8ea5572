import type { MarketResult, ScoreCard } from '@backlay/contract';
import type {
  EventOdds,
  FeedClock,
  FeedEvent,
  FeedFixture,
  FeedMarket,
  FeedSport,
  FeedState,
  PriceLevel,
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
  /**
   * The longest wall-clock wait between two looks at the clock once started. Default: 20 ms (or
   * stepMs if smaller). Within that of the next step the timer waits for the step's own time, so a
   * step goes out as its time comes, not up to a whole interval after it.
   */
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
  /**
   * Carry on the world a previous run saved (`checkpoint()`), instead of drawing a new one: the same
   * events and markets with the same ids, each replayed to the checkpoint's step. The seed, step and
   * the other settings must be the ones that world was made with. The feed then stands at the
   * checkpoint's time; `start()` (or `advanceTo`) plays it on to the clock's time, telling listeners.
   */
  resume?: WorldCheckpoint;
  /**
   * Up to this time the world is played in fine steps however far behind it is: the last step a
   * previous run is known to have taken, so a resumed world passes again through every step that run
   * showed (a coarse step only crosses the time no run was playing).
   */
  fineUntil?: number;
}

/** How a fixture was drawn: enough to draw it again and replay it to any later step. */
export interface FixtureSeed {
  eventId: number;
  sport: FeedSport;
  /** Its scheduled start, rounded to the minute as listed. */
  startTime: number;
  /** The step at which the world added it. */
  createdAt: number;
  /** Where the world's generator stood for its game (`Rng.position`). */
  modelSeed: number;
}

/**
 * The world at one step, small enough to store (a few kB): the world's generator, the next event id,
 * how each listed fixture was drawn, and the coarse steps they lived through. Replaying each fixture
 * from its seed rebuilds the same world; it changes only when a fixture is added or removed or the
 * world takes a coarse step (`onCheckpoint`).
 */
export interface WorldCheckpoint {
  /**
   * 2: market ids of `marketIdOf` (they survive `parseFloat`). A checkpoint of version 1 numbered its
   * markets otherwise: it cannot be carried on under the same ids (see `checkpointVersionOf`).
   */
  version: typeof WORLD_CHECKPOINT_VERSION;
  seed: number;
  stepMs: number;
  /** The step it was taken at (simulated epoch ms). */
  at: number;
  rngPosition: number;
  nextEventId: number;
  fixtures: FixtureSeed[];
  /** Coarse steps taken ([from, to], simulated ms), which a replay takes again. */
  jumps: [number, number][];
}

interface Entry {
  engine: EventEngine;
  seed: FixtureSeed;
  finishedAt?: number;
}

/** The version of the checkpoints this simulator takes and carries on. */
export const WORLD_CHECKPOINT_VERSION = 2;

/** The version a stored checkpoint says it has (0 when it says none). */
export function checkpointVersionOf(checkpoint: unknown): number {
  const version = (checkpoint as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : 0;
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
  private rng: Rng;
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
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The last look at the clock, simulated and wall-clock (ms), for the clock's pace. */
  private lastLook: { simulated: number; wall: number } | undefined;
  /** Simulated ms per wall-clock ms, as the clock has run between two looks (1 until measured). */
  private pace = 1;
  private jumps: [number, number][] = [];
  private fineUntil: number;
  private readonly checkpointListeners = new Set<(checkpoint: WorldCheckpoint) => void>();

  constructor(options: SimulatorOptions) {
    super();
    this.clock = options.clock;
    this.seed = options.seed;
    this.rng = new Rng(options.seed).fork('world');
    this.stepMs = options.stepMs ?? 1000;
    this.lingerMs = options.lingerMs ?? 10 * 60_000;
    // The timer looks at least this often (a scaled clock, a process that slept), and waits for a
    // step's own time when it is near (a fixed interval delayed each step by up to an interval).
    this.tickIntervalMs = options.tickIntervalMs ?? Math.min(this.stepMs, 20);
    this.maxCatchUpMs = options.maxCatchUpMs ?? 10 * 60_000;
    this.quoteActivity = options.quoteActivity;
    this.fineUntil = options.fineUntil ?? -Infinity;
    for (const sport of ALL_SPORTS) {
      const override = options.sports?.[sport];
      if (override === null || !FIXTURE_FACTORIES[sport]) continue;
      this.schedules.set(sport, { ...DEFAULT_SCHEDULE[sport], ...override });
    }
    if (options.resume) {
      this.time = options.resume.at;
      this.nextEventId = options.resume.nextEventId;
      this.restore(options.resume);
    } else {
      this.time = this.clock.now();
      this.nextEventId = options.eventIdBase ?? defaultEventIdBase(this.time);
      this.populate();
    }
  }

  // ---- MarketFeed

  /** Plays the world up to the clock's time at once (a resumed world catches up here), then keeps up. */
  start(): void {
    if (this.timer) return;
    this.catchUp(this.clock.now());
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.lastLook = undefined;
  }

  /**
   * Looks at the clock again when the next step is due, at most tickIntervalMs of wall-clock time
   * from now: the wait is the simulated time to the step at the clock's measured pace (a scaled
   * clock runs faster; a clock that stands still, as a test's, is looked at every interval).
   */
  private schedule(): void {
    const simulated = this.clock.now();
    const wall = performance.now();
    const last = this.lastLook;
    if (last && wall - last.wall >= 1) {
      const pace = (simulated - last.simulated) / (wall - last.wall);
      if (Number.isFinite(pace) && pace >= 0) this.pace = pace;
    }
    this.lastLook = { simulated, wall };
    const toStep = this.time + this.stepMs - simulated;
    const wait =
      this.pace > 0.01 ? Math.min(this.tickIntervalMs, Math.max(0, toStep) / this.pace) : this.tickIntervalMs;
    this.timer = setTimeout(() => {
      this.catchUp(this.clock.now());
      if (this.timer) this.schedule();
    }, Math.ceil(wait));
    this.timer.unref?.();
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

  /**
   * A development control (the browser journeys): shows these prices for one runner of an open
   * exchange market, published at once as the feed's own change (`oddsChanged`), and keeps them
   * for `holdMs` of simulated time whatever the model quotes meanwhile (its status, in-play flag
   * and the other runners still move). At the first step after that the model's prices come back,
   * with a change. The stored world does not keep them: a restart shows the model's prices.
   * Throws for an unknown or closed market, a runner not in it, or a market not on the exchange.
   */
  holdPrices(
    marketId: string,
    runnerId: number,
    prices: { back: PriceLevel[]; lay: PriceLevel[] },
    holdMs: number,
  ): { eventId: number; version: number; heldUntil: number } {
    const eventId = this.marketIndex.get(marketId);
    const engine = eventId === undefined ? undefined : this.entries.get(eventId)?.engine;
    if (eventId === undefined || !engine) throw new Error(`the feed has no market ${marketId}`);
    const heldUntil = this.time + holdMs;
    const event = engine.holdPrices(marketId, runnerId, prices, heldUntil, this.time);
    this.emit(event);
    return { eventId, version: event.type === 'oddsChanged' ? event.version : 0, heldUntil };
  }

  // ---- simulation

  /** The simulated time of the last step. */
  now(): number {
    return this.time;
  }

  /** The world as it stands, to store and resume later (`SimulatorOptions.resume`). */
  checkpoint(): WorldCheckpoint {
    const entries = [...this.entries.values()];
    const oldest = Math.min(...entries.map((e) => e.seed.createdAt));
    return {
      version: WORLD_CHECKPOINT_VERSION,
      seed: this.seed,
      stepMs: this.stepMs,
      at: this.time,
      rngPosition: this.rng.position(),
      nextEventId: this.nextEventId,
      fixtures: entries.map((e) => ({ ...e.seed })),
      jumps: this.jumps.filter(([from]) => from >= oldest).map(([from, to]) => [from, to]),
    };
  }

  /**
   * Hears each new checkpoint: after a step that added or removed a fixture or crossed a gap in one
   * coarse step. Between two of them a replay from the last one plays the same steps. Answers the
   * unsubscribe function.
   */
  onCheckpoint(listener: (checkpoint: WorldCheckpoint) => void): () => void {
    this.checkpointListeners.add(listener);
    return () => this.checkpointListeners.delete(listener);
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
    // What a previous run of this world played is played again step by step.
    let steps = this.time < this.fineUntil ? this.advanceTo(Math.min(time, this.fineUntil)) : 0;
    if (time - this.time > this.maxCatchUpMs) {
      // Land on the step grid, one step short of the target, so fine steps finish the job.
      const whole = Math.floor((time - this.time) / this.stepMs) - 1;
      const from = this.time;
      this.step(from + whole * this.stepMs, from);
      steps += 1;
    }
    return steps + this.advanceTo(time);
  }

  /** Plays `ms` of simulated time from the last step. */
  advanceBy(ms: number): number {
    return this.advanceTo(this.time + ms);
  }

  /** One step to `now`; `jumpedFrom` when it crosses a gap in one coarse step. */
  private step(now: number, jumpedFrom?: number): void {
    this.time = now;
    let changed = jumpedFrom !== undefined;
    if (jumpedFrom !== undefined) this.jumps.push([jumpedFrom, now]);
    // Each fixture's changes go out as soon as it has stepped: a change of the first fixture does not
    // wait while the other thirty are played (a step of the default world takes a few ms, tens on a
    // busy machine). Listeners still hear every event of a step within one task.
    // Matches in play first: their pages are the ones open, and their changes the ones people wait for.
    // (Each fixture has its own generator, so the order changes no draw.)
    const entries = [...this.entries];
    const live = entries.filter(([, e]) => e.engine.fixture().status === 'IN_PLAY');
    const rest = entries.filter(([, e]) => e.engine.fixture().status !== 'IN_PLAY');
    for (const [eventId, entry] of [...live, ...rest]) {
      const out = entry.engine.step(now);
      for (const event of out) {
        if (event.type === 'oddsChanged') for (const m of event.markets) this.marketIndex.set(m.id, eventId);
        if (event.type === 'fixtureFinished') entry.finishedAt = now;
      }
      if (entry.finishedAt !== undefined && now - entry.finishedAt >= this.lingerMs) {
        this.entries.delete(eventId);
        for (const market of entry.engine.allMarkets()) this.marketIndex.delete(market.id);
        out.push({ type: 'fixtureRemoved', at: now, eventId });
        changed = true;
      }
      for (const event of out) this.emit(event);
    }
    // After a gap crossed in one step (a process that slept, a feed owner down for hours) the games
    // of before have ended: start as many in play as a fresh world has, so the lists are not empty
    // until the next scheduled start.
    const added = [...(jumpedFrom !== undefined ? this.refillInPlay(now) : []), ...this.replenish(now)];
    if (changed || added.length > 0) {
      const checkpoint = this.checkpoint();
      for (const listener of [...this.checkpointListeners]) listener(checkpoint);
    }
    for (const event of added) this.emit(event);
  }

  /**
   * Draws each fixture of a checkpoint again and replays it alone, step by step (and across the
   * coarse steps it lived through), to the checkpoint's time: its game, books and market ids come
   * out as the run that saved it played them. Nothing is emitted: that run told its listeners.
   */
  private restore(checkpoint: WorldCheckpoint): void {
    if (checkpoint.version !== WORLD_CHECKPOINT_VERSION) {
      throw new Error(
        `the saved world is of checkpoint version ${checkpointVersionOf(checkpoint)}, this simulator carries on version ${WORLD_CHECKPOINT_VERSION} only (its market ids differ)`,
      );
    }
    if (checkpoint.seed !== this.seed || checkpoint.stepMs !== this.stepMs) {
      throw new Error(
        `the saved world (seed ${checkpoint.seed}, step ${checkpoint.stepMs} ms) is not this simulator's (seed ${this.seed}, step ${this.stepMs} ms)`,
      );
    }
    this.rng = new Rng(checkpoint.rngPosition);
    this.jumps = checkpoint.jumps.map(([from, to]) => [from, to]);
    const jumpFrom = new Map(this.jumps);
    for (const seed of checkpoint.fixtures) {
      const engine = this.make(seed);
      let finishedAt = engine.finished() ? seed.createdAt : undefined;
      let time = seed.createdAt;
      while (time < checkpoint.at) {
        time = jumpFrom.get(time) ?? time + this.stepMs;
        const out = engine.step(time);
        if (out.some((e) => e.type === 'fixtureFinished')) finishedAt = time;
      }
      if (time !== checkpoint.at) {
        throw new Error(`fixture ${seed.eventId} of the saved world is off the step grid`);
      }
      this.entries.set(
        seed.eventId,
        finishedAt === undefined ? { engine, seed } : { engine, seed, finishedAt },
      );
      for (const market of engine.allMarkets()) this.marketIndex.set(market.id, seed.eventId);
    }
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

  private refillInPlay(now: number): FeedEvent[] {
    const events: FeedEvent[] = [];
    for (const [sport, schedule] of this.schedules) {
      const playing = [...this.entries.values()].filter(
        (e) => e.engine.sport === sport && e.engine.fixture().status === 'IN_PLAY',
      ).length;
      for (let i = playing; i < schedule.inPlay; i++) {
        const startedAgo = Math.round(schedule.typicalDurationMs * this.rng.range(0.05, 0.5));
        events.push(this.added(this.add(sport, now - startedAgo, now), now));
      }
    }
    return events;
  }

  private added(engine: EventEngine, now: number): FeedEvent {
    return {
      type: 'fixtureAdded',
      at: now,
      fixture: engine.fixture(),
      odds: engine.odds(),
      scoreCard: engine.scoreCard(now),
    };
  }

  private replenish(now: number): FeedEvent[] {
    const events: FeedEvent[] = [];
    for (const [sport, schedule] of this.schedules) {
      const mine = [...this.entries.values()].map((e) => e.engine).filter((e) => e.sport === sport);
      const waiting = mine.filter((e) => e.fixture().status === 'UPCOMING').length;
      if (waiting >= schedule.upcoming) continue;
      const latest = Math.max(now, ...mine.map((e) => e.fixture().startTime));
      const engine = this.add(sport, latest + Math.round(schedule.spacingMs * this.rng.range(0.6, 1.4)), now);
      events.push(this.added(engine, now));
    }
    return events;
  }

  private add(sport: FeedSport, startTime: number, now: number): EventEngine {
    const eventId = this.nextEventId++;
    const seed: FixtureSeed = {
      eventId,
      sport,
      // Round start times to the minute, as published schedules are.
      startTime: Math.round(startTime / 60_000) * 60_000,
      createdAt: now,
      modelSeed: this.rng.fork(eventId).position(),
    };
    const engine = this.make(seed);
    // A fixture played to its end during the catch-up is listed as finished, then removed as usual.
    this.entries.set(eventId, engine.finished() ? { engine, seed, finishedAt: now } : { engine, seed });
    for (const market of engine.allMarkets()) this.marketIndex.set(market.id, eventId);
    return engine;
  }

  /** A fixture's game and books as they stand at the step it was added. */
  private make(seed: FixtureSeed): EventEngine {
    const factory = FIXTURE_FACTORIES[seed.sport];
    if (!factory) throw new Error(`no fixtures for ${seed.sport}`);
    const made = factory(new Rng(seed.modelSeed), seed.eventId, seed.startTime);
    made.model.advance(seed.createdAt);
    return new EventEngine(
      {
        ...made,
        rng: new Rng(this.seed).fork(`fixture:${seed.eventId}`).fork('engine'),
        ...(this.quoteActivity ? { activity: this.quoteActivity } : {}),
      },
      seed.createdAt,
    );
  }
}
