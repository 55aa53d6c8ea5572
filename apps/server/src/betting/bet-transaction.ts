import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../platform/db/database';
import { MARKET_LOCK_CLASS } from './bet-repository';
import type { StoredBet } from './positions';
import { num, numOrNull } from './sql-rows';

/*
 * The bet transaction in two round trips on PostgreSQL:
 *
 *   1. BEGIN; take the market's shared lock and the wallet row lock; read the position
 *   2. insert the bet, the market's exposure and the wallet's exposure; COMMIT
 *
 * with the acceptance decision (@backlay/exchange, in JavaScript) between them. The statements of one
 * simple-protocol message each take their own snapshot, so the read after the lock sees every bet
 * of this user committed before it: that is what a single SELECT ... FOR UPDATE with sub-selects
 * would not guarantee after waiting for the lock. The values are written into the text as literals
 * (integers checked, strings escaped by the driver), which a multi-statement message requires.
 *
 * PGlite (one connection, in process) runs the same statements one by one in a Drizzle transaction.
 */

export type BettorStatus = 'pending' | 'active' | 'locked' | 'closed';

export interface BetPosition {
  balancePaise: number;
  exposurePaise: number;
  status: BettorStatus;
  excludedUntilMs: number | null;
  isDemo: boolean;
  /** False when the market row is closed (or missing). */
  marketOpen: boolean;
  /** The bet this user already placed under this request id, if any. */
  existingBetId: number | null;
  /** The user's matched bets in the market, grouped by side, runner, price, rate and line. */
  bets: StoredBet[];
}

export interface NewBet {
  userId: number;
  domainId: number;
  requestId: string;
  eventId: number;
  marketId: string;
  bet: StoredBet;
  liabilityPaise: number;
  profitPaise: number;
  ip: string;
  exposureBeforePaise: number;
  exposureAfterPaise: number;
}

export interface Placed {
  /** Null when the request id turned out to be used already (nothing was written). */
  betId: number | null;
  balancePaise: number;
  exposurePaise: number;
}

const int = (n: number | null): string => {
  if (n === null) return 'null';
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${String(n)}`);
  return String(n);
};
const text = (s: string): string => pg.escapeLiteral(s);

function lockSql(userId: number, marketId: string): string {
  return `select pg_advisory_xact_lock_shared(${MARKET_LOCK_CLASS}, hashtext(${text(marketId)})) as locked, w.user_id
    from wallets w where w.user_id = ${int(userId)} for update of w`;
}

/**
 * Identical bets are summed: stakes are whole rupees, so x·(p − 1) and x·r/100 are exact in paise
 * and a group values exactly as its bets one by one, while a busy account reads a few rows.
 */
function loadSql(userId: number, marketId: string, requestId: string): string {
  const u = int(userId);
  const m = text(marketId);
  return `select a.balance, w.exposure, u.status, u.is_demo,
      case when u.excluded_until > now() then (extract(epoch from u.excluded_until) * 1000)::float8 end as excluded,
      (select mk.closed_at is null from markets mk where mk.id = ${m}) as market_open,
      (select b.id from bets b where b.user_id = ${u} and b.request_id = ${text(requestId)}) as existing,
      (select coalesce(json_agg(json_build_array(g.side, g.runner_id, g.price_hundredths, g.rate, g.line, g.stake)), '[]'::json)
         from (select side, runner_id, price_hundredths, rate, line, sum(stake_paise) as stake
                 from bets where user_id = ${u} and market_id = ${m} and status = 'MATCHED'
                group by side, runner_id, price_hundredths, rate, line) g) as bets
    from wallets w
    join ledger_accounts a on a.id = w.cash_account_id
    join users u on u.id = w.user_id
    where w.user_id = ${u}`;
}

/** Inserts the bet, sets the market's exposure and moves the wallet's; writes nothing for a used request id. */
function insertSql(b: NewBet): string {
  const delta = b.exposureAfterPaise - b.exposureBeforePaise;
  const u = int(b.userId);
  const m = text(b.marketId);
  return `with ins as (
      insert into bets (user_id, domain_id, request_id, event_id, market_id, runner_id, side,
                        price_hundredths, rate, line, stake_paise, liability_paise, profit_if_win_paise, status, ip)
      values (${u}, ${int(b.domainId)}, ${text(b.requestId)}, ${int(b.eventId)}, ${m}, ${int(b.bet.runnerId)},
              ${text(b.bet.side)}, ${int(b.bet.priceHundredths)}, ${int(b.bet.rate)}, ${int(b.bet.line)},
              ${int(b.bet.stakePaise)}, ${int(b.liabilityPaise)}, ${int(b.profitPaise)}, 'MATCHED', ${text(b.ip)})
      on conflict (user_id, request_id) do nothing
      returning id),
    ex as (
      insert into market_exposures (user_id, market_id, exposure_paise)
      select ${u}, ${m}, ${int(b.exposureAfterPaise)} from ins
      on conflict (user_id, market_id) do update set exposure_paise = excluded.exposure_paise
      returning 1),
    w as (
      update wallets set exposure = exposure + ${int(delta)}, updated_at = now()
      where user_id = ${u} and exists (select 1 from ins)
      returning exposure)
    select (select id from ins) as id, (select exposure from w) as exposure, (select count(*) from ex) as ex`;
}

type Row = Record<string, unknown>;

function toPosition(row: Row | undefined): BetPosition | null {
  if (!row) return null;
  const raw = row.bets;
  const groups = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[][];
  return {
    balancePaise: num(row.balance),
    exposurePaise: num(row.exposure),
    status: row.status as BettorStatus,
    excludedUntilMs: numOrNull(row.excluded),
    isDemo: row.is_demo === true,
    marketOpen: row.market_open === true,
    existingBetId: numOrNull(row.existing),
    bets: groups.map(([side, runnerId, price, rate, line, stake]) => ({
      side: side as StoredBet['side'],
      runnerId: numOrNull(runnerId),
      priceHundredths: numOrNull(price),
      rate: numOrNull(rate),
      line: numOrNull(line),
      stakePaise: num(stake),
    })),
  };
}

/**
 * Locks the user's wallet (and the market, shared), hands the position to `decide`, and writes the
 * bet it answers, all in one transaction. `decide` refuses by throwing; nothing is written then.
 * Answers null when the user has no wallet.
 */
export async function placeAtomically(
  db: Db,
  key: { userId: number; marketId: string; requestId: string },
  decide: (position: BetPosition) => NewBet,
): Promise<Placed | null> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return placeOnPool(pool, key, decide);
  return db.transaction(async (tx) => {
    const run = async (q: string) => ((await tx.execute(sql.raw(q))) as unknown as { rows: Row[] }).rows;
    const locked = await run(lockSql(key.userId, key.marketId));
    if (locked.length === 0) return null;
    const position = toPosition((await run(loadSql(key.userId, key.marketId, key.requestId)))[0]);
    if (!position) return null;
    const bet = decide(position);
    const [row] = await run(insertSql(bet));
    return placedOf(row, position);
  });
}

function placedOf(row: Row | undefined, position: BetPosition): Placed {
  if (!row || row.id === null) return { betId: null, ...position };
  return { betId: num(row.id), balancePaise: position.balancePaise, exposurePaise: num(row.exposure) };
}

async function placeOnPool(
  pool: pg.Pool,
  key: { userId: number; marketId: string; requestId: string },
  decide: (position: BetPosition) => NewBet,
): Promise<Placed | null> {
  const client = await pool.connect();
  let open = false;
  try {
    open = true;
    const first = (await client.query(
      `begin; ${lockSql(key.userId, key.marketId)}; ${loadSql(key.userId, key.marketId, key.requestId)}`,
    )) as unknown as pg.QueryResult<Row>[];
    const locked = first[1]?.rows ?? [];
    const position = locked.length > 0 ? toPosition(first[2]?.rows[0]) : null;
    if (!position) {
      await client.query('rollback');
      open = false;
      return null;
    }
    const bet = decide(position);
    const second = (await client.query(`${insertSql(bet)}; commit`)) as unknown as pg.QueryResult<Row>[];
    open = false;
    return placedOf(second[0]?.rows[0], position);
  } catch (err) {
    if (open) await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
