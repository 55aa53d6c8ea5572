import type { MarketResult, MarketType } from '@backlay/contract';
import { ZERO_PAISE, addPaise, type Paise } from '@backlay/exchange';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { storedBetOf, type StoredBet, type StoredBetColumns } from './positions';
import type { BetStatus } from './read-repository';
import { isoOf, num, paiseOf, paiseOrNull, queryRows } from './sql-rows';

/*
 * The SQL of the operators' Trading screen (reads only). Every read of bets is scoped to one site
 * (`bets.domain_id`): a market is one for every site, its bets are each site's own.
 */

/** A market as stored (bet on, or settled by hand), with its event. */
export interface StoredMarket {
  marketId: string;
  eventId: number;
  type: MarketType;
  name: string;
  eventName: string;
  competition: string;
  sportId: number;
  startTime: string;
  eventStatus: 'UPCOMING' | 'IN_PLAY' | 'CLOSED';
  result: MarketResult | null;
  closedAt: string | null;
  settledAt: string | null;
}

interface RawMarket {
  id: string;
  event_id: unknown;
  type: MarketType;
  name: string;
  title: string;
  competition: string;
  sport_id: unknown;
  start_ms: unknown;
  event_status: StoredMarket['eventStatus'];
  result: MarketResult | string | null;
  closed_ms: unknown;
  settled_ms: unknown;
}

const MARKET_COLUMNS = sql`m.id, m.event_id, m.type, m.name, e.title, e.competition, e.sport_id,
  (extract(epoch from e.start_time) * 1000)::float8 as start_ms, e.status as event_status, m.result,
  (extract(epoch from m.closed_at) * 1000)::float8 as closed_ms,
  (extract(epoch from m.settled_at) * 1000)::float8 as settled_ms`;

function toStoredMarket(r: RawMarket): StoredMarket {
  return {
    marketId: r.id,
    eventId: num(r.event_id),
    type: r.type,
    name: r.name,
    eventName: r.title,
    competition: r.competition,
    sportId: num(r.sport_id),
    startTime: isoOf(r.start_ms),
    eventStatus: r.event_status,
    result: typeof r.result === 'string' ? (JSON.parse(r.result) as MarketResult) : r.result,
    closedAt: r.closed_ms === null ? null : isoOf(r.closed_ms),
    settledAt: r.settled_ms === null ? null : isoOf(r.settled_ms),
  };
}

const sportFilter = (sportId: number | undefined) =>
  sportId === undefined ? sql`true` : sql`e.sport_id = ${sportId}`;

/** Stored markets without a result (still on, or waiting for one), of a sport when given. */
export async function undecidedMarkets(db: Executor, sportId?: number): Promise<StoredMarket[]> {
  const rows = await queryRows<RawMarket>(
    db,
    sql`select ${MARKET_COLUMNS} from markets m join events e on e.id = m.event_id
        where m.result is null and ${sportFilter(sportId)}`,
  );
  return rows.map(toStoredMarket);
}

/** Which decided markets: settled on a result, voided, or both. */
export type Decided = 'settled' | 'voided' | 'any';

function decidedFilter(decided: Decided): SQL {
  if (decided === 'voided') return sql`m.result->>'kind' = 'void'`;
  if (decided === 'settled') return sql`m.result->>'kind' <> 'void'`;
  return sql`true`;
}

/** The event's or the market's name holds the words (any case, taken literally), or the id is them. */
function searchFilter(search: string | undefined) {
  if (search === undefined) return sql`true`;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(m.id = ${search} or (e.title || ' ' || m.name) ilike ${pattern})`;
}

/** Markets with a recorded result, latest closed first: one page, and how many there are. */
export async function decidedMarkets(
  db: Executor,
  filter: { sportId?: number | undefined; decided: Decided; search?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ total: number; items: StoredMarket[] }> {
  const where = sql`m.result is not null and ${decidedFilter(filter.decided)} and ${sportFilter(filter.sportId)}
    and ${searchFilter(filter.search)}`;
  const [count] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from markets m join events e on e.id = m.event_id where ${where}`,
  );
  const total = num(count?.n ?? 0);
  if (page.limit === 0 || page.offset >= total) return { total, items: [] };
  const rows = await queryRows<RawMarket>(
    db,
    sql`select ${MARKET_COLUMNS} from markets m join events e on e.id = m.event_id
        where ${where} order by m.closed_at desc nulls last, m.id
        limit ${page.limit} offset ${page.offset}`,
  );
  return { total, items: rows.map(toStoredMarket) };
}

/** Which markets of these events have a result recorded (settled or voided, by the feed or by hand). */
export async function decidedMarketIdsOfEvents(
  db: Executor,
  eventIds: readonly number[],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from markets where result is not null and event_id in (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function storedMarket(db: Executor, marketId: string): Promise<StoredMarket | null> {
  const [row] = await queryRows<RawMarket>(
    db,
    sql`select ${MARKET_COLUMNS} from markets m join events e on e.id = m.event_id where m.id = ${marketId}`,
  );
  return row ? toStoredMarket(row) : null;
}

const inList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Stored runners of these markets, in their order. */
export async function runnersOf(
  db: Executor,
  marketIds: readonly string[],
): Promise<Map<string, { id: number; name: string }[]>> {
  const byMarket = new Map<string, { id: number; name: string }[]>();
  if (marketIds.length === 0) return byMarket;
  const rows = await queryRows<{ market_id: string; id: unknown; name: string }>(
    db,
    sql`select market_id, id, name from runners where market_id in (${inList(marketIds)})
        order by market_id, sort_order, id`,
  );
  for (const r of rows) {
    const list = byMarket.get(r.market_id) ?? [];
    list.push({ id: num(r.id), name: r.name });
    byMarket.set(r.market_id, list);
  }
  return byMarket;
}

/** One site's counts on a market, for real money or play money. */
export interface BookCounts {
  bets: number;
  players: number;
  matchedStake: Paise;
  unmatchedStake: Paise;
}

export const NO_BOOK: BookCounts = {
  bets: 0,
  players: 0,
  matchedStake: ZERO_PAISE,
  unmatchedStake: ZERO_PAISE,
};

/** A site's counts per market, real money (`cash`) and play money apart. */
export async function bookCounts(
  db: Executor,
  domainId: number,
  marketIds: readonly string[],
): Promise<Map<string, { cash: BookCounts; playMoney: BookCounts }>> {
  const byMarket = new Map<string, { cash: BookCounts; playMoney: BookCounts }>();
  if (marketIds.length === 0) return byMarket;
  const rows = await queryRows<{
    market_id: string;
    is_demo: boolean;
    bets: unknown;
    players: unknown;
    matched: unknown;
    unmatched: unknown;
  }>(
    db,
    sql`select b.market_id, u.is_demo, count(*) as bets, count(distinct b.user_id) as players,
          coalesce(sum(b.stake_paise) filter (where b.status <> 'UNMATCHED'), 0) as matched,
          coalesce(sum(b.stake_paise) filter (where b.status = 'UNMATCHED'), 0) as unmatched
        from bets b join users u on u.id = b.user_id
        where b.domain_id = ${domainId} and b.market_id in (${inList(marketIds)})
          and b.status in ('MATCHED', 'UNMATCHED', 'SETTLED', 'VOID')
        group by b.market_id, u.is_demo`,
  );
  for (const r of rows) {
    const entry = byMarket.get(r.market_id) ?? { cash: NO_BOOK, playMoney: NO_BOOK };
    const counts: BookCounts = {
      bets: num(r.bets),
      players: num(r.players),
      matchedStake: paiseOf(r.matched),
      unmatchedStake: paiseOf(r.unmatched),
    };
    byMarket.set(r.market_id, r.is_demo ? { ...entry, playMoney: counts } : { ...entry, cash: counts });
  }
  return byMarket;
}

/** A site's open matched bets on these markets, for the house's worst case. */
export async function openMatchedBets(
  db: Executor,
  domainId: number,
  marketIds: readonly string[],
): Promise<{ marketId: string; isDemo: boolean; stored: StoredBet }[]> {
  if (marketIds.length === 0) return [];
  const rows = await queryRows<StoredBetColumns & { market_id: string; is_demo: boolean }>(
    db,
    sql`select b.market_id, u.is_demo, b.side, b.runner_id, b.price_hundredths, b.rate, b.line, b.stake_paise
        from bets b join users u on u.id = b.user_id
        where b.domain_id = ${domainId} and b.market_id in (${inList(marketIds)}) and b.status = 'MATCHED'`,
  );
  return rows.map((r) => ({ marketId: r.market_id, isDemo: r.is_demo, stored: storedBetOf(r) }));
}

/** A bet of the market's list, as stored. */
export interface MarketBetRow {
  betId: number;
  orderId: number;
  userId: number;
  userName: string;
  isDemo: boolean;
  stored: StoredBet;
  runnerName: string | null;
  liability: Paise;
  status: BetStatus;
  isCashOut: boolean;
  placedAt: string;
  settledAt: string | null;
  result: Paise | null;
}

/** A site's bets on a market, newest first: one page, and how many there are. */
export async function marketBets(
  db: Executor,
  domainId: number,
  marketId: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; items: MarketBetRow[] }> {
  const [count] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from bets where domain_id = ${domainId} and market_id = ${marketId}`,
  );
  const total = num(count?.n ?? 0);
  if (page.offset >= total) return { total, items: [] };
  const rows = await queryRows<
    StoredBetColumns & {
      id: unknown;
      order_id: unknown;
      user_id: unknown;
      user_name: string;
      is_demo: boolean;
      runner_name: string | null;
      liability_paise: unknown;
      status: BetStatus;
      is_cash_out: boolean;
      placed_ms: unknown;
      settled_ms: unknown;
      result_paise: unknown;
    }
  >(
    db,
    sql`select b.id, b.order_id, b.user_id, u.user_name, u.is_demo, b.side, b.runner_id, b.price_hundredths,
          b.rate, b.line, b.stake_paise, b.liability_paise, b.status, b.is_cash_out, b.result_paise,
          (extract(epoch from b.placed_at) * 1000)::float8 as placed_ms,
          (extract(epoch from b.settled_at) * 1000)::float8 as settled_ms,
          r.name as runner_name
        from bets b join users u on u.id = b.user_id
        left join runners r on r.market_id = b.market_id and r.id = b.runner_id
        where b.domain_id = ${domainId} and b.market_id = ${marketId}
        order by b.id desc limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total,
    items: rows.map((r) => ({
      betId: num(r.id),
      orderId: num(r.order_id),
      userId: num(r.user_id),
      userName: r.user_name,
      isDemo: r.is_demo,
      stored: storedBetOf(r),
      runnerName: r.runner_name,
      liability: paiseOf(r.liability_paise),
      status: r.status,
      isCashOut: r.is_cash_out,
      placedAt: isoOf(r.placed_ms),
      settledAt: r.settled_ms === null ? null : isoOf(r.settled_ms),
      result: paiseOrNull(r.result_paise),
    })),
  };
}

/** A player of the site with matched bets on the market, as the settlement reads them. */
export interface SettlingPlayer {
  userId: number;
  userName: string;
  isDemo: boolean;
  commissionBps: number;
  /** What `market_exposures` holds for the player on the market (released by the settlement). */
  exposure: Paise;
  bets: { betId: number; stored: StoredBet }[];
}

/**
 * The site's players with matched bets on the market, each with their matched bets in the order
 * the settlement reads them (`betsToSettle`: by bet id), the domain's commission and their exposure.
 */
export async function settlingPlayers(
  db: Executor,
  domainId: number,
  marketId: string,
): Promise<SettlingPlayer[]> {
  const rows = await queryRows<
    StoredBetColumns & {
      id: unknown;
      user_id: unknown;
      user_name: string;
      is_demo: boolean;
      commission_bps: unknown;
      exposure_paise: unknown;
    }
  >(
    db,
    sql`select b.id, b.user_id, u.user_name, u.is_demo, d.commission_bps, x.exposure_paise,
          b.side, b.runner_id, b.price_hundredths, b.rate, b.line, b.stake_paise
        from bets b join users u on u.id = b.user_id join domains d on d.id = u.domain_id
        left join market_exposures x on x.user_id = b.user_id and x.market_id = b.market_id
        where b.domain_id = ${domainId} and b.market_id = ${marketId} and b.status = 'MATCHED'
        order by b.user_id, b.id`,
  );
  const players = new Map<number, SettlingPlayer>();
  for (const r of rows) {
    const userId = num(r.user_id);
    let player = players.get(userId);
    if (!player) {
      player = {
        userId,
        userName: r.user_name,
        isDemo: r.is_demo,
        commissionBps: num(r.commission_bps),
        exposure: paiseOrNull(r.exposure_paise) ?? ZERO_PAISE,
        bets: [],
      };
      players.set(userId, player);
    }
    player.bets.push({ betId: num(r.id), stored: storedBetOf(r) });
  }
  return [...players.values()];
}

/**
 * The parts resting unmatched on the market, which the settlement lapses first, and the exposure of
 * players of the site who hold only resting parts (released by the lapse).
 */
export async function restingOnMarket(
  db: Executor,
  domainId: number,
  marketId: string,
): Promise<{ isDemo: boolean; orders: number; stake: Paise }[]> {
  const rows = await queryRows<{ is_demo: boolean; n: unknown; stake: unknown }>(
    db,
    sql`select u.is_demo, count(*) as n, coalesce(sum(b.stake_paise), 0) as stake
        from bets b join users u on u.id = b.user_id
        where b.domain_id = ${domainId} and b.market_id = ${marketId} and b.status = 'UNMATCHED'
        group by u.is_demo`,
  );
  return rows.map((r) => ({ isDemo: r.is_demo, orders: num(r.n), stake: paiseOf(r.stake) }));
}

/** Exposure held on the market by the site's players who have no matched bet there (resting parts only). */
export async function restingOnlyExposure(
  db: Executor,
  domainId: number,
  marketId: string,
): Promise<{ isDemo: boolean; exposure: Paise }[]> {
  const rows = await queryRows<{ is_demo: boolean; exposure: unknown }>(
    db,
    sql`select u.is_demo, coalesce(sum(x.exposure_paise), 0) as exposure
        from market_exposures x join users u on u.id = x.user_id
        where u.domain_id = ${domainId} and x.market_id = ${marketId}
          and not exists (select 1 from bets b where b.user_id = x.user_id and b.market_id = x.market_id
                          and b.status = 'MATCHED')
        group by u.is_demo`,
  );
  return rows.map((r) => ({ isDemo: r.is_demo, exposure: paiseOf(r.exposure) }));
}

export const sumExposure = (rows: readonly { exposure: Paise }[]): Paise =>
  rows.reduce((sum, r) => addPaise(sum, r.exposure), ZERO_PAISE);
