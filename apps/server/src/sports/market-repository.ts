import type { MarketResult } from '@backlay/contract';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { events, markets, runners } from '../platform/db/schema';

export type MarketRow = typeof markets.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type NewMarketRow = typeof markets.$inferInsert;
export type NewRunnerRow = typeof runners.$inferInsert;

/** Writes an event; one already stored keeps its fixture and takes the new status and score. */
export async function upsertEvent(db: Executor, row: NewEventRow): Promise<void> {
  await db
    .insert(events)
    .values(row)
    .onConflictDoUpdate({
      target: events.id,
      set: { status: row.status, score: row.score, updatedAt: row.updatedAt },
    });
}

/** Writes a market the first time it is seen; a stored one is left as it is. */
export async function insertMarketIfNew(db: Executor, row: NewMarketRow): Promise<void> {
  await db.insert(markets).values(row).onConflictDoNothing();
}

/** Writes a market's runners the first time they are seen; stored ones are left as they are. */
export async function insertRunnersIfNew(db: Executor, rows: NewRunnerRow[]): Promise<void> {
  await db.insert(runners).values(rows).onConflictDoNothing();
}

/** Records a market's result; true when this call closed it (a second call changes nothing). */
export async function closeMarket(db: Executor, marketId: string, result: MarketResult): Promise<boolean> {
  const closed = await db
    .update(markets)
    .set({ status: 'CLOSED', result, closedAt: new Date() })
    .where(sql`${markets.id} = ${marketId} and ${markets.closedAt} is null`)
    .returning({ id: markets.id });
  return closed.length > 0;
}

export async function findMarket(db: Executor, marketId: string): Promise<MarketRow | null> {
  const [row] = await db.select().from(markets).where(eq(markets.id, marketId));
  return row ?? null;
}

/**
 * Markets closed in the database (settled or voided by hand) whose event is still on: a feed may
 * still quote them. Their result as stored (a JSON value, or its text on some drivers).
 */
export async function closedMarketsOfLiveEvents(
  db: Executor,
): Promise<{ marketId: string; eventId: number; result: unknown }[]> {
  return db
    .select({ marketId: markets.id, eventId: markets.eventId, result: markets.result })
    .from(markets)
    .innerJoin(events, eq(events.id, markets.eventId))
    .where(and(isNotNull(markets.closedAt), ne(events.status, 'CLOSED')));
}
