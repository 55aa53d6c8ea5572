import type { Paise } from '@backlay/exchange';
import { sql, type SQL } from 'drizzle-orm';
import { betRows, countBets, isoOf, num, paiseOf, queryRows, type BetRow } from '../betting';
import type { Executor } from '../platform/db/database';

/*
 * Reads for statements and profit/loss. Every query is scoped to one user: the cash statement reads
 * only the user's own PLAYER_CASH account, profit/loss only the user's settlement rows, and the
 * casino reads only the user's own casino_transactions rows of their own domain.
 */

/** Whose rows a casino read may see: the signed-in user, on the domain they signed in to. */
export interface CasinoReader {
  userId: number;
  domainId: number;
}

export interface StatementLineRow {
  id: number;
  journalId: number;
  date: string;
  kind: string;
  description: string;
  amountPaise: Paise;
  balanceAfterPaise: Paise;
}

export interface StatementFilter {
  /** The journal kinds to show. */
  kinds?: string[];
  from?: string;
  to?: string;
}

function statementWhere(f: StatementFilter): SQL {
  const kinds = f.kinds?.length
    ? sql`and j.kind in (${sql.join(
        f.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  return sql`${kinds}
    ${f.from ? sql`and j.created_at >= ${f.from}::timestamptz` : sql``}
    ${f.to ? sql`and j.created_at <= ${f.to}::timestamptz` : sql``}`;
}

/** A cash-account line joined to its journal, as either driver answers it. */
interface RawLine {
  id: unknown;
  journal_id: unknown;
  created_ms: unknown;
  kind: string;
  description: string;
  amount: unknown;
  balance_after: unknown;
}

const cashAccount = (userId: number) => sql`(select cash_account_id from wallets where user_id = ${userId})`;

export async function statementLines(
  db: Executor,
  userId: number,
  f: StatementFilter & { limit: number; offset: number },
): Promise<{ total: number; rows: StatementLineRow[] }> {
  const where = statementWhere(f);
  const [rows, counted] = await Promise.all([
    queryRows<RawLine>(
      db,
      sql`select l.id, l.journal_id, (extract(epoch from j.created_at) * 1000)::float8 as created_ms,
            j.kind, j.description, l.amount, l.balance_after
          from journal_lines l join journals j on j.id = l.journal_id
          where l.account_id = ${cashAccount(userId)} ${where}
          order by l.id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from journal_lines l join journals j on j.id = l.journal_id
          where l.account_id = ${cashAccount(userId)} ${where}`,
    ),
  ]);
  return { total: num(counted[0]?.n ?? 0), rows: rows.map(toLine) };
}

function toLine(r: RawLine): StatementLineRow {
  return {
    id: num(r.id),
    journalId: num(r.journal_id),
    date: isoOf(r.created_ms),
    kind: r.kind,
    description: r.description,
    amountPaise: paiseOf(r.amount),
    balanceAfterPaise: paiseOf(r.balance_after),
  };
}

export async function statementLine(
  db: Executor,
  userId: number,
  lineId: number,
): Promise<(StatementLineRow & { marketId: string | null }) | null> {
  const [row] = await queryRows<Parameters<typeof toLine>[0] & { market_id: string | null }>(
    db,
    sql`select l.id, l.journal_id, (extract(epoch from j.created_at) * 1000)::float8 as created_ms,
          j.kind, j.description, l.amount, l.balance_after,
          (select s.market_id from market_settlements s
            where s.journal_id = l.journal_id and s.user_id = ${userId}) as market_id
        from journal_lines l join journals j on j.id = l.journal_id
        where l.id = ${lineId} and l.account_id = ${cashAccount(userId)}`,
  );
  return row ? { ...toLine(row), marketId: row.market_id } : null;
}

export interface SettledMarketRow {
  marketId: string;
  marketName: string;
  marketType: string;
  eventId: number;
  eventName: string;
  sportId: number;
  settledAt: string;
  netPaise: Paise;
  commissionPaise: Paise;
  result: unknown;
  runnerNames: Record<string, string>;
}

export interface ProfitLossFilter {
  from?: string;
  to?: string;
  sportId?: number;
}

function profitLossWhere(f: ProfitLossFilter): SQL {
  return sql`${f.from ? sql`and s.created_at >= ${f.from}::timestamptz` : sql``}
    ${f.to ? sql`and s.created_at <= ${f.to}::timestamptz` : sql``}
    ${f.sportId !== undefined ? sql`and e.sport_id = ${f.sportId}` : sql``}`;
}

export interface EventProfitLossRow {
  eventId: number;
  eventName: string;
  sportId: number;
  settledAt: string;
  stakePaise: Paise;
  netPaise: Paise;
  commissionPaise: Paise;
}

/** Settled profit and loss per event, newest settlement first, with the total over every page. */
export async function profitLossByEvent(
  db: Executor,
  userId: number,
  f: ProfitLossFilter & { limit: number; offset: number },
): Promise<{ total: number; totalNetPaise: Paise; rows: EventProfitLossRow[] }> {
  const where = profitLossWhere(f);
  const grouped = sql`select e.id as event_id, e.title, e.sport_id,
        max(s.created_at) as settled_at, sum(s.net_paise) as net, sum(s.commission_paise) as commission,
        (select coalesce(sum(b.stake_paise), 0) from bets b
          join market_settlements s2 on s2.market_id = b.market_id and s2.user_id = b.user_id
          where b.user_id = ${userId} and b.event_id = e.id and b.status in ('SETTLED', 'VOID')) as stake
      from market_settlements s
      join markets m on m.id = s.market_id
      join events e on e.id = m.event_id
      where s.user_id = ${userId} ${where}
      group by e.id, e.title, e.sport_id`;
  const [rows, totals] = await Promise.all([
    queryRows<{
      event_id: unknown;
      title: string;
      sport_id: unknown;
      settled_ms: unknown;
      net: unknown;
      commission: unknown;
      stake: unknown;
    }>(
      db,
      sql`select g.*, (extract(epoch from g.settled_at) * 1000)::float8 as settled_ms from (${grouped}) g
          order by g.settled_at desc, g.event_id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: unknown; net: unknown }>(
      db,
      sql`select count(*) as n, coalesce(sum(g.net), 0) as net from (${grouped}) g`,
    ),
  ]);
  return {
    total: num(totals[0]?.n ?? 0),
    totalNetPaise: paiseOf(totals[0]?.net ?? 0),
    rows: rows.map((r) => ({
      eventId: num(r.event_id),
      eventName: r.title,
      sportId: num(r.sport_id),
      settledAt: isoOf(r.settled_ms),
      stakePaise: paiseOf(r.stake),
      netPaise: paiseOf(r.net),
      commissionPaise: paiseOf(r.commission),
    })),
  };
}

/** The user's settled markets of one event. */
export async function settledMarketsOfEvent(
  db: Executor,
  userId: number,
  eventId: number,
): Promise<SettledMarketRow[]> {
  const rows = await queryRows<{
    market_id: string;
    name: string;
    type: string;
    event_id: unknown;
    title: string;
    sport_id: unknown;
    settled_ms: unknown;
    net_paise: unknown;
    commission_paise: unknown;
    result: unknown;
    runner_names: Record<string, string> | string | null;
  }>(
    db,
    sql`select s.market_id, m.name, m.type, e.id as event_id, e.title, e.sport_id,
          (extract(epoch from s.created_at) * 1000)::float8 as settled_ms, s.net_paise, s.commission_paise, m.result,
          (select json_object_agg(r.id::text, r.name) from runners r where r.market_id = m.id) as runner_names
        from market_settlements s
        join markets m on m.id = s.market_id
        join events e on e.id = m.event_id
        where s.user_id = ${userId} and e.id = ${eventId}
        order by s.created_at, s.market_id`,
  );
  return rows.map((r) => ({
    marketId: r.market_id,
    marketName: r.name,
    marketType: r.type,
    eventId: num(r.event_id),
    eventName: r.title,
    sportId: num(r.sport_id),
    settledAt: isoOf(r.settled_ms),
    netPaise: paiseOf(r.net_paise),
    commissionPaise: paiseOf(r.commission_paise),
    result: typeof r.result === 'string' ? (JSON.parse(r.result) as unknown) : r.result,
    runnerNames:
      typeof r.runner_names === 'string'
        ? (JSON.parse(r.runner_names) as Record<string, string>)
        : (r.runner_names ?? {}),
  }));
}

export interface BetHistoryFilter {
  /** Placed at or after / at or before, as ISO times. */
  from?: string | undefined;
  to?: string | undefined;
  status?: BetRow['status'] | undefined;
  sportId?: number | undefined;
}

/** A page of the user's bets matching the filter, newest first unless asked, and how many match in all. */
export async function betHistory(
  db: Executor,
  userId: number,
  f: BetHistoryFilter,
  page: { limit: number; offset: number; oldestFirst: boolean },
): Promise<{ total: number; rows: BetRow[] }> {
  const where = sql`true
      ${f.from ? sql`and b.placed_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and b.placed_at <= ${f.to}::timestamptz` : sql``}
      ${f.status ? sql`and b.status = ${f.status}` : sql``}
      ${f.sportId !== undefined ? sql`and e.sport_id = ${f.sportId}` : sql``}`;
  const [rows, total] = await Promise.all([betRows(db, userId, where, page), countBets(db, userId, where)]);
  return { total, rows };
}

/**
 * The user's settled (or void) bets on an event, oldest first: the matched parts of orders. Parts
 * cancelled or lapsed unmatched never stood and are not listed with a settlement.
 */
export function closedBetsOfEvent(db: Executor, userId: number, eventId: number): Promise<BetRow[]> {
  return betRows(db, userId, sql`b.event_id = ${eventId} and b.status in ('SETTLED', 'VOID')`, {
    oldestFirst: true,
  });
}

/** The user's settled (or void) bets on a market, oldest first. */
export function closedBetsOfMarket(db: Executor, userId: number, marketId: string): Promise<BetRow[]> {
  return betRows(db, userId, sql`b.market_id = ${marketId} and b.status in ('SETTLED', 'VOID')`, {
    oldestFirst: true,
  });
}

export interface CasinoMoveRow {
  type: 'bet' | 'win' | 'rollback';
  provider: string;
  transactionId: string;
  roundId: string;
  gameCode: string | null;
  referenceTransactionId: string | null;
  amountPaise: Paise;
  date: string;
}

/**
 * Every call of the casino round a statement line's journal belongs to, oldest first: the calls
 * the wallet took for this user on this domain with the journal's provider and round id (a table's
 * round is shared by its players; only this user's own calls are read). Empty when the journal is
 * no casino movement of theirs.
 */
export async function casinoRoundOfJournal(
  db: Executor,
  who: CasinoReader,
  journalId: number,
): Promise<CasinoMoveRow[]> {
  const rows = await queryRows<{
    type: CasinoMoveRow['type'];
    provider: string;
    transaction_id: string;
    round_id: string;
    game_code: string | null;
    reference_transaction_id: string | null;
    amount_paise: unknown;
    created_ms: unknown;
  }>(
    db,
    sql`select r.type, r.provider, r.transaction_id, r.round_id, r.game_code, r.reference_transaction_id,
          r.amount_paise, (extract(epoch from r.created_at) * 1000)::float8 as created_ms
        from casino_transactions t
        join casino_transactions r on r.user_id = t.user_id and r.domain_id = t.domain_id
          and r.provider = t.provider and r.round_id = t.round_id
        where t.journal_id = ${journalId} and t.user_id = ${who.userId} and t.domain_id = ${who.domainId}
        order by r.id`,
  );
  return rows.map((r) => ({
    type: r.type,
    provider: r.provider,
    transactionId: r.transaction_id,
    roundId: r.round_id,
    gameCode: r.game_code,
    referenceTransactionId: r.reference_transaction_id,
    amountPaise: paiseOf(r.amount_paise),
    date: isoOf(r.created_ms),
  }));
}

export interface CasinoGameProfitLossRow {
  provider: string;
  gameCode: string;
  rounds: number;
  stakePaise: Paise;
  wonPaise: Paise;
  lastPlayedAt: string;
}

/**
 * The user's casino result per game (provider and game code) over a range, most recently played
 * first. A bet belongs to the range by the time it was taken, and brings every win and refund that
 * named it, whenever they came: a round is judged whole where it was played, so a rolled-back
 * round nets 0. Rounds are the distinct round ids of those bets.
 */
export async function casinoProfitLossByGame(
  db: Executor,
  who: CasinoReader,
  f: { from?: string | undefined; to?: string | undefined },
): Promise<CasinoGameProfitLossRow[]> {
  const rows = await queryRows<{
    provider: string;
    game_code: string;
    rounds: unknown;
    stake: unknown;
    won: unknown;
    last_ms: unknown;
  }>(
    db,
    sql`select b.provider, b.game_code, count(distinct b.round_id) as rounds,
          sum(b.amount_paise) as stake, sum(back.amount) as won,
          (extract(epoch from max(b.created_at)) * 1000)::float8 as last_ms
        from casino_transactions b
        cross join lateral (select coalesce(sum(c.amount_paise), 0) as amount from casino_transactions c
            where c.provider = b.provider and c.reference_transaction_id = b.transaction_id
              and c.user_id = b.user_id and c.type in ('win', 'rollback')) back
        where b.user_id = ${who.userId} and b.domain_id = ${who.domainId} and b.type = 'bet'
          ${f.from ? sql`and b.created_at >= ${f.from}::timestamptz` : sql``}
          ${f.to ? sql`and b.created_at <= ${f.to}::timestamptz` : sql``}
        group by b.provider, b.game_code
        order by max(b.created_at) desc, b.provider, b.game_code`,
  );
  return rows.map((r) => ({
    provider: r.provider,
    gameCode: r.game_code,
    rounds: num(r.rounds),
    stakePaise: paiseOf(r.stake),
    wonPaise: paiseOf(r.won),
    lastPlayedAt: isoOf(r.last_ms),
  }));
}
