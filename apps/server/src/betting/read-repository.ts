import { limitMarketTypeOf, type BET_STATUSES, type MarketType, type OpenBet } from '@backlay/contract';
import { priceToDecimal, type Hundredths, type Paise } from '@backlay/exchange';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { storedBetOf, type StoredBet, type StoredBetColumns } from './positions';
import { isoOf, num, paiseOf, paiseOrNull, queryRows } from './sql-rows';

/** A bet as the reads need it: the stored bet with its market, event and runner names. */
export interface BetRow {
  betId: number;
  /** The order the row belongs to (the id of its first row). */
  orderId: number;
  eventId: number;
  marketId: string;
  stored: StoredBet;
  liabilityPaise: Paise;
  profitPaise: Paise;
  status: BetStatus;
  isCashOut: boolean;
  placedAt: string;
  settledAt: string | null;
  resultPaise: Paise | null;
  marketName: string;
  marketType: MarketType;
  eventName: string;
  sportId: number;
  runnerName: string | null;
}

export type BetStatus = (typeof BET_STATUSES)[number];

interface RawBetRow extends StoredBetColumns {
  id: unknown;
  order_id: unknown;
  event_id: unknown;
  market_id: string;
  liability_paise: unknown;
  profit_if_win_paise: unknown;
  status: BetRow['status'];
  is_cash_out: boolean;
  placed_ms: unknown;
  settled_ms: unknown;
  result_paise: unknown;
  market_name: string;
  market_type: MarketType;
  event_name: string;
  sport_id: unknown;
  runner_name: string | null;
}

/**
 * The user's bets matching `where` (conditions on b, m, e), newest first. Always scoped to the user:
 * no read in this module can return another user's bet.
 */
export async function betRows(
  db: Executor,
  userId: number,
  where: SQL = sql`true`,
  page: { limit?: number; offset?: number; oldestFirst?: boolean } = {},
): Promise<BetRow[]> {
  const order = page.oldestFirst ? sql`b.placed_at asc, b.id asc` : sql`b.placed_at desc, b.id desc`;
  const rows = await queryRows<RawBetRow>(
    db,
    sql`select b.id, b.order_id, b.event_id, b.market_id, b.side, b.runner_id, b.price_hundredths, b.rate, b.line,
          b.stake_paise, b.liability_paise, b.profit_if_win_paise, b.status, b.result_paise,
          b.is_cash_out,
          (extract(epoch from b.placed_at) * 1000)::float8 as placed_ms,
          (extract(epoch from b.settled_at) * 1000)::float8 as settled_ms,
          m.name as market_name, m.type as market_type, e.title as event_name, e.sport_id,
          r.name as runner_name
        from bets b
        join markets m on m.id = b.market_id
        join events e on e.id = b.event_id
        left join runners r on r.market_id = b.market_id and r.id = b.runner_id
        where b.user_id = ${userId} and (${where})
        order by ${order}
        ${page.limit !== undefined ? sql`limit ${page.limit}` : sql``}
        ${page.offset !== undefined ? sql`offset ${page.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    betId: num(r.id),
    orderId: num(r.order_id),
    eventId: num(r.event_id),
    marketId: r.market_id,
    stored: storedBetOf(r),
    liabilityPaise: paiseOf(r.liability_paise),
    profitPaise: paiseOf(r.profit_if_win_paise),
    status: r.status,
    isCashOut: r.is_cash_out,
    placedAt: isoOf(r.placed_ms),
    settledAt: r.settled_ms === null ? null : isoOf(r.settled_ms),
    resultPaise: paiseOrNull(r.result_paise),
    marketName: r.market_name,
    marketType: r.market_type,
    eventName: r.event_name,
    sportId: num(r.sport_id),
    runnerName: r.runner_name,
  }));
}

export async function countBets(db: Executor, userId: number, where: SQL = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from bets b join events e on e.id = b.event_id
        where b.user_id = ${userId} and (${where})`,
  );
  return row ? num(row.n) : 0;
}

const BET_TYPE_NAMES = { back: 'Back', lay: 'Lay', yes: 'Yes', no: 'No' } as const;

/** A bet row on the wire (open bets, and the base of history items). */
export function toOpenBet(b: BetRow): OpenBet {
  const odds =
    b.stored.priceHundredths !== null
      ? priceToDecimal(b.stored.priceHundredths as Hundredths)
      : (b.stored.rate ?? 0);
  return {
    betId: b.betId,
    orderId: b.orderId,
    status: b.status === 'UNMATCHED' ? 'UNMATCHED' : 'MATCHED',
    isCashOut: b.isCashOut,
    eventName: b.eventName,
    eventId: b.eventId,
    marketId: b.marketId,
    runnerId: b.stored.runnerId,
    betTitle: b.eventName,
    betType: BET_TYPE_NAMES[b.stored.side],
    runnerName: b.runnerName ?? (b.stored.line !== null ? `${b.marketName} ${b.stored.line}` : b.marketName),
    odds,
    fancyValue: b.stored.line,
    stake: b.stored.stakePaise,
    expectedProfit: b.profitPaise,
    liability: b.liabilityPaise,
    marketName: b.marketName,
    marketTypeName: limitMarketTypeOf(b.marketType),
    placeTime: b.placedAt,
  };
}

export function toHistoryItem(b: BetRow) {
  return {
    ...toOpenBet(b),
    status: b.status,
    sportId: b.sportId,
    eventName: b.eventName,
    result: b.resultPaise,
    settledTime: b.settledAt,
  };
}

/**
 * The user's open bets, newest first, of one event or market when given: the matched parts, and
 * with `unmatched` also the parts resting in the book (open bets list both; expected P/L and cash
 * out value the matched ones only).
 */
export function openBetRows(
  db: Executor,
  userId: number,
  where: { eventId?: number | undefined; marketId?: string | undefined; unmatched?: boolean } = {},
): Promise<BetRow[]> {
  return betRows(
    db,
    userId,
    sql`${where.unmatched ? sql`b.status in ('MATCHED', 'UNMATCHED')` : sql`b.status = 'MATCHED'`}
        ${where.eventId !== undefined ? sql`and b.event_id = ${where.eventId}` : sql``}
        ${where.marketId !== undefined ? sql`and b.market_id = ${where.marketId}` : sql``}`,
  );
}

/** Runner ids of markets in their listed order, for valuing positions. */
export async function runnerIdsOf(
  db: Executor,
  marketIds: readonly string[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (marketIds.length === 0) return out;
  const rows = await queryRows<{ market_id: string; id: unknown }>(
    db,
    sql`select market_id, id from runners
        where market_id in (${sql.join(
          marketIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by market_id, sort_order, id`,
  );
  for (const r of rows) out.set(r.market_id, [...(out.get(r.market_id) ?? []), num(r.id)]);
  return out;
}

/** The user's held exposure per market. */
export async function marketExposures(db: Executor, userId: number): Promise<Map<string, Paise>> {
  const rows = await queryRows<{ market_id: string; exposure_paise: unknown }>(
    db,
    sql`select market_id, exposure_paise from market_exposures where user_id = ${userId}`,
  );
  return new Map(rows.map((r) => [r.market_id, paiseOf(r.exposure_paise)]));
}
