import type { Paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { lockWalletRowsInOrderSql, moveExposureCte } from '../ledger';
import type { Db } from '../platform/db/database';
import { lossStateColumnSql, noLossLimitSql, parseLossState, type LossState } from '../responsible-gaming';
import { BatchLanes } from './batch-lanes';
import { MARKET_LOCK_CLASS } from './bet-repository';
import { KnownPositions } from './known-positions';
import type { StoredBet } from './positions';
import { num, numOrNull, paiseOf } from './sql-rows';

/*
 * The bet write repository: the bet transaction on PostgreSQL. Its wallet statements (the batch's row
 * locks and the exposure it reserves) come from the ledger (ledger/wallet-repository.ts), which owns what they
 * do; the bet service announces the changed wallet to the ledger after the commit.
 * The first bet of a user in a market on this server takes two
 * round trips:
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
 * The server then remembers the position (KnownPositions), and the next bet is decided on it and
 * written with an insert guarded by "that state is still the state now", batched with other users'
 * bets (writeBatch over BatchLanes): one round trip, shared. A guard that fails writes nothing and the bet goes the
 * two-round-trip way.
 *
 * PGlite (one connection, in process) runs the statements of the first way one by one in a Drizzle
 * transaction.
 */

export type BettorStatus = 'pending' | 'active' | 'locked' | 'closed';

export interface BetPosition {
  balancePaise: Paise;
  exposurePaise: Paise;
  status: BettorStatus;
  excludedUntilMs: number | null;
  /** The end of a time-out the player is taking, while it runs. */
  timedOutUntilMs: number | null;
  /** The player's loss limits and what they lost in each window; null (no sums read) without one. */
  loss: LossState | null;
  isDemo: boolean;
  /** False when the market row is closed (or missing). */
  marketOpen: boolean;
  /** The order this user already placed under this request id, if any. */
  existingBetId: number | null;
  /** The user's matched bets in the market, grouped by side, runner, price, rate and line. */
  bets: StoredBet[];
  /** The parts of the user's orders resting unmatched in the market, grouped the same way. */
  unmatched: StoredBet[];
}

/** One row of a new order: a part matched at one price, or the part resting at the asked price. */
export interface NewBetRow {
  status: 'MATCHED' | 'UNMATCHED';
  /** Exchange markets: the row's price in hundredths; null for rate-priced bets. */
  priceHundredths: number | null;
  stakePaise: Paise;
  liabilityPaise: Paise;
  profitPaise: Paise;
  /**
   * The resting part: the feed's odds version of the market its order was matched against, stored
   * as `matched_version`, so the feed owner's matcher does not fill it again at the prices (the
   * sizes) the order has just taken; it fills at the next prices that reach it. Null otherwise.
   */
  matchedVersion?: number | null;
}

/** An order to write: its terms, then one row per fill (best first) and the resting part last. */
export interface NewBet {
  userId: number;
  domainId: number;
  requestId: string;
  eventId: number;
  marketId: string;
  side: StoredBet['side'];
  runnerId: number | null;
  /** Rate-priced bets (bookmaker, toss, fancy): the rate; null on exchange markets. */
  rate: number | null;
  line: number | null;
  rows: NewBetRow[];
  persistence: 'cancel' | 'keep';
  isCashOut: boolean;
  ip: string;
  exposureBeforePaise: Paise;
  exposureAfterPaise: Paise;
}

export interface Placed {
  /** The order's id (its first row's); null when the request id turned out to be used already (nothing was written). */
  betId: number | null;
  /** The id of each row written, in the order of `NewBet.rows`. */
  rowIds: number[];
  balancePaise: Paise;
  exposurePaise: Paise;
}

const int = (n: number | null): string => {
  if (n === null) return 'null';
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${String(n)}`);
  return String(n);
};
const text = (s: string): string => pg.escapeLiteral(s);

/** The market's shared lock first, then the wallet row's (the projection runs below the row lock). */
function lockSql(u: string, m: string): string {
  return `select pg_advisory_xact_lock_shared(${MARKET_LOCK_CLASS}, hashtext(${m})) as locked, w.user_id
    from wallets w where w.user_id = ${u} for update of w`;
}

/**
 * Identical bets are summed: stakes are whole rupees, so x·(p − 1) and x·r/100 are exact in paise
 * and a group values exactly as its bets one by one, while a busy account reads a few rows. Matched
 * bets and resting (unmatched) parts are grouped apart.
 */
function loadSql(u: string, m: string, r: string): string {
  return `select a.balance, w.exposure, u.status, u.is_demo,
      case when u.excluded_until > now() then (extract(epoch from u.excluded_until) * 1000)::float8 end as excluded,
      case when u.timed_out_until > now() then (extract(epoch from u.timed_out_until) * 1000)::float8 end as timed_out,
      ${lossStateColumnSql(u, 'w.cash_account_id')} as loss,
      (select mk.closed_at is null from markets mk where mk.id = ${m}) as market_open,
      (select b.id from bets b where b.user_id = ${u} and b.request_id = ${r} and b.id = b.order_id) as existing,
      (select coalesce(json_agg(json_build_array(g.side, g.runner_id, g.price_hundredths, g.rate, g.line, g.stake, g.status)), '[]'::json)
         from (select side, runner_id, price_hundredths, rate, line, status, sum(stake_paise) as stake
                 from bets where user_id = ${u} and market_id = ${m} and status in ('MATCHED', 'UNMATCHED')
                group by side, runner_id, price_hundredths, rate, line, status) g) as bets,
      (select coalesce((select bets_placed from market_exposures
        where user_id = ${u} and market_id = ${m}), 0)) as bets_placed
    from wallets w
    join ledger_accounts a on a.id = w.cash_account_id
    join users u on u.id = w.user_id
    where w.user_id = ${u}`;
}

/** The order's rows as the insert reads them: [status, price, stake, liability, profit, matched version] each. */
function rowsJson(rows: readonly NewBetRow[]): string {
  if (rows.length === 0) throw new Error('an order writes at least one row');
  return JSON.stringify(
    rows.map((r) => [
      r.status,
      r.priceHundredths === null ? null : Number(int(r.priceHundredths)),
      Number(int(r.stakePaise)),
      Number(int(r.liabilityPaise)),
      Number(int(r.profitPaise)),
      r.matchedVersion == null ? null : Number(int(r.matchedVersion)),
    ]),
  );
}

/** The values of a new order in the order of the insert's placeholders. */
function insertArgs(b: NewBet): string[] {
  return [
    int(b.userId),
    int(b.domainId),
    text(b.requestId),
    int(b.eventId),
    text(b.marketId),
    int(b.runnerId),
    text(b.side),
    int(b.rate),
    int(b.line),
    text(rowsJson(b.rows)),
    text(b.ip),
    text(b.persistence),
    b.isCashOut ? 'true' : 'false',
    int(b.exposureAfterPaise),
    int(b.exposureAfterPaise - b.exposureBeforePaise),
  ];
}
const INSERT_ARGS = 15;
const INSERT_TYPES =
  'bigint, int, text, bigint, text, bigint, text, int, int, jsonb, text, text, boolean, bigint, bigint';

/**
 * Inserts the order (its first row, whose id is the order's id, then the others), sets the market's
 * exposure and moves the wallet's; writes nothing for a used request id (the first row's unique
 * index decides, and the other rows follow only from an inserted first row). With `guard` (a query
 * answering a row when the insert may go ahead) it writes nothing either unless the guard answers.
 */
function insertSql(a: readonly string[], guard?: string): string {
  const [
    u,
    domain,
    requestId,
    event,
    m,
    runner,
    side,
    rate,
    line,
    rows,
    ip,
    persistence,
    cashOut,
    after,
    delta,
  ] = a;
  if (u === undefined || delta === undefined)
    throw new Error(`the bet insert takes ${INSERT_ARGS} arguments`);
  const columns = `user_id, domain_id, request_id, event_id, market_id, runner_id, side, price_hundredths, rate, line,
                   stake_paise, liability_paise, profit_if_win_paise, status, ip, persistence, is_cash_out,
                   matched_version`;
  const values = `${u}, ${domain}, ${requestId}, ${event}, ${m}, ${runner}, ${side}, r.price, ${rate}, ${line},
              r.stake, r.liability, r.profit, r.status, ${ip}, ${persistence}, ${cashOut}, r.matched_version`;
  return `with ${guard ? `ok as (${guard}),` : ''}
    r as (
      select e.ord, e.v->>0 as status, (e.v->>1)::int as price, (e.v->>2)::bigint as stake,
             (e.v->>3)::bigint as liability, (e.v->>4)::bigint as profit, (e.v->>5)::bigint as matched_version
      from jsonb_array_elements(${rows}::jsonb) with ordinality e(v, ord)),
    n as (select nextval('bets_id_seq') as id ${guard ? 'where exists (select 1 from ok)' : ''}),
    ins as (
      insert into bets (id, order_id, ${columns})
      select n.id, n.id, ${values} from n, r where r.ord = 1
      on conflict (user_id, request_id) where id = order_id do nothing
      returning id),
    more as (
      insert into bets (order_id, ${columns})
      select ins.id, ${values} from ins, r where r.ord > 1 order by r.ord
      returning id, status, price_hundredths),
    ex as (
      insert into market_exposures (user_id, market_id, exposure_paise, bets_placed)
      select ${u}, ${m}, ${after}, 1 from ins
      on conflict (user_id, market_id) do update
        set exposure_paise = excluded.exposure_paise, bets_placed = market_exposures.bets_placed + 1
      returning 1),
    w as (${moveExposureCte(u, delta, 'exists (select 1 from ins)')})
    select ${guard ? '(select count(*) from ok) as ok,' : ''} (select id from ins) as id,
      (select coalesce(json_agg(json_build_array(id, status, price_hundredths)), '[]'::json) from more) as more,
      (select exposure from w) as exposure, (select count(*) from ex) as ex`;
}

/**
 * The guard of the one-round-trip path: the state a decision was taken on is still the state now
 * (the balance, the wallet's exposure, the user's standing: active, no self-exclusion or time-out in
 * force and still no loss limit, which a remembered decision does not judge; the market open, and
 * the same bets in the market, matched and resting, known by the count the bet path keeps beside the market's
 * exposure: every change of a user's bets in a market (a bet, a fill of a resting order, a cancel,
 * a lapse, an edit) bumps it under the wallet lock). It runs after the wallet lock in the same
 * transaction, so it holds to commit.
 */
function stateGuard(a: readonly string[]): string {
  const [u, , , , m] = a;
  const [balance, exposure, placed] = a.slice(INSERT_ARGS);
  if (u === undefined || placed === undefined)
    throw new Error(`the guard takes ${INSERT_ARGS + 3} arguments`);
  return `select 1 from wallets w
        join ledger_accounts a on a.id = w.cash_account_id
        join users u on u.id = w.user_id
      where w.user_id = ${u} and a.balance = ${balance} and w.exposure = ${exposure}
        and u.status = 'active' and (u.excluded_until is null or u.excluded_until <= now())
        and (u.timed_out_until is null or u.timed_out_until <= now()) and ${noLossLimitSql(u)}
        and exists (select 1 from markets mk where mk.id = ${m} and mk.closed_at is null)
        and coalesce((select bets_placed from market_exposures
               where user_id = ${u} and market_id = ${m}), 0) = ${placed}`;
}

const placeholders = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`);

/**
 * The three statements prepared once per connection: PostgreSQL then neither parses nor (after a few
 * runs) plans them again, and a bet sends only EXECUTE lines.
 */
const PREPARE = [
  `prepare backlay_bet_lock(bigint, text) as ${lockSql('$1', '$2')}`,
  // A batch's locks, each kind in one fixed order (see writeBatch).
  `prepare backlay_bet_lock_markets(text[]) as
     select pg_advisory_xact_lock_shared(${MARKET_LOCK_CLASS}, hashtext(m))
     from (select distinct unnest($1) as m order by m) s`,
  `prepare backlay_bet_lock_wallets(bigint[]) as ${lockWalletRowsInOrderSql('$1')}`,
  `prepare backlay_bet_load(bigint, text, text) as ${loadSql('$1', '$2', '$3')}`,
  `prepare backlay_bet_insert(${INSERT_TYPES}) as ${insertSql(placeholders(INSERT_ARGS))}`,
  `prepare backlay_bet_guarded(${INSERT_TYPES}, bigint, bigint, int) as ${insertSql(
    placeholders(INSERT_ARGS + 3),
    stateGuard(placeholders(INSERT_ARGS + 3)),
  )}`,
].join(';\n');

type Row = Record<string, unknown>;

function toPosition(row: Row | undefined): BetPosition | null {
  if (!row) return null;
  const raw = row.bets;
  const groups = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[][];
  const stored = (group: unknown[]): StoredBet => {
    const [side, runnerId, price, rate, line, stake] = group;
    return {
      side: side as StoredBet['side'],
      runnerId: numOrNull(runnerId),
      priceHundredths: numOrNull(price),
      rate: numOrNull(rate),
      line: numOrNull(line),
      stakePaise: paiseOf(stake),
    };
  };
  return {
    balancePaise: paiseOf(row.balance),
    exposurePaise: paiseOf(row.exposure),
    status: row.status as BettorStatus,
    excludedUntilMs: numOrNull(row.excluded),
    timedOutUntilMs: numOrNull(row.timed_out),
    loss: parseLossState(row.loss),
    isDemo: row.is_demo === true,
    marketOpen: row.market_open === true,
    existingBetId: numOrNull(row.existing),
    bets: groups.filter((g) => g[6] === 'MATCHED').map(stored),
    unmatched: groups.filter((g) => g[6] === 'UNMATCHED').map(stored),
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
    const u = int(key.userId);
    const m = text(key.marketId);
    const locked = await run(lockSql(u, m));
    if (locked.length === 0) return null;
    const position = toPosition((await run(loadSql(u, m, text(key.requestId))))[0]);
    if (!position) return null;
    const bet = decide(position);
    const [row] = await run(insertSql(insertArgs(bet)));
    return placedOf(row, position, bet);
  });
}

function placedOf(row: Row | undefined, position: BetPosition, bet: NewBet): Placed {
  if (!row || row.id === null) return { betId: null, rowIds: [], ...position };
  const orderId = num(row.id);
  const raw = row.more;
  const more = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[][]).map(
    ([id, status, price]) => ({
      id: num(id),
      status,
      price: numOrNull(price),
    }),
  );
  // The other rows differ by status and price (one fill per price, one resting part).
  const rowIds = bet.rows.map((r, i) => {
    if (i === 0) return orderId;
    const found = more.find((m) => m.status === r.status && m.price === r.priceHundredths);
    if (!found) throw new Error(`order ${orderId}: row ${i} was not written`);
    return found.id;
  });
  return {
    betId: orderId,
    rowIds,
    balancePaise: position.balancePaise,
    exposurePaise: paiseOf(row.exposure),
  };
}

/**
 * Bets added to a group list: a bet on the same side, runner, price, rate and line as a group is
 * summed into it (as the position's read groups them: stakes are whole rupees, so a group values
 * exactly as its bets one by one), so a remembered position stays as small as a read one however
 * many bets the player places in the market.
 */
export function withGrouped(groups: readonly StoredBet[], added: readonly StoredBet[]): StoredBet[] {
  const out = [...groups];
  for (const bet of added) {
    const i = out.findIndex(
      (g) =>
        g.side === bet.side &&
        g.runnerId === bet.runnerId &&
        g.priceHundredths === bet.priceHundredths &&
        g.rate === bet.rate &&
        g.line === bet.line,
    );
    const group = out[i];
    if (group) out[i] = { ...group, stakePaise: paiseOf(group.stakePaise + bet.stakePaise) };
    else out.push(bet);
  }
  return out;
}

/** The position after the order: its fills among the matched bets, its resting part among the unmatched. */
function positionAfter(position: BetPosition, bet: NewBet, exposurePaise: Paise): BetPosition {
  const stored = (r: NewBetRow): StoredBet => ({
    side: bet.side,
    runnerId: bet.runnerId,
    priceHundredths: r.priceHundredths,
    rate: bet.rate,
    line: bet.line,
    stakePaise: r.stakePaise,
  });
  return {
    ...position,
    exposurePaise,
    bets: withGrouped(position.bets, bet.rows.filter((r) => r.status === 'MATCHED').map(stored)),
    unmatched: withGrouped(position.unmatched, bet.rows.filter((r) => r.status === 'UNMATCHED').map(stored)),
  };
}

const preparedOn = new WeakSet<pg.PoolClient>();

/** One fast-path bet waiting for its batch: the guarded insert's arguments. */
interface GuardedJob {
  userId: number;
  marketId: string;
  args: string[];
}

/**
 * A batch of one-round-trip bets of many users, written together as one transaction in one
 * message, so a busy exchange pays one commit, one network exchange and one pooled connection for
 * several bets (BatchLanes forms the batches).
 *
 * Each bet stays guarded on its own: its insert writes nothing unless the state it was decided on
 * is the state now. The batch takes the markets' shared locks, then the wallets' locks, each in a
 * fixed order, before any insert: two batches never wait for each other in a circle, and a
 * settlement (the market's exclusive lock, then one wallet at a time) never waits on a batch that
 * waits on it. If the batch fails as a whole (a deadlock with some other writer, a lost
 * connection), every bet in it answers null and takes the two-round-trip path on its own.
 */
async function writeBatch(client: pg.PoolClient, batch: GuardedJob[]): Promise<(Row | undefined)[]> {
  const markets = [...new Set(batch.map((j) => j.marketId))].map(text).join(', ');
  const users = [...new Set(batch.map((j) => j.userId))].map(int).join(', ');
  const inserts = batch.map((j) => `execute backlay_bet_guarded(${j.args.join(', ')})`).join(';\n');
  let results: pg.QueryResult<Row>[];
  try {
    results = (await client.query(
      `begin; execute backlay_bet_lock_markets(array[${markets}]); execute backlay_bet_lock_wallets(array[${users}]);
       ${inserts}; commit`,
    )) as unknown as pg.QueryResult<Row>[];
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  return batch.map((_, i) => results[3 + i]?.rows[0]);
}

/**
 * Batches in flight at once: one for every 8 connections of the pool (3 for bench/bets' 24, 2 for
 * the default 20). Fewer lanes make bigger batches, so fewer commits and round trips for as many
 * bets: bench/bets alone (64 players, 24 connections) placed 3,308 bets/s, p99 37 ms, with 6 lanes
 * and 3,873-4,245, p99 26-32 ms, with 3 (2 and 1 lane measured alike, within the noise); more than
 * one, so a batch waiting on a lock (a market being settled) does not hold every bet.
 */
const LANES_PER_POOL_CONNECTIONS = 8;
const MAX_BATCH = 32;

/** What one pool's bet path keeps in this process: its batch lanes and the positions it last knew. */
interface PoolState {
  writer: BatchLanes<GuardedJob, Row>;
  known: KnownPositions;
}
const poolStates = new WeakMap<pg.Pool, PoolState>();

function stateOf(pool: pg.Pool): PoolState {
  let state = poolStates.get(pool);
  if (!state) {
    const lanes = Math.max(1, Math.floor((pool.options.max ?? 10) / LANES_PER_POOL_CONNECTIONS));
    state = {
      writer: new BatchLanes(
        (batch) => withClient(pool, (client) => writeBatch(client, batch)),
        lanes,
        MAX_BATCH,
      ),
      known: new KnownPositions(),
    };
    poolStates.set(pool, state);
  }
  return state;
}

/**
 * One round trip, shared with other users' bets, when this process knows the user's state in the
 * market from an earlier bet: the insert guarded by "the state is unchanged". If the known state is
 * stale (a bet through another server, a settlement, a deposit or withdrawal) or the decision on it
 * is a refusal, nothing is written and the bet takes the two-round-trip path on freshly read state,
 * which decides.
 */
async function tryKnownState(
  state: PoolState,
  key: { userId: number; marketId: string },
  decide: (position: BetPosition) => NewBet,
): Promise<Placed | null> {
  const known = state.known.get(key.userId, key.marketId);
  // A loss limit is judged on sums that move with the clock (a window's old results drop out), so
  // such a player's bet always reads them afresh the two-round-trip way.
  if (!known || known.position.loss !== null) return null;
  const { position, placed } = known;
  let bet: NewBet;
  try {
    bet = decide(position);
  } catch {
    return null;
  }
  const args = [...insertArgs(bet), int(position.balancePaise), int(position.exposurePaise), int(placed)];
  const row = await state.writer.write({ userId: key.userId, marketId: key.marketId, args });
  if (!row || num(row.ok) !== 1) {
    state.known.forget(key.userId);
    return null;
  }
  if (row.id === null) return { betId: null, rowIds: [], ...position };
  const written = placedOf(row, position, bet);
  state.known.remember(
    key.userId,
    key.marketId,
    positionAfter(position, bet, written.exposurePaise),
    placed + 1,
  );
  return written;
}

/** A pooled connection with the bet statements prepared on it. */
async function withClient<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    if (!preparedOn.has(client)) {
      // A connection whose preparation failed half way is closed rather than reused.
      broken = true;
      await client.query(PREPARE);
      preparedOn.add(client);
      broken = false;
    }
    return await use(client);
  } finally {
    client.release(broken);
  }
}

async function placeOnPool(
  pool: pg.Pool,
  key: { userId: number; marketId: string; requestId: string },
  decide: (position: BetPosition) => NewBet,
): Promise<Placed | null> {
  const state = stateOf(pool);
  const fast = await tryKnownState(state, key, decide);
  if (fast) return fast;
  return withClient(pool, async (client) => {
    const u = int(key.userId);
    const m = text(key.marketId);
    let open = true;
    try {
      const first = (await client.query(
        `begin; execute backlay_bet_lock(${u}, ${m}); execute backlay_bet_load(${u}, ${m}, ${text(key.requestId)})`,
      )) as unknown as pg.QueryResult<Row>[];
      const locked = first[1]?.rows ?? [];
      const loadedRow = first[2]?.rows[0];
      const position = locked.length > 0 ? toPosition(loadedRow) : null;
      if (!position) {
        await client.query('rollback');
        open = false;
        return null;
      }
      const placedBefore = num(loadedRow?.bets_placed ?? 0);
      state.known.remember(key.userId, key.marketId, position, placedBefore);
      const bet = decide(position);
      const second = (await client.query(
        `execute backlay_bet_insert(${insertArgs(bet).join(', ')}); commit`,
      )) as unknown as pg.QueryResult<Row>[];
      open = false;
      const placed = placedOf(second[0]?.rows[0], position, bet);
      if (placed.betId !== null) {
        state.known.remember(
          key.userId,
          key.marketId,
          positionAfter(position, bet, placed.exposurePaise),
          placedBefore + 1,
        );
      }
      return placed;
    } catch (err) {
      if (open) await client.query('rollback').catch(() => undefined);
      throw err;
    }
  });
}
