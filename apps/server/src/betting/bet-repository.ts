import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import { num, numOrNull, queryRows } from './sql-rows';

/*
 * Reads of the bet path outside its transaction (see bet-transaction.ts for the transaction).
 *
 * Markets and settlement: every bet transaction holds a shared advisory lock on its market, and
 * settlement closes the market under the exclusive one. So once the close has committed, no bet can
 * still be on its way into that market: one that read the market as open has committed before the
 * settlement lists the users to settle.
 */
export const MARKET_LOCK_CLASS = 0x62657473; // 'bets'

export async function lockMarketExclusive(tx: Tx, marketId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MARKET_LOCK_CLASS}, hashtext(${marketId}))`);
}

export interface BettorState {
  status: 'pending' | 'active' | 'locked' | 'closed';
  excludedUntilMs: number | null;
  timedOutUntilMs: number | null;
  existingBetId: number | null;
}

/** The user's standing and any bet already placed under this request id: one read before any wait. */
export async function bettorState(
  db: Executor,
  userId: number,
  requestId: string,
): Promise<BettorState | null> {
  const [row] = await queryRows<{
    status: BettorState['status'];
    excluded: unknown;
    timed_out: unknown;
    existing: unknown;
  }>(
    db,
    sql`select u.status,
          case when u.excluded_until > now() then (extract(epoch from u.excluded_until) * 1000)::float8 end as excluded,
          case when u.timed_out_until > now() then (extract(epoch from u.timed_out_until) * 1000)::float8 end as timed_out,
          (select b.id from bets b
            where b.user_id = u.id and b.request_id = ${requestId} and b.id = b.order_id) as existing
        from users u where u.id = ${userId}`,
  );
  if (!row) return null;
  return {
    status: row.status,
    excludedUntilMs: numOrNull(row.excluded),
    timedOutUntilMs: numOrNull(row.timed_out),
    existingBetId: numOrNull(row.existing),
  };
}

export async function existingBetId(db: Executor, userId: number, requestId: string): Promise<number | null> {
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`select id from bets where user_id = ${userId} and request_id = ${requestId} and id = order_id`,
  );
  return row ? num(row.id) : null;
}
