import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_QUOTE_ACTIVITY, SimulatedFeed, type SimulatorOptions } from '@backlay/feed-simulator';
import {
  scaledClock,
  systemClock,
  type FeedClock,
  type MarketFeed,
  type StatefulFeed,
} from '@backlay/market-feed';
import type { Bus } from '../../platform/bus';
import { FeedMirror, publishFeed, type FeedLinkLog, type FeedPublisher } from './bus-link';

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
  simulator?: Omit<SimulatorOptions, 'clock' | 'seed'>;
  /** A real provider instead of the simulator (it must be able to give its whole state). */
  source?: StatefulFeed;
  log?: FeedLinkLog;
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
  stop(): Promise<void>;
}

export async function runFeed(options: RunFeedOptions = {}): Promise<RunningFeed> {
  const role = options.role ?? 'both';
  const { bus } = options;
  if (role === 'consumer') {
    if (!bus) throw new Error('FEED_ROLE=consumer needs a bus (set REDIS_URL)');
    const mirror = new FeedMirror(bus, { id: randomUUID(), ...(options.log ? { log: options.log } : {}) });
    await mirror.begin();
    return { role, feed: mirror, stop: () => mirror.end() };
  }
  const base = options.clock ?? systemClock;
  const clock = options.timeScale && options.timeScale !== 1 ? scaledClock(base, options.timeScale) : base;
  const source =
    options.source ?? new SimulatedFeed({ ...options.simulator, clock, seed: options.seed ?? DEFAULT_SEED });
  let publisher: FeedPublisher | undefined;
  if (bus) publisher = await publishFeed(source, bus, randomUUID(), options.log);
  if (options.autoStart !== false) source.start();
  return {
    role,
    feed: source,
    async stop() {
      source.stop();
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
