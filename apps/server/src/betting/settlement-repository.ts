import type { MarketResult, MarketType } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import { storedBetOf, type StoredBet, type StoredBetColumns } from './positions';
import { num, queryRows } from './sql-rows';

/** The SQL of settlement (the money it moves goes through the ledger). */

export interface SettlementMarketRow {
  eventId: number;
  type: MarketType;
  name: string;
  eventTitle: string;
  result: MarketResult | null;
  settled: boolean;
  runnerIds: number[];
}

export interface SettlingBet {
  betId: number;
  stored: StoredBet;
}

/** The markets that still have matched (unsettled) bets or resting orders. */
export async function marketsWithOpenBets(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ market_id: string }>(
    db,
    sql`select distinct market_id from bets where status in ('MATCHED', 'UNMATCHED')`,
  );
  return rows.map((r) => String(r.market_id));
}

/**
 * Markets closed with a result whose settlement did not finish (a run that died half way): bets
 * still matched or resting, or the market never marked settled. Oldest close first.
 */
export async function unfinishedSettlements(
  db: Executor,
): Promise<{ marketId: string; result: MarketResult }[]> {
  const rows = await queryRows<{ id: string; result: MarketResult | string }>(
    db,
    sql`select m.id, m.result from markets m
        where m.closed_at is not null and m.result is not null
          and (m.settled_at is null
               or exists (select 1 from bets b where b.market_id = m.id and b.status in ('MATCHED', 'UNMATCHED')))
        order by m.closed_at, m.id`,
  );
  return rows.map((r) => ({
    marketId: String(r.id),
    result: typeof r.result === 'string' ? (JSON.parse(r.result) as MarketResult) : r.result,
  }));
}

/** The users with matched bets in a market, in a fixed order. */
export async function usersWithOpenBets(db: Executor, marketId: string): Promise<number[]> {
  const rows = await queryRows<{ user_id: unknown }>(
    db,
    sql`select distinct user_id from bets where market_id = ${marketId} and status = 'MATCHED' order by user_id`,
  );
  return rows.map((r) => num(r.user_id));
}

export async function markMarketSettled(db: Executor, marketId: string): Promise<void> {
  await db.execute(sql`update markets set settled_at = now() where id = ${marketId} and settled_at is null`);
}

export async function settlementMarket(tx: Executor, marketId: string): Promise<SettlementMarketRow | null> {
  const [row] = await queryRows<{
    event_id: unknown;
    type: MarketType;
    name: string;
    title: string;
    result: MarketResult | string | null;
    settled: boolean;
    runner_ids: unknown[] | null;
  }>(
    tx,
    sql`select m.event_id, m.type, m.name, e.title, m.result, m.settled_at is not null as settled,
          (select array_agg(r.id order by r.sort_order, r.id) from runners r where r.market_id = m.id) as runner_ids
        from markets m join events e on e.id = m.event_id where m.id = ${marketId}`,
  );
  if (!row) return null;
  const result = typeof row.result === 'string' ? (JSON.parse(row.result) as MarketResult) : row.result;
  return {
    eventId: num(row.event_id),
    type: row.type,
    name: row.name,
    eventTitle: row.title,
    result,
    settled: row.settled,
    runnerIds: (row.runner_ids ?? []).map(num),
  };
}

/** A user's matched bets in a market, with what settles them: whether the user is a demo account, and the domain's commission. */
export async function betsToSettle(
  tx: Tx,
  userId: number,
  marketId: string,
): Promise<{ bets: SettlingBet[]; isDemo: boolean; commissionBps: number } | null> {
  const rows = await queryRows<StoredBetColumns & { id: unknown; is_demo: boolean; commission_bps: unknown }>(
    tx,
    sql`select b.id, b.side, b.runner_id, b.price_hundredths, b.rate, b.line, b.stake_paise,
          u.is_demo, d.commission_bps
        from bets b join users u on u.id = b.user_id join domains d on d.id = u.domain_id
        where b.user_id = ${userId} and b.market_id = ${marketId} and b.status = 'MATCHED'
        order by b.id`,
  );
  const first = rows[0];
  if (!first) return null;
  return {
    bets: rows.map((r) => ({ betId: num(r.id), stored: storedBetOf(r) })),
    isDemo: first.is_demo,
    commissionBps: num(first.commission_bps),
  };
}

/**
 * Claims the user's settlement of a market: false when it was settled before (its row exists), so
 * a second settlement is a no-op.
 */
export async function claimSettlement(
  tx: Tx,
  row: { marketId: string; userId: number; net: Paise; commission: Paise },
): Promise<boolean> {
  const claimed = await queryRows<{ market_id: string }>(
    tx,
    sql`insert into market_settlements (market_id, user_id, net_paise, commission_paise)
        values (${row.marketId}, ${row.userId}, ${row.net}, ${row.commission})
        on conflict do nothing returning market_id`,
  );
  return claimed.length > 0;
}

export async function recordSettlementJournal(
  tx: Tx,
  marketId: string,
  userId: number,
  journalId: number,
): Promise<void> {
  await tx.execute(
    sql`update market_settlements set journal_id = ${journalId} where market_id = ${marketId} and user_id = ${userId}`,
  );
}

export async function markBetsSettled(
  tx: Tx,
  status: 'SETTLED' | 'VOID',
  results: readonly { betId: number; pnl: Paise }[],
): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(
    results.map((b) => sql`(${b.betId}::bigint, ${b.pnl}::bigint)`),
    sql`, `,
  );
  await tx.execute(
    sql`update bets set status = ${status}, settled_at = now(), result_paise = v.pnl
        from (values ${values}) as v(id, pnl)
        where bets.id = v.id and bets.status = 'MATCHED'`,
  );
}

/** Removes the user's exposure row of a settled market; answers the exposure it held. */
export async function deleteMarketExposure(tx: Tx, userId: number, marketId: string): Promise<Paise> {
  const released = await queryRows<{ exposure_paise: unknown }>(
    tx,
    sql`delete from market_exposures where user_id = ${userId} and market_id = ${marketId} returning exposure_paise`,
  );
  return paise(released[0] ? num(released[0].exposure_paise) : 0);
}
