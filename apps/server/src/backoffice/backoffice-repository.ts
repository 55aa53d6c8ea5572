import type { Paise } from '@backlay/exchange';
import { sql, type SQL } from 'drizzle-orm';
import { isoOf, num, paiseOf, queryRows } from '../betting';
import type { Executor } from '../platform/db/database';

/*
 * The console's reads (and the lock's writes), all SQL, every query scoped to one domain: a
 * player's rows are read only after the player was found on the operator's own domain. Times are
 * selected as epoch milliseconds and numbers read through `num`/`paiseOf`, so PGlite and
 * node-postgres answer alike (betting/sql-rows.ts).
 */

const MS = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const msOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : isoOf(v));
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** India Standard Time is UTC+05:30 all year (no daylight time): 19,800 seconds. */
export const IST_OFFSET_SECONDS = 19_800;
/** The IST calendar day of a timestamp column, as a day number (days since 1970-01-01 IST). */
const IST_DAY = (column: string) =>
  sql.raw(`floor((extract(epoch from ${column}) + ${IST_OFFSET_SECONDS}) / 86400)::int`);

// ---------------------------------------------------------------- dashboard

export interface PendingQueueRow {
  type: 'deposit' | 'withdrawal';
  count: number;
  oldestAt: string | null;
}

/** The requests waiting for finance, by type, with the oldest one's time. */
export async function pendingQueues(db: Executor, domainId: number): Promise<PendingQueueRow[]> {
  const rows = await queryRows<{ type: string; n: unknown; oldest: unknown }>(
    db,
    sql`select type, count(*) as n, ${MS('min(created_at)')} as oldest
        from payment_requests where domain_id = ${domainId} and status = 'PENDING'
        group by type`,
  );
  return rows.map((r) => ({
    type: r.type === 'withdrawal' ? 'withdrawal' : 'deposit',
    count: num(r.n),
    oldestAt: msOrNull(r.oldest),
  }));
}

export interface DayMoneyRow {
  /** Days since 1970-01-01 in IST. */
  day: number;
  deposits: Paise;
  withdrawals: Paise;
  ggr: Paise;
}

/**
 * Deposits, withdrawals and GGR per IST day in [from, to), from the house side of the journals
 * (README.md, "Figures"): deposits are the payments clearing account's side of `deposit` journals
 * (negated), withdrawals its side of `withdrawal` journals (the payout), GGR the house's side of
 * `bet_settlement` journals against HOUSE_CASH plus `casino_debit`/`casino_credit` journals
 * against HOUSE_CASINO. Demo play money (HOUSE_PLAY_MONEY) never counts.
 */
export async function moneyByDay(
  db: Executor,
  domainId: number,
  from: Date,
  to: Date,
): Promise<DayMoneyRow[]> {
  const rows = await queryRows<{ day: unknown; deposits: unknown; withdrawals: unknown; ggr: unknown }>(
    db,
    sql`select ${IST_DAY('j.created_at')} as day,
          coalesce(sum(case when j.kind = 'deposit' and a.code = 'PAYMENTS_CLEARING' then -l.amount end), 0) as deposits,
          coalesce(sum(case when j.kind = 'withdrawal' and a.code = 'PAYMENTS_CLEARING' then l.amount end), 0) as withdrawals,
          coalesce(sum(case when (j.kind = 'bet_settlement' and a.code = 'HOUSE_CASH')
                              or (j.kind in ('casino_debit', 'casino_credit') and a.code = 'HOUSE_CASINO')
                            then l.amount end), 0) as ggr
        from journals j
        join journal_lines l on l.journal_id = j.id
        join ledger_accounts a on a.id = l.account_id and a.user_id is null
        where j.domain_id = ${domainId}
          and j.created_at >= ${from.toISOString()}::timestamptz and j.created_at < ${to.toISOString()}::timestamptz
          and j.kind in ('deposit', 'withdrawal', 'bet_settlement', 'casino_debit', 'casino_credit')
          and a.code in ('PAYMENTS_CLEARING', 'HOUSE_CASH', 'HOUSE_CASINO')
        group by 1`,
  );
  return rows.map((r) => ({
    day: num(r.day),
    deposits: paiseOf(r.deposits),
    withdrawals: paiseOf(r.withdrawals),
    ggr: paiseOf(r.ggr),
  }));
}

/**
 * Real players' exchange orders placed in [from, to) that matched at least in part, and the stake
 * matched on them (an order's fills, whenever they came, count on the day it was placed).
 */
export async function ordersPlaced(
  db: Executor,
  domainId: number,
  from: Date,
  to: Date,
): Promise<{ count: number; stake: Paise }> {
  const [row] = await queryRows<{ n: unknown; stake: unknown }>(
    db,
    sql`select count(distinct b.order_id) as n, coalesce(sum(b.stake_paise), 0) as stake
        from bets o
        join users u on u.id = o.user_id and not u.is_demo
        join bets b on b.order_id = o.id and b.status in ('MATCHED', 'SETTLED', 'VOID')
        where o.id = o.order_id and o.domain_id = ${domainId}
          and o.placed_at >= ${from.toISOString()}::timestamptz and o.placed_at < ${to.toISOString()}::timestamptz`,
  );
  return { count: num(row?.n ?? 0), stake: paiseOf(row?.stake ?? 0) };
}

/** Real players' casino stakes taken in [from, to). */
export async function casinoStakes(db: Executor, domainId: number, from: Date, to: Date): Promise<Paise> {
  const [row] = await queryRows<{ s: unknown }>(
    db,
    sql`select coalesce(sum(c.amount_paise), 0) as s
        from casino_transactions c join users u on u.id = c.user_id and not u.is_demo
        where c.domain_id = ${domainId} and c.type = 'bet'
          and c.created_at >= ${from.toISOString()}::timestamptz and c.created_at < ${to.toISOString()}::timestamptz`,
  );
  return paiseOf(row?.s ?? 0);
}

export interface AwaitingCandidateRow {
  marketId: string;
  eventId: number;
  eventFinished: boolean;
}

/**
 * Markets holding matched bets of this domain's players (demo ones too: their bets wait as well)
 * with no result recorded, whose event has started by `now`. The service asks the feed which of
 * them wait for a result.
 */
export async function unsettledStartedMarkets(
  db: Executor,
  domainId: number,
  now: Date,
): Promise<AwaitingCandidateRow[]> {
  const rows = await queryRows<{ market_id: string; event_id: unknown; event_status: string }>(
    db,
    sql`select m.id as market_id, m.event_id, e.status as event_status
        from markets m join events e on e.id = m.event_id
        where m.closed_at is null and m.result is null
          and e.start_time <= ${now.toISOString()}::timestamptz
          and m.id in (select distinct b.market_id from bets b
                       where b.domain_id = ${domainId} and b.status = 'MATCHED')`,
  );
  return rows.map((r) => ({
    marketId: String(r.market_id),
    eventId: num(r.event_id),
    eventFinished: r.event_status === 'CLOSED',
  }));
}

/** How many of these users are players of the domain. */
export async function countDomainUsers(db: Executor, domainId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from users
        where domain_id = ${domainId} and id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return num(row?.n ?? 0);
}

// ---------------------------------------------------------------- players

export interface PlayerSearch {
  /** A user name's beginning, any case ('' for none). */
  namePrefix: string;
  /** Digits to find anywhere in the mobile number, or null. */
  mobileDigits: string | null;
}

/** A LIKE pattern's literal text: its wildcards and the escape character escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchWhere(domainId: number, s: PlayerSearch): SQL {
  const parts: SQL[] = [];
  if (s.namePrefix !== '') {
    parts.push(sql`lower(u.user_name) like ${`${likeLiteral(s.namePrefix.toLowerCase())}%`} escape '\\'`);
  }
  if (s.mobileDigits) parts.push(sql`u.mobile like ${`%${s.mobileDigits}%`}`);
  const filter = parts.length === 0 ? sql`true` : sql`(${sql.join(parts, sql` or `)})`;
  return sql`u.domain_id = ${domainId} and ${filter}`;
}

export interface PlayerSummaryRow {
  id: number;
  userName: string;
  mobile: string | null;
  status: 'pending' | 'active' | 'locked' | 'closed';
  createdAt: string;
  lastLoginAt: string | null;
  cash: Paise;
  exposure: Paise;
  isDemo: boolean;
}

const STATUSES = ['pending', 'active', 'locked', 'closed'] as const;
/** A value of a text enum column; anything else is a broken row, not something to show. */
function oneOf<T extends string>(values: readonly T[], v: unknown): T {
  const found = values.find((x) => x === v);
  if (!found) throw new Error(`unexpected value ${String(v)}`);
  return found;
}
const statusOf = (v: unknown): PlayerSummaryRow['status'] => oneOf(STATUSES, v);

const SUMMARY_COLUMNS = sql`u.id, u.user_name, u.mobile, u.status, u.is_demo,
  ${MS('u.created_at')} as created_ms, ${MS('u.last_login_at')} as last_login_ms,
  coalesce(a.balance, 0) as cash, coalesce(w.exposure, 0) as exposure`;

interface SummarySqlRow {
  id: unknown;
  user_name: string;
  mobile: string | null;
  status: string;
  is_demo: boolean;
  created_ms: unknown;
  last_login_ms: unknown;
  cash: unknown;
  exposure: unknown;
}

const toSummary = (r: SummarySqlRow): PlayerSummaryRow => ({
  id: num(r.id),
  userName: r.user_name,
  mobile: r.mobile,
  status: statusOf(r.status),
  createdAt: isoOf(r.created_ms),
  lastLoginAt: msOrNull(r.last_login_ms),
  cash: paiseOf(r.cash),
  exposure: paiseOf(r.exposure),
  isDemo: r.is_demo === true,
});

export async function searchPlayers(
  db: Executor,
  domainId: number,
  search: PlayerSearch,
  page: { limit: number; offset: number },
): Promise<{ totalCount: number; items: PlayerSummaryRow[] }> {
  const where = searchWhere(domainId, search);
  const [total] = await queryRows<{ n: unknown }>(db, sql`select count(*) as n from users u where ${where}`);
  const rows = await queryRows<SummarySqlRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}
        from users u
        left join wallets w on w.user_id = u.id
        left join ledger_accounts a on a.id = w.cash_account_id
        where ${where}
        order by u.id desc limit ${page.limit} offset ${page.offset}`,
  );
  return { totalCount: num(total?.n ?? 0), items: rows.map(toSummary) };
}

export interface PlayerRow extends Omit<PlayerSummaryRow, 'cash' | 'exposure'> {
  email: string | null;
  referralCode: string;
  referrer: { userId: number; userName: string } | null;
  referral: { status: ReferralStatus; flags: string[]; decision: 'approve' | 'reject' | null } | null;
  signupIp: string | null;
  signupDeviceId: string | null;
  verifiedAt: string | null;
  excludedUntil: string | null;
}

type ReferralStatus = 'PENDING' | 'CLAIMABLE' | 'CLAIMED' | 'REJECTED';
const REFERRAL_STATUSES = ['PENDING', 'CLAIMABLE', 'CLAIMED', 'REJECTED'] as const;
const referralStatusOf = (v: unknown): ReferralStatus => REFERRAL_STATUSES.find((s) => s === v) ?? 'PENDING';
/** A text[] column: node-postgres and PGlite answer an array; a literal `{a,b}` is read too. */
const textArray = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) return v.slice(1, -1).split(',').filter(Boolean);
  return [];
};

/** The player of this domain, or null (another domain's player is not found). */
export async function findPlayer(db: Executor, domainId: number, userId: number): Promise<PlayerRow | null> {
  const [r] = await queryRows<
    SummarySqlRow & {
      email: string | null;
      referral_code: string;
      referrer_id: unknown;
      referrer_name: string | null;
      ref_status: string | null;
      ref_flags: unknown;
      ref_decision: string | null;
      signup_ip: string | null;
      signup_device_id: string | null;
      verified_ms: unknown;
      excluded_ms: unknown;
    }
  >(
    db,
    sql`select ${SUMMARY_COLUMNS}, u.email, u.referral_code, u.signup_ip, u.signup_device_id,
               ${MS('u.verified_at')} as verified_ms, ${MS('u.excluded_until')} as excluded_ms,
               ru.id as referrer_id, ru.user_name as referrer_name,
               r.status as ref_status, r.flags as ref_flags, r.decision as ref_decision
        from users u
        left join wallets w on w.user_id = u.id
        left join ledger_accounts a on a.id = w.cash_account_id
        left join users ru on ru.id = u.referred_by_user_id
        left join referrals r on r.referred_user_id = u.id
        where u.id = ${userId} and u.domain_id = ${domainId}`,
  );
  if (!r) return null;
  const summary = toSummary(r);
  return {
    id: summary.id,
    userName: summary.userName,
    mobile: summary.mobile,
    status: summary.status,
    createdAt: summary.createdAt,
    lastLoginAt: summary.lastLoginAt,
    isDemo: summary.isDemo,
    email: r.email,
    referralCode: r.referral_code,
    referrer:
      r.referrer_id === null || r.referrer_id === undefined
        ? null
        : { userId: num(r.referrer_id), userName: String(r.referrer_name) },
    referral:
      r.ref_status === null || r.ref_status === undefined
        ? null
        : {
            status: referralStatusOf(r.ref_status),
            flags: textArray(r.ref_flags),
            decision: r.ref_decision === 'approve' || r.ref_decision === 'reject' ? r.ref_decision : null,
          },
    signupIp: r.signup_ip,
    signupDeviceId: r.signup_device_id,
    verifiedAt: msOrNull(r.verified_ms),
    excludedUntil: msOrNull(r.excluded_ms),
  };
}

/** The player's cash, bonus and held balances and exposure (zeros when no wallet was opened yet). */
export async function walletOf(
  db: Executor,
  userId: number,
): Promise<{ cash: Paise; bonus: Paise; held: Paise; exposure: Paise }> {
  const [r] = await queryRows<{ cash: unknown; bonus: unknown; held: unknown; exposure: unknown }>(
    db,
    sql`select
          coalesce((select balance from ledger_accounts where user_id = ${userId} and code = 'PLAYER_CASH'), 0) as cash,
          coalesce((select balance from ledger_accounts where user_id = ${userId} and code = 'PLAYER_BONUS'), 0) as bonus,
          coalesce((select balance from ledger_accounts where user_id = ${userId} and code = 'PLAYER_HELD'), 0) as held,
          coalesce((select exposure from wallets where user_id = ${userId}), 0) as exposure`,
  );
  return {
    cash: paiseOf(r?.cash ?? 0),
    bonus: paiseOf(r?.bonus ?? 0),
    held: paiseOf(r?.held ?? 0),
    exposure: paiseOf(r?.exposure ?? 0),
  };
}

const ACCOUNT_OF = { PLAYER_CASH: 'cash', PLAYER_HELD: 'held', PLAYER_BONUS: 'bonus' } as const;

export async function latestLedgerLines(db: Executor, userId: number, limit: number) {
  const rows = await queryRows<{
    journal_id: unknown;
    at_ms: unknown;
    kind: string;
    description: string;
    code: keyof typeof ACCOUNT_OF;
    amount: unknown;
    balance_after: unknown;
  }>(
    db,
    sql`select l.journal_id, ${MS('j.created_at')} as at_ms, j.kind, j.description, a.code, l.amount, l.balance_after
        from ledger_accounts a
        join journal_lines l on l.account_id = a.id
        join journals j on j.id = l.journal_id
        where a.user_id = ${userId}
        order by l.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    journalId: num(r.journal_id),
    at: isoOf(r.at_ms),
    kind: r.kind,
    description: r.description,
    account: ACCOUNT_OF[r.code] ?? 'cash',
    amount: paiseOf(r.amount),
    balanceAfter: paiseOf(r.balance_after),
  }));
}

const SIDES = ['back', 'lay', 'yes', 'no'] as const;
const BET_STATUSES = ['MATCHED', 'UNMATCHED', 'SETTLED', 'VOID', 'CANCELLED', 'LAPSED'] as const;
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

export async function latestBets(db: Executor, userId: number, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select b.id, b.order_id, ${MS('b.placed_at')} as placed_ms, e.title as event_title, m.name as market_name,
               b.side, b.price_hundredths, b.rate, b.line, b.stake_paise, b.liability_paise, b.status,
               b.result_paise, ${MS('b.settled_at')} as settled_ms
        from bets b
        join markets m on m.id = b.market_id
        join events e on e.id = b.event_id
        where b.user_id = ${userId}
        order by b.id desc limit ${limit}`,
  );
  return rows.map((r) => {
    const hundredths = numOrNull(r.price_hundredths);
    return {
      id: num(r.id),
      orderId: num(r.order_id),
      placedAt: isoOf(r.placed_ms),
      eventTitle: String(r.event_title),
      marketName: String(r.market_name),
      side: oneOf(SIDES, r.side),
      odds: hundredths === null ? null : hundredths / 100,
      rate: numOrNull(r.rate),
      line: numOrNull(r.line),
      stake: paiseOf(r.stake_paise),
      liability: paiseOf(r.liability_paise),
      status: oneOf(BET_STATUSES, r.status),
      result: r.result_paise === null || r.result_paise === undefined ? null : paiseOf(r.result_paise),
      settledAt: msOrNull(r.settled_ms),
    };
  });
}

const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;

export async function latestPayments(db: Executor, userId: number, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, type, amount_paise, payment_method, status, utr, payout_utr, reason,
               ${MS('created_at')} as created_ms, ${MS('decided_at')} as decided_ms
        from payment_requests where user_id = ${userId}
        order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    type: r.type === 'withdrawal' ? ('withdrawal' as const) : ('deposit' as const),
    amount: paiseOf(r.amount_paise),
    paymentMethod: String(r.payment_method),
    status: oneOf(PAYMENT_STATUSES, r.status),
    utr: textOrNull(r.utr),
    payoutUtr: textOrNull(r.payout_utr),
    reason: textOrNull(r.reason),
    createdAt: isoOf(r.created_ms),
    decidedAt: msOrNull(r.decided_ms),
  }));
}

const BONUS_STATUSES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'FORFEITED'] as const;

export async function latestBonuses(db: Executor, userId: number, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ub.id, b.title, b.kind, ub.status, ub.amount_paise, ub.wagered_paise, ub.wagering_required_paise,
               ${MS('ub.created_at')} as claimed_ms, ${MS('ub.expires_at')} as expires_ms, ${MS('ub.ended_at')} as ended_ms
        from user_bonuses ub join bonuses b on b.id = ub.bonus_id
        where ub.user_id = ${userId}
        order by ub.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    title: String(r.title),
    kind: String(r.kind),
    status: oneOf(BONUS_STATUSES, r.status),
    amount: paiseOf(r.amount_paise),
    wagered: paiseOf(r.wagered_paise),
    wageringRequired: paiseOf(r.wagering_required_paise),
    claimedAt: isoOf(r.claimed_ms),
    expiresAt: isoOf(r.expires_ms),
    endedAt: msOrNull(r.ended_ms),
  }));
}

export async function latestReferralsMade(db: Executor, userId: number, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.referred_user_id, u.user_name, r.status, r.flags, r.reward_paise,
               ${MS('r.created_at')} as created_ms, ${MS('r.qualified_at')} as qualified_ms,
               ${MS('r.claimed_at')} as claimed_ms
        from referrals r join users u on u.id = r.referred_user_id
        where r.referrer_user_id = ${userId}
        order by r.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    referredUserId: num(r.referred_user_id),
    referredUserName: String(r.user_name),
    status: referralStatusOf(r.status),
    flags: textArray(r.flags),
    reward: paiseOf(r.reward_paise),
    joinedAt: isoOf(r.created_ms),
    qualifiedAt: msOrNull(r.qualified_ms),
    claimedAt: msOrNull(r.claimed_ms),
  }));
}

export async function latestSignIns(db: Executor, userId: number, limit: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${MS('created_at')} as at_ms, ip, browser, client_name, device_id, result
        from login_attempts where user_id = ${userId}
        order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    at: isoOf(r.at_ms),
    ip: String(r.ip),
    browser: String(r.browser),
    clientName: String(r.client_name),
    deviceId: textOrNull(r.device_id),
    result: String(r.result),
  }));
}

// ---------------------------------------------------------------- lock

/** The player's status, the row locked to the end of the transaction; null on another domain. */
export async function lockPlayerRow(
  tx: Executor,
  domainId: number,
  userId: number,
): Promise<{ status: PlayerSummaryRow['status']; userName: string } | null> {
  const [r] = await queryRows<{ status: string; user_name: string }>(
    tx,
    sql`select status, user_name from users where id = ${userId} and domain_id = ${domainId} for update`,
  );
  return r ? { status: statusOf(r.status), userName: r.user_name } : null;
}

export async function setPlayerStatus(tx: Executor, userId: number, status: 'active' | 'locked') {
  await tx.execute(sql`update users set status = ${status} where id = ${userId}`);
}

/**
 * Ends every live sign-in session of the player (their refresh tokens stop now) and answers their
 * ids: once the transaction commits, SessionRevocations.announce makes every server refuse their
 * access tokens (the same revocation a password change makes, account/session-repository.ts).
 */
export async function revokeAllSessions(tx: Executor, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`update refresh_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null returning id`,
  );
  return rows.map((r) => num(r.id));
}
