import type { Executor } from '../../platform/db/database';
import {
  findFeedWorld,
  insertFeedWorld,
  replaceFeedWorldOfOtherVersion,
  saveFeedWorldCheckpoint,
  saveFeedWorldLastStep,
  type FeedWorldRow,
} from './feed-world-repository';

/**
 * The feed owner's world, kept in the database so a restarted server carries on the same events and
 * markets (bets point at their ids): what the world was made with, where its clock started, its
 * latest checkpoint (written whenever it changes: a fixture added or removed) and the last step
 * played (written every few seconds). The checkpoint is the feed's own business (run-feed.ts hands
 * the simulator's); it is stored as it comes.
 */
export interface StoredFeedWorld {
  settings: unknown;
  clockOrigin: number;
  checkpoint: unknown;
  checkpointAt: number;
  lastStepAt: number;
}

/** What the keeper needs of a feed: its time, and its checkpoints as they change. */
export interface CheckpointedFeed {
  now(): number;
  checkpoint(): { at: number };
  onCheckpoint(listener: (checkpoint: { at: number }) => void): () => void;
}

export interface FeedWorldLog {
  warn(message: string, detail?: Record<string, unknown>): void;
}

/** The one feed a deployment runs; a row per name leaves room for more. */
export const FEED_WORLD_NAME = 'simulator';
/** How often the last step played is written. */
export const LAST_STEP_EVERY_MS = 5_000;

export class FeedWorldStore {
  constructor(
    private readonly db: Executor,
    private readonly log: FeedWorldLog,
    private readonly name = FEED_WORLD_NAME,
  ) {}

  load(): Promise<StoredFeedWorld | null> {
    return findFeedWorld(this.db, this.name);
  }

  /** Stores a new world; answers the stored one, which is another process's if it made one first. */
  async create(world: StoredFeedWorld): Promise<StoredFeedWorld> {
    const row: FeedWorldRow = { name: this.name, ...world };
    if (await insertFeedWorld(this.db, row)) return world;
    const theirs = await this.load();
    if (!theirs) throw new Error(`the feed world ${this.name} was neither stored nor found`);
    return theirs;
  }

  /**
   * Stores a new world in place of one whose checkpoint is of another version than `version`;
   * answers the stored one, which is another process's if it replaced the old world first.
   */
  async replaceOutdated(world: StoredFeedWorld, version: number): Promise<StoredFeedWorld> {
    const row: FeedWorldRow = { name: this.name, ...world };
    if (await replaceFeedWorldOfOtherVersion(this.db, row, version)) return world;
    const theirs = await this.load();
    if (!theirs) throw new Error(`the feed world ${this.name} was neither replaced nor found`);
    return theirs;
  }

  /**
   * Writes the feed's checkpoints as they change and its last step every `everyMs`, one write at a
   * time and in order (a checkpoint waiting behind a write is replaced by a newer one). A failed
   * write is logged; the next one carries the newer state. `stop` writes the last step and waits.
   */
  keep(feed: CheckpointedFeed, everyMs = LAST_STEP_EVERY_MS): { stop(): Promise<void> } {
    let chain: Promise<void> = Promise.resolve();
    let pending: { at: number } | null = null;
    const write = (what: string, work: () => Promise<void>) => {
      chain = chain
        .then(work)
        .catch((err: unknown) => this.log.warn(`saving the feed world's ${what} failed`, { err }));
    };
    const saveCheckpoint = (checkpoint: { at: number }) => {
      const queued = pending !== null;
      pending = checkpoint;
      if (queued) return;
      write('checkpoint', async () => {
        const latest = pending;
        pending = null;
        if (latest) await saveFeedWorldCheckpoint(this.db, this.name, latest, latest.at);
      });
    };
    const saveLastStep = () => {
      const at = feed.now();
      write('last step', () => saveFeedWorldLastStep(this.db, this.name, at));
    };
    const unsubscribe = feed.onCheckpoint(saveCheckpoint);
    const timer = setInterval(saveLastStep, everyMs);
    timer.unref();
    return {
      async stop() {
        unsubscribe();
        clearInterval(timer);
        saveLastStep();
        await chain;
      },
    };
  }
}
