import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_QUOTE_ACTIVITY,
  SimulatedFeed,
  WORLD_CHECKPOINT_VERSION,
  checkpointVersionOf,
  type SimulatorOptions,
  type WorldCheckpoint,
} from '@backlay/feed-simulator';
import {
  scaledClock,
  systemClock,
  type FeedClock,
  type MarketFeed,
  type StatefulFeed,
} from '@backlay/market-feed';
import type { Bus } from '../../platform/bus';
import type { Executor } from '../../platform/db/database';
import { FeedMirror, publishFeed, type FeedLinkLog, type FeedPublisher } from './bus-link';
import { FeedWorldStore, LAST_STEP_EVERY_MS, type StoredFeedWorld } from './feed-world';
import type { HeartbeatOptions } from './heartbeat';

/**
 * Who runs the feed in this process.
 * - both: run the feed here and serve from it; with a bus, also publish it (the single-process
 *   default, and the one server of a scaled deployment that owns the feed).
 * - publisher: the same, for a process dedicated to the feed (the caller may skip HTTP).
 * - consumer: do not run a feed; mirror the one published on the bus (every other server).
 * Exactly one process of a deployment may run a publishing feed: set FEED_ROLE=consumer on the rest.
 */
export type FeedRole = 'both' | 'publisher' | 'consumer';

export interface RunFeedOptions {
  role?: FeedRole;
  /** The bus between processes (Redis when scaled out); without it the feed stays in process. */
  bus?: Bus;
  clock?: FeedClock;
  seed?: number;
  /** Simulated time per real time (10 plays a T20 in about 20 minutes). Default 1. */
  timeScale?: number;
  /** Further simulator settings (schedule per sport, step, event id base). */
  simulator?: Omit<SimulatorOptions, 'clock' | 'seed' | 'resume' | 'fineUntil'>;
  /**
   * Where the simulator's world is kept (the database): the first start stores it, every later start
   * carries it on (same events, markets and ids), whatever the settings now say. Without it each
   * start draws a new world (tests, benchmarks).
   */
  world?: Executor;
  /** A real provider instead of the simulator (it must be able to give its whole state). */
  source?: StatefulFeed;
  log?: FeedLinkLog;
  /** The publisher's beat and a mirror's silence threshold (FEED_HEARTBEAT_MS, FEED_STALE_AFTER_MS). */
  heartbeat?: HeartbeatOptions;
  /**
   * Start the feed's timer at once (default). Pass false to wire listeners first and call
   * `running.feed.start()` after; a consumer always starts, as it must subscribe to catch up.
   */
  autoStart?: boolean;
}

export interface RunningFeed {
  role: FeedRole;
  /** What the sports service reads and listens to: the local feed, or the mirror of the published one. */
  feed: MarketFeed;
  /** How the simulator's world came about, when it is kept (`world`). */
  world?: WorldStart;
  stop(): Promise<void>;
}

export interface WorldStart {
  /** True when a stored world was carried on, false when this start drew and stored a new one. */
  resumed: boolean;
  fixtures: number;
  /** How long replaying the stored world's fixtures took, ms. */
  replayMs: number;
  /** Settings asked for that differ from the stored world's, which it keeps (their names). */
  ignoredSettings: string[];
  /**
   * The checkpoint version of a stored world this start replaced with a new one (null when none):
   * a world of an older version numbers its markets otherwise (version 1: ids that `parseFloat`
   * changed), so it is never carried on under ids its open bets do not know. Its markets' open bets
   * are left to the operator, as settlement repair reports them (markets the feed does not know).
   */
  replacedVersion: number | null;
}

export async function runFeed(options: RunFeedOptions = {}): Promise<RunningFeed> {
  const role = options.role ?? 'both';
  const { bus } = options;
  if (role === 'consumer') {
    if (!bus) throw new Error('FEED_ROLE=consumer needs a bus (set REDIS_URL)');
    const mirror = new FeedMirror(bus, {
      id: randomUUID(),
      ...(options.log ? { log: options.log } : {}),
      ...(options.heartbeat ? { heartbeat: options.heartbeat } : {}),
    });
    await mirror.begin();
    return { role, feed: mirror, stop: () => mirror.end() };
  }
  const base = options.clock ?? systemClock;
  const clock = options.timeScale && options.timeScale !== 1 ? scaledClock(base, options.timeScale) : base;
  const kept = !options.source && options.world ? await keptSimulator(options.world, options, base) : null;
  const source =
    options.source ??
    kept?.source ??
    new SimulatedFeed({ ...options.simulator, clock, seed: options.seed ?? DEFAULT_SEED });
  let publisher: FeedPublisher | undefined;
  if (bus) publisher = await publishFeed(source, bus, randomUUID(), options.log, options.heartbeat);
  if (options.autoStart !== false) source.start();
  return {
    role,
    feed: source,
    ...(kept ? { world: kept.start } : {}),
    async stop() {
      source.stop();
      await kept?.keeper.stop();
      await publisher?.stop();
    },
  };
}

export const DEFAULT_SEED = 2026;

const FeedEnvSchema = z.object({
  FEED_ROLE: z.enum(['both', 'publisher', 'consumer']).default('both'),
  FEED_SEED: z.coerce.number().int().nonnegative().default(DEFAULT_SEED),
  FEED_TIME_SCALE: z.coerce.number().positive().max(1000).default(1),
  FEED_STEP_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * Books of matches not yet started are re-quoted only when their game moves (the toss, the
   * start), so their prices hold still: the browser journeys trade at a price that cannot move
   * under them. In-play books move as usual.
   */
  FEED_STILL_PRE_MATCH: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

/** Feed settings from the environment (FEED_ROLE, FEED_SEED, FEED_TIME_SCALE, FEED_STEP_MS, FEED_STILL_PRE_MATCH). */
export function feedOptionsFromEnv(env: Record<string, string | undefined>): RunFeedOptions {
  const parsed = FeedEnvSchema.parse({
    FEED_ROLE: env.FEED_ROLE || undefined,
    FEED_SEED: env.FEED_SEED || undefined,
    FEED_TIME_SCALE: env.FEED_TIME_SCALE || undefined,
    FEED_STEP_MS: env.FEED_STEP_MS || undefined,
    FEED_STILL_PRE_MATCH: env.FEED_STILL_PRE_MATCH || undefined,
  });
  return {
    role: parsed.FEED_ROLE,
    seed: parsed.FEED_SEED,
    timeScale: parsed.FEED_TIME_SCALE,
    simulator: {
      stepMs: parsed.FEED_STEP_MS,
      ...(parsed.FEED_STILL_PRE_MATCH ? { quoteActivity: { ...DEFAULT_QUOTE_ACTIVITY, preMatch: 0 } } : {}),
    },
  };
}

/** What a simulated world is drawn with: a world carries these on whatever a later start asks. */
const WorldSettingsSchema = z.object({
  seed: z.number().int(),
  timeScale: z.number().positive(),
  stepMs: z.number().int().positive(),
  quoteActivity: z.object({ inPlay: z.number(), preMatch: z.number() }).optional(),
  sports: z
    .record(
      z.string(),
      z
        .object({
          inPlay: z.number(),
          upcoming: z.number(),
          spacingMs: z.number(),
          typicalDurationMs: z.number(),
        })
        .partial()
        .nullable(),
    )
    .optional(),
  lingerMs: z.number().optional(),
  maxCatchUpMs: z.number().optional(),
});
type WorldSettings = z.infer<typeof WorldSettingsSchema>;

/**
 * Steps after the last one a previous run recorded (every LAST_STEP_EVERY_MS) are replayed one by one
 * too, so whatever that run showed before it died is shown again the same.
 */
const FINE_AFTER_LAST_STEP_MS = 12 * LAST_STEP_EVERY_MS;

/**
 * The simulator of a world kept in the database: the stored one carried on (each listed fixture
 * replayed from its seed to the checkpoint; `start()` then plays on to the clock's time, telling the
 * listeners what happened meanwhile), or, on the first start, a new one stored at once.
 */
async function keptSimulator(
  db: Executor,
  options: RunFeedOptions,
  base: FeedClock,
): Promise<{ source: SimulatedFeed; keeper: { stop(): Promise<void> }; start: WorldStart }> {
  const store = new FeedWorldStore(db, options.log ?? { warn: () => undefined });
  const { stepMs, quoteActivity, sports, lingerMs, maxCatchUpMs, eventIdBase, ...rest } =
    options.simulator ?? {};
  const wanted: WorldSettings = {
    seed: options.seed ?? DEFAULT_SEED,
    timeScale: options.timeScale ?? 1,
    stepMs: stepMs ?? 1000,
    ...(quoteActivity ? { quoteActivity } : {}),
    ...(sports ? { sports } : {}),
    ...(lingerMs !== undefined ? { lingerMs } : {}),
    ...(maxCatchUpMs !== undefined ? { maxCatchUpMs } : {}),
  };
  const simulator = (settings: WorldSettings, origin: number, more: Partial<SimulatorOptions>) => {
    const { timeScale, ...world } = settings;
    // Simulated time runs from the world's origin at its own scale, across restarts.
    const clock = { now: () => origin + Math.round((base.now() - origin) * timeScale) };
    return new SimulatedFeed({ ...rest, ...(world as Omit<SimulatorOptions, 'clock'>), ...more, clock });
  };
  const drawn = () => {
    const origin = base.now();
    const fresh = simulator(wanted, origin, eventIdBase !== undefined ? { eventIdBase } : {});
    const world: StoredFeedWorld = {
      settings: wanted,
      clockOrigin: origin,
      checkpoint: fresh.checkpoint(),
      checkpointAt: fresh.now(),
      lastStepAt: fresh.now(),
    };
    return { fresh, world };
  };
  const begun = (fresh: SimulatedFeed, replacedVersion: number | null) => ({
    source: fresh,
    keeper: store.keep(fresh),
    start: {
      resumed: false,
      fixtures: fresh.fixtures().length,
      replayMs: 0,
      ignoredSettings: [],
      replacedVersion,
    },
  });
  let stored = await store.load();
  let replacedVersion: number | null = null;
  if (stored && checkpointVersionOf(stored.checkpoint) !== WORLD_CHECKPOINT_VERSION) {
    // A world of another checkpoint version (older market ids) is not carried on: a new one takes
    // its place, said so in the start (main.ts logs it), unless another process replaced it first.
    replacedVersion = checkpointVersionOf(stored.checkpoint);
    const { fresh, world } = drawn();
    stored = await store.replaceOutdated(world, WORLD_CHECKPOINT_VERSION);
    if (stored === world) return begun(fresh, replacedVersion);
    replacedVersion = null;
  }
  if (!stored) {
    const { fresh, world } = drawn();
    stored = await store.create(world);
    if (stored === world) return begun(fresh, null);
  }
  const settings = WorldSettingsSchema.parse(stored.settings);
  const began = performance.now();
  const source = simulator(settings, stored.clockOrigin, {
    resume: stored.checkpoint as WorldCheckpoint,
    fineUntil: stored.lastStepAt + FINE_AFTER_LAST_STEP_MS,
  });
  const replayMs = Math.round(performance.now() - began);
  const ignoredSettings = Object.keys({ ...wanted, ...settings }).filter(
    (key) =>
      stableJson(wanted[key as keyof WorldSettings]) !== stableJson(settings[key as keyof WorldSettings]),
  );
  const start = {
    resumed: true,
    fixtures: source.fixtures().length,
    replayMs,
    ignoredSettings,
    replacedVersion,
  };
  return { source, keeper: store.keep(source), start };
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
