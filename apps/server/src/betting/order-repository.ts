import type { MarketType } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import { moveExposureStatement } from '../ledger';
import type { Executor, Tx } from '../platform/db/database';
import { MARKET_LOCK_CLASS } from './bet-repository';
import { storedBetOf, type StoredBet, type StoredBetColumns } from './positions';
import { num, numOrNull, paiseOf, queryRows } from './sql-rows';

/*
 * The statements of the orders resting in the book (order-service.ts). Every change of an order is
 * one transaction that takes, in the bet path's order, the market's shared advisory lock, the
 * owner's wallet row, then the order's UNMATCHED row `FOR UPDATE`; it ends by writing the market's
 * exposure (bumping `bets_placed`, the fast path's guard) and moving the wallet's by the difference.
 */

export type OrderRowStatus = 'MATCHED' | 'UNMATCHED' | 'SETTLED' | 'VOID' | 'CANCELLED' | 'LAPSED';

/** The order's first row: who placed it and where; null when there is no such order. */
export interface OrderHead {
  orderId: number;
  userId: number;
  eventId: number;
  marketId: string;
  marketType: MarketType;
}

export async function orderHead(db: Executor, orderId: number): Promise<OrderHead | null> {
  const [row] = await queryRows<{ user_id: unknown; event_id: unknown; market_id: string; type: MarketType }>(
    db,
    sql`select b.user_id, b.event_id, b.market_id, m.type from bets b join markets m on m.id = b.market_id
        where b.id = ${orderId} and b.order_id = ${orderId}`,
  );
  if (!row) return null;
  return {
    orderId,
    userId: num(row.user_id),
    eventId: num(row.event_id),
    marketId: row.market_id,
    marketType: row.type,
  };
}

/** The market's shared lock, then the wallet row's: as every bet transaction takes them. */
export async function lockOwner(tx: Tx, userId: number, marketId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${MARKET_LOCK_CLASS}, hashtext(${marketId}))`);
  const rows = await queryRows(tx, sql`select user_id from wallets where user_id = ${userId} for update`);
  return rows.length > 0;
}

/**
 * The market row still open (not closed by settlement). Read under the market's shared lock, which
 * settlement's close waits for: once the close commits, no fill or edit reads the market as open.
 */
export async function marketOpen(tx: Tx, marketId: string): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    tx,
    sql`select closed_at is null as open from markets where id = ${marketId}`,
  );
  return row?.open === true;
}

/** An order's part resting in the book, locked. */
export interface RestingRow {
  id: number;
  orderId: number;
  userId: number;
  eventId: number;
  marketId: string;
  requestId: string;
  domainId: number;
  persistence: 'cancel' | 'keep';
  isCashOut: boolean;
  ip: string;
  /** The feed odds version at which the matcher last filled part of it (null: never). */
  matchedVersion: number | null;
  stored: StoredBet;
}

interface RawResting extends StoredBetColumns {
  id: unknown;
  order_id: unknown;
  user_id: unknown;
  event_id: unknown;
  market_id: string;
  request_id: string;
  domain_id: unknown;
  persistence: 'cancel' | 'keep';
  is_cash_out: boolean;
  ip: string;
  matched_version: unknown;
}

const RESTING_COLUMNS = sql`id, order_id, user_id, event_id, market_id, request_id, domain_id, persistence,
  is_cash_out, ip, matched_version, side, runner_id, price_hundredths, rate, line, stake_paise`;

function restingOf(r: RawResting): RestingRow {
  return {
    id: num(r.id),
    orderId: num(r.order_id),
    userId: num(r.user_id),
    eventId: num(r.event_id),
    marketId: r.market_id,
    requestId: r.request_id,
    domainId: num(r.domain_id),
    persistence: r.persistence,
    isCashOut: r.is_cash_out,
    ip: r.ip,
    matchedVersion: numOrNull(r.matched_version),
    stored: storedBetOf(r),
  };
}

/** The order's resting part, locked FOR UPDATE (after the owner's locks); null when nothing rests. */
export async function lockResting(tx: Tx, orderId: number): Promise<RestingRow | null> {
  const [row] = await queryRows<RawResting>(
    tx,
    sql`select ${RESTING_COLUMNS} from bets where order_id = ${orderId} and status = 'UNMATCHED' for update`,
  );
  return row ? restingOf(row) : null;
}

/** A market's resting parts (not locked), oldest first; with `persistence` only those. */
export async function restingOfMarket(
  db: Executor,
  marketId: string,
  persistence?: 'cancel' | 'keep',
): Promise<RestingRow[]> {
  const rows = await queryRows<RawResting>(
    db,
    sql`select ${RESTING_COLUMNS} from bets
        where market_id = ${marketId} and status = 'UNMATCHED'
          ${persistence ? sql`and persistence = ${persistence}` : sql``}
        order by id`,
  );
  return rows.map(restingOf);
}

export async function restingMarketIds(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ market_id: string }>(
    db,
    sql`select distinct market_id from bets where status = 'UNMATCHED' order by market_id`,
  );
  return rows.map((r) => r.market_id);
}

/**
 * The part's price and stake (and so its liability and profit) set anew: what still rests, with the
 * feed version it was last filled at (a matcher's partial fill) or null (an edit, a cancel).
 */
export async function setRestingStake(
  tx: Tx,
  id: number,
  row: { priceHundredths: number | null; stakePaise: Paise; liabilityPaise: Paise; profitPaise: Paise },
  matchedVersion: number | null = null,
): Promise<void> {
  await tx.execute(
    sql`update bets set price_hundredths = ${row.priceHundredths}, stake_paise = ${row.stakePaise},
          liability_paise = ${row.liabilityPaise}, profit_if_win_paise = ${row.profitPaise},
          matched_version = ${matchedVersion}
        where id = ${id}`,
  );
}

/** The whole resting part turned into `status` (a match at `priceHundredths`, a cancel, a lapse). */
export async function setRestingStatus(
  tx: Tx,
  id: number,
  status: 'MATCHED' | 'CANCELLED' | 'LAPSED',
  row: { priceHundredths: number | null; liabilityPaise: Paise; profitPaise: Paise },
): Promise<void> {
  await tx.execute(
    sql`update bets set status = ${status}, price_hundredths = ${row.priceHundredths},
          liability_paise = ${row.liabilityPaise}, profit_if_win_paise = ${row.profitPaise}
        where id = ${id}`,
  );
}

/** A new row of the order (a part matched, cancelled or lapsed) beside its resting part; answers its id. */
export async function insertOrderRow(
  tx: Tx,
  from: RestingRow,
  row: {
    status: 'MATCHED' | 'CANCELLED' | 'LAPSED';
    priceHundredths: number | null;
    stakePaise: Paise;
    liabilityPaise: Paise;
    profitPaise: Paise;
  },
): Promise<number> {
  const s = from.stored;
  const [inserted] = await queryRows<{ id: unknown }>(
    tx,
    sql`insert into bets (order_id, user_id, domain_id, request_id, event_id, market_id, runner_id, side,
          price_hundredths, rate, line, stake_paise, liability_paise, profit_if_win_paise, status, ip,
          persistence, is_cash_out)
        values (${from.orderId}, ${from.userId}, ${from.domainId}, ${from.requestId}, ${from.eventId},
          ${from.marketId}, ${s.runnerId}, ${s.side}, ${row.priceHundredths}, ${s.rate}, ${s.line},
          ${row.stakePaise}, ${row.liabilityPaise}, ${row.profitPaise}, ${row.status}, ${from.ip},
          ${from.persistence}, ${from.isCashOut})
        returning id`,
  );
  if (!inserted) throw new Error('order row not inserted');
  return num(inserted.id);
}

/** The user's open bets in the market (matched and resting), grouped as the bet path groups them. */
export async function openPosition(
  tx: Executor,
  userId: number,
  marketId: string,
): Promise<{ matched: StoredBet[]; unmatched: StoredBet[] }> {
  const rows = await queryRows<StoredBetColumns & { status: string }>(
    tx,
    sql`select side, runner_id, price_hundredths, rate, line, status, sum(stake_paise) as stake_paise
        from bets where user_id = ${userId} and market_id = ${marketId} and status in ('MATCHED', 'UNMATCHED')
        group by side, runner_id, price_hundredths, rate, line, status`,
  );
  return {
    matched: rows.filter((r) => r.status === 'MATCHED').map(storedBetOf),
    unmatched: rows.filter((r) => r.status === 'UNMATCHED').map(storedBetOf),
  };
}

/** The wallet's balance and exposure, and the exposure the market holds now (0 when none). */
export async function walletAndHeld(
  tx: Executor,
  userId: number,
  marketId: string,
): Promise<{ balancePaise: Paise; exposurePaise: Paise; heldPaise: Paise }> {
  const [row] = await queryRows<{ balance: unknown; exposure: unknown; held: unknown }>(
    tx,
    sql`select a.balance, w.exposure,
          coalesce((select exposure_paise from market_exposures
                    where user_id = ${userId} and market_id = ${marketId}), 0) as held
        from wallets w join ledger_accounts a on a.id = w.cash_account_id where w.user_id = ${userId}`,
  );
  if (!row) throw new Error(`no wallet for user ${userId}`);
  return {
    balancePaise: paiseOf(row.balance),
    exposurePaise: paiseOf(row.exposure),
    heldPaise: paiseOf(row.held),
  };
}

/**
 * The market's exposure set to `exposurePaise` (its change counted: `bets_placed` + 1, so no server
 * keeps deciding on a remembered position), the wallet's moved by the difference from what the
 * market held. Answers the wallet after.
 */
export async function writeExposure(
  tx: Tx,
  userId: number,
  marketId: string,
  exposurePaise: Paise,
): Promise<{ balancePaise: Paise; exposurePaise: Paise }> {
  const [row] = await queryRows<{ balance: unknown; exposure: unknown }>(
    tx,
    sql`with old as (
          select coalesce((select exposure_paise from market_exposures
                           where user_id = ${userId} and market_id = ${marketId}), 0) as e),
        ex as (
          insert into market_exposures (user_id, market_id, exposure_paise, bets_placed)
          values (${userId}, ${marketId}, ${exposurePaise}, 1)
          on conflict (user_id, market_id) do update
            set exposure_paise = excluded.exposure_paise, bets_placed = market_exposures.bets_placed + 1
          returning 1),
        w as (${moveExposureStatement(userId, sql`(${exposurePaise}::bigint - (select e from old))`)})
        select (select count(*) from ex) as ex, w.exposure, a.balance
        from w join ledger_accounts a on a.id = w.cash_account_id`,
  );
  if (!row) throw new Error(`no wallet for user ${userId}`);
  return { balancePaise: paiseOf(row.balance), exposurePaise: paiseOf(row.exposure) };
}

/** Stakes over the order's life: matched (open or settled), resting now, and whether a part was cancelled or lapsed. */
export interface OrderTotals {
  matchedPaise: Paise;
  unmatchedPaise: Paise;
  cancelled: boolean;
  lapsed: boolean;
}

export async function orderTotals(tx: Executor, orderId: number): Promise<OrderTotals> {
  const rows = await queryRows<{ status: OrderRowStatus; stake: unknown }>(
    tx,
    sql`select status, sum(stake_paise) as stake from bets where order_id = ${orderId} group by status`,
  );
  const of = (...statuses: OrderRowStatus[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + num(r.stake), 0);
  return {
    matchedPaise: paise(of('MATCHED', 'SETTLED', 'VOID')),
    unmatchedPaise: paise(of('UNMATCHED')),
    cancelled: rows.some((r) => r.status === 'CANCELLED'),
    lapsed: rows.some((r) => r.status === 'LAPSED'),
  };
}

/** A cancel's or edit's stored answer under the user's request id, if the request was made. */
export async function storedAction(
  db: Executor,
  userId: number,
  requestId: string,
): Promise<{ kind: 'cancel' | 'update'; orderId: number; answer: unknown } | null> {
  const [row] = await queryRows<{ kind: 'cancel' | 'update'; order_id: unknown; answer: unknown }>(
    db,
    sql`select kind, order_id, answer from bet_actions where user_id = ${userId} and request_id = ${requestId}`,
  );
  if (!row) return null;
  const answer = typeof row.answer === 'string' ? (JSON.parse(row.answer) as unknown) : row.answer;
  return { kind: row.kind, orderId: num(row.order_id), answer };
}

export async function storeAction(
  tx: Tx,
  userId: number,
  requestId: string,
  kind: 'cancel' | 'update',
  orderId: number,
  answer: unknown,
): Promise<void> {
  await tx.execute(
    sql`insert into bet_actions (user_id, request_id, kind, order_id, answer)
        values (${userId}, ${requestId}, ${kind}, ${orderId}, ${JSON.stringify(answer)}::jsonb)`,
  );
}

/** The market's type and runner ids as stored (for a market the feed no longer quotes). */
export async function storedMarketShape(
  db: Executor,
  marketId: string,
): Promise<{ type: MarketType; runnerIds: number[] } | null> {
  const rows = await queryRows<{ type: MarketType; runner_id: unknown }>(
    db,
    sql`select m.type, r.id as runner_id from markets m left join runners r on r.market_id = m.id
        where m.id = ${marketId} order by r.sort_order, r.id`,
  );
  const first = rows[0];
  if (!first) return null;
  return {
    type: first.type,
    runnerIds: rows.map((r) => numOrNull(r.runner_id)).filter((id): id is number => id !== null),
  };
}
