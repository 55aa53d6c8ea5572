import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import type { StoredBet } from './positions';
import { num, numOrNull, queryRows } from './sql-rows';

/*
 * The SQL of the bet path, written for few round trips: a bet is BEGIN, lock, load, write, COMMIT.
 *
 * Markets and settlement: every bet transaction holds a shared advisory lock on its market, and
 * settlement closes the market under the exclusive one. So once the close has committed, no bet can
 * still be on its way into that market: one that read the market as open has committed before the
 * settlement lists the users to settle.
 */
const MARKET_LOCK_CLASS = 0x62657473; // 'bets'

export async function lockMarketExclusive(tx: Tx, marketId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MARKET_LOCK_CLASS}, hashtext(${marketId}))`);
}

export interface BettorState {
  status: 'pending' | 'active' | 'locked' | 'closed';
  excludedUntilMs: number | null;
  existingBetId: number | null;
}

/** The user's standing and any bet already placed under this request id: one read before any wait. */
export async function bettorState(
  db: Executor,
  userId: number,
  requestId: string,
): Promise<BettorState | null> {
  const [row] = await queryRows<{ status: BettorState['status']; excluded: unknown; existing: unknown }>(
    db,
    sql`select u.status,
          case when u.excluded_until > now() then (extract(epoch from u.excluded_until) * 1000)::float8 end as excluded,
          (select b.id from bets b where b.user_id = u.id and b.request_id = ${requestId}) as existing
        from users u where u.id = ${userId}`,
  );
  if (!row) return null;
  return {
    status: row.status,
    excludedUntilMs: numOrNull(row.excluded),
    existingBetId: numOrNull(row.existing),
  };
}

export async function existingBetId(db: Executor, userId: number, requestId: string): Promise<number | null> {
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`select id from bets where user_id = ${userId} and request_id = ${requestId}`,
  );
  return row ? num(row.id) : null;
}

/** Locks the user's wallet row (and the market, shared) for the rest of the transaction. */
export async function lockWalletForBet(tx: Tx, userId: number, marketId: string): Promise<boolean> {
  const rows = await queryRows<{ user_id: unknown }>(
    tx,
    sql`select pg_advisory_xact_lock_shared(${MARKET_LOCK_CLASS}, hashtext(${marketId})) as locked,
          w.user_id from wallets w where w.user_id = ${userId} for update of w`,
  );
  return rows.length > 0;
}

export interface BetPosition {
  balancePaise: number;
  exposurePaise: number;
  status: BettorState['status'];
  excludedUntilMs: number | null;
  isDemo: boolean;
  /** False when the market row is closed (or missing). */
  marketOpen: boolean;
  /** The user's matched bets in the market, grouped by side, runner, price, rate and line. */
  bets: StoredBet[];
}

/**
 * Everything the acceptance check needs, read after the wallet lock so it sees every bet committed
 * before. Identical bets are summed: stakes are whole rupees, so x·(p − 1) and x·r/100 are exact
 * in paise and a group values exactly as its bets one by one, while a busy account reads a few rows
 * instead of all its bets.
 */
export async function loadBetPosition(tx: Tx, userId: number, marketId: string): Promise<BetPosition> {
  const [row] = await queryRows<{
    balance: unknown;
    exposure: unknown;
    status: BettorState['status'];
    excluded: unknown;
    is_demo: boolean;
    market_open: boolean | null;
    bets: [string, unknown, unknown, unknown, unknown, unknown][] | string;
  }>(
    tx,
    sql`select a.balance, w.exposure, u.status, u.is_demo,
          case when u.excluded_until > now() then (extract(epoch from u.excluded_until) * 1000)::float8 end as excluded,
          (select m.closed_at is null from markets m where m.id = ${marketId}) as market_open,
          (select coalesce(json_agg(json_build_array(g.side, g.runner_id, g.price_hundredths, g.rate, g.line, g.stake)), '[]'::json)
             from (select side, runner_id, price_hundredths, rate, line, sum(stake_paise) as stake
                     from bets where user_id = ${userId} and market_id = ${marketId} and status = 'MATCHED'
                    group by side, runner_id, price_hundredths, rate, line) g) as bets
        from wallets w
        join ledger_accounts a on a.id = w.cash_account_id
        join users u on u.id = w.user_id
        where w.user_id = ${userId}`,
  );
  if (!row) throw new Error(`wallet of user ${userId} missing`);
  const groups = typeof row.bets === 'string' ? (JSON.parse(row.bets) as typeof row.bets) : row.bets;
  return {
    balancePaise: num(row.balance),
    exposurePaise: num(row.exposure),
    status: row.status,
    excludedUntilMs: numOrNull(row.excluded),
    isDemo: row.is_demo,
    marketOpen: row.market_open === true,
    bets: (groups as [StoredBet['side'], unknown, unknown, unknown, unknown, unknown][]).map(
      ([side, runnerId, price, rate, line, stake]) => ({
        side,
        runnerId: numOrNull(runnerId),
        priceHundredths: numOrNull(price),
        rate: numOrNull(rate),
        line: numOrNull(line),
        stakePaise: num(stake),
      }),
    ),
  };
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

/**
 * Inserts the bet, records the market's new exposure and moves the wallet's exposure, in one
 * statement. Answers null (and writes nothing) when the request id was already used.
 */
export async function insertBet(tx: Tx, b: NewBet): Promise<{ betId: number; exposurePaise: number } | null> {
  const delta = b.exposureAfterPaise - b.exposureBeforePaise;
  const [row] = await queryRows<{ id: unknown; exposure: unknown }>(
    tx,
    sql`with ins as (
          insert into bets (user_id, domain_id, request_id, event_id, market_id, runner_id, side,
                            price_hundredths, rate, line, stake_paise, liability_paise, profit_if_win_paise, status, ip)
          values (${b.userId}, ${b.domainId}, ${b.requestId}, ${b.eventId}, ${b.marketId}, ${b.bet.runnerId},
                  ${b.bet.side}, ${b.bet.priceHundredths}, ${b.bet.rate}, ${b.bet.line}, ${b.bet.stakePaise},
                  ${b.liabilityPaise}, ${b.profitPaise}, 'MATCHED', ${b.ip})
          on conflict (user_id, request_id) do nothing
          returning id),
        ex as (
          insert into market_exposures (user_id, market_id, exposure_paise)
          select ${b.userId}, ${b.marketId}, ${b.exposureAfterPaise} from ins
          on conflict (user_id, market_id) do update set exposure_paise = excluded.exposure_paise
          returning 1),
        w as (
          update wallets set exposure = exposure + ${delta}, updated_at = now()
          where user_id = ${b.userId} and exists (select 1 from ins)
          returning exposure)
        select (select id from ins) as id, (select exposure from w) as exposure, (select count(*) from ex) as ex`,
  );
  if (!row || row.id === null) return null;
  return { betId: num(row.id), exposurePaise: num(row.exposure) };
}
