import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database';
import { feedWorlds } from '../../platform/db/schema';

/** The SQL of the feed's stored world (`feed-world.ts`). */

export interface FeedWorldRow {
  name: string;
  settings: unknown;
  clockOrigin: number;
  checkpoint: unknown;
  checkpointAt: number;
  lastStepAt: number;
}

const columns = {
  name: feedWorlds.name,
  settings: feedWorlds.settings,
  clockOrigin: feedWorlds.clockOrigin,
  checkpoint: feedWorlds.checkpoint,
  checkpointAt: feedWorlds.checkpointAt,
  lastStepAt: feedWorlds.lastStepAt,
};

export async function findFeedWorld(db: Executor, name: string): Promise<FeedWorldRow | null> {
  const [row] = await db.select(columns).from(feedWorlds).where(eq(feedWorlds.name, name));
  return row ?? null;
}

/** Stores a new world; false when one of that name exists already (another process made it first). */
export async function insertFeedWorld(db: Executor, row: FeedWorldRow): Promise<boolean> {
  const inserted = await db
    .insert(feedWorlds)
    .values(row)
    .onConflictDoNothing()
    .returning({ name: feedWorlds.name });
  return inserted.length > 0;
}

/**
 * Overwrites the world of that name when its checkpoint is of another version than `version` (a
 * world whose market ids changed); false when it is not (another process replaced it first).
 */
export async function replaceFeedWorldOfOtherVersion(
  db: Executor,
  row: FeedWorldRow,
  version: number,
): Promise<boolean> {
  const replaced = await db
    .update(feedWorlds)
    .set({
      settings: row.settings,
      clockOrigin: row.clockOrigin,
      checkpoint: row.checkpoint,
      checkpointAt: row.checkpointAt,
      lastStepAt: row.lastStepAt,
      updatedAt: new Date(),
    })
    .where(
      sql`${feedWorlds.name} = ${row.name} and (${feedWorlds.checkpoint} ->> 'version') is distinct from ${String(version)}`,
    )
    .returning({ name: feedWorlds.name });
  return replaced.length > 0;
}

/** Stores a checkpoint unless a later one is stored already. */
export async function saveFeedWorldCheckpoint(
  db: Executor,
  name: string,
  checkpoint: unknown,
  at: number,
): Promise<void> {
  await db
    .update(feedWorlds)
    .set({
      checkpoint,
      checkpointAt: at,
      lastStepAt: sql`greatest(${feedWorlds.lastStepAt}, ${at})`,
      updatedAt: new Date(),
    })
    .where(sql`${feedWorlds.name} = ${name} and ${feedWorlds.checkpointAt} <= ${at}`);
}

/** Records the last step played; it never goes back. */
export async function saveFeedWorldLastStep(db: Executor, name: string, at: number): Promise<void> {
  await db
    .update(feedWorlds)
    .set({ lastStepAt: sql`greatest(${feedWorlds.lastStepAt}, ${at})`, updatedAt: new Date() })
    .where(eq(feedWorlds.name, name));
}
