import type { RgPeriod } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import {
  refreshTokens,
  responsibleGamingChanges,
  responsibleGamingLimits,
  users,
  type RG_CHANGE_KINDS,
  type RG_CHANGE_STATUSES,
} from '../platform/db/schema';
import { NO_LIMITS, type PerPeriod, type PeriodLimits } from './rules';

/*
 * All the SQL of responsible gaming: the limits row, the changes, the time-out and self-exclusion
 * columns of users, and the sums the limits are judged on. Deposits are read from the cashier's
 * tables (a manual request pending or approved, a gateway order paid or still payable); losses
 * from the ledger: the lines of the player's cash account in `bet_settlement`, `casino_debit` and
 * `casino_credit` journals, the truth of what they won and lost. Times are the database's `now()`.
 *
 * The bet path composes the loss fragment below into its own statements (as it composes the
 * ledger's wallet statements), so a bet of a player without a loss limit reads one more nullable
 * column in the query it already makes, and the window sums run only when a limit exists.
 */

type Row = Record<string, unknown>;

async function rows<T extends Row>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A number from either driver (node-postgres answers bigint and numeric as text). */
function num(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : (value as number);
  if (typeof n !== 'number' || !Number.isSafeInteger(Math.round(n)) || !Number.isFinite(n)) {
    throw new Error(`expected a number from the database, got ${String(value)}`);
  }
  return n;
}
const paiseOrNull = (value: unknown): Paise | null =>
  value === null || value === undefined ? null : paise(num(value));
const dateOrNull = (epochMs: unknown): Date | null =>
  epochMs === null || epochMs === undefined ? null : new Date(Math.round(num(epochMs)));
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const EPOCH_MS = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** Three signed sums as a JSON array [day, week, month] (the output of the sums below). */
function perPeriod(value: unknown): PerPeriod<Paise> {
  const [day, week, month] = json(value) as unknown[];
  return { day: paise(num(day)), week: paise(num(week)), month: paise(num(month)) };
}

// ---------------------------------------------------------------- the windows' sums

/** Sums of `amount` over rows of `source` (columns `amount`, `at`) per rolling window ending now. */
const windowSums = (source: string) => `select json_build_array(
      coalesce(sum(s.amount) filter (where s.at > now() - interval '24 hours'), 0),
      coalesce(sum(s.amount) filter (where s.at > now() - interval '168 hours'), 0),
      coalesce(sum(s.amount), 0))
    from (${source}) s`;

const RESULT_KINDS = `('bet_settlement', 'casino_debit', 'casino_credit')`;

/** The net result of bets and casino on a cash account, per window (the last 30 days read). */
const netResultsSql = (cashAccount: string) =>
  windowSums(`select jl.amount, j.created_at as at
      from journal_lines jl join journals j on j.id = jl.journal_id
      where jl.account_id = ${cashAccount} and j.kind in ${RESULT_KINDS}
        and j.created_at > now() - interval '720 hours'`);

/**
 * What a player deposited per window: manual requests pending or approved (not rejected or
 * cancelled), and gateway orders paid or still open to payment (a paid order's own approved
 * request is left out: the order counts it). Each counts from when it was asked for.
 */
const depositsSql = (u: string) =>
  windowSums(`select r.amount_paise as amount, r.created_at as at from payment_requests r
      where r.user_id = ${u} and r.type = 'deposit' and r.status in ('PENDING', 'APPROVED')
        and r.gateway_reference is null and r.created_at > now() - interval '720 hours'
    union all
    select o.amount_paise, o.created_at from payment_orders o
      where o.user_id = ${u} and o.created_at > now() - interval '720 hours'
        and (o.status = 'SUCCESS' or (o.status = 'PENDING' and o.expires_at > now()))`);

const LOSS_LIMITED = (l: string) =>
  `(${l}.loss_day_paise is not null or ${l}.loss_week_paise is not null or ${l}.loss_month_paise is not null)`;

/**
 * For the bet path: one nullable column, `[day, week, month, [net day, net week, net month]]` (the
 * loss limits and the net results of their windows) for a player with a loss limit, else null;
 * the sums run only for a player who has one. `u` and `cashAccount` are SQL expressions.
 */
export function lossStateColumnSql(u: string, cashAccount: string): string {
  return `(select json_build_array(l.loss_day_paise, l.loss_week_paise, l.loss_month_paise, (${netResultsSql(cashAccount)}))
      from responsible_gaming_limits l where l.user_id = ${u} and ${LOSS_LIMITED('l')})`;
}

/** For the bet path's guard: the player (SQL expression `u`) has no loss limit. */
export function noLossLimitSql(u: string): string {
  return `not exists (select 1 from responsible_gaming_limits l where l.user_id = ${u} and ${LOSS_LIMITED('l')})`;
}

/** A player's loss limits and what they lost in each window, as the bet path reads it. */
export interface LossState {
  limits: PeriodLimits;
  /** The net result of bets and casino in each window (negative: a loss). */
  netResults: PerPeriod<Paise>;
}

/** The loss column as either driver answers it (JSON text or parsed); null: no loss limit. */
export function parseLossState(value: unknown): LossState | null {
  if (value === null || value === undefined) return null;
  const [day, week, month, results] = json(value) as unknown[];
  return {
    limits: { day: paiseOrNull(day), week: paiseOrNull(week), month: paiseOrNull(month) },
    netResults: perPeriod(results),
  };
}

// ---------------------------------------------------------------- standing and the guards' reads

/** 'rgam': the advisory-lock class of a player's responsible-gaming checks and changes. */
const RG_LOCK_CLASS = 0x7267616d;

/**
 * Serialises a player's deposits and responsible-gaming changes until the transaction ends: two
 * deposits asked at once are judged one after the other, each seeing the other's row.
 */
export async function lockPlayer(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RG_LOCK_CLASS}, hashtext(${`user:${userId}`}))`);
}

/** A time-out and a self-exclusion, each only while in force. */
export interface Standing {
  excludedUntil: Date | null;
  timedOutUntil: Date | null;
}

const standingColumns = `case when u.excluded_until > now() then ${EPOCH_MS('u.excluded_until')} end as excluded,
    case when u.timed_out_until > now() then ${EPOCH_MS('u.timed_out_until')} end as timed_out`;

const standingOf = (row: Row): Standing => ({
  excludedUntil: dateOrNull(row.excluded),
  timedOutUntil: dateOrNull(row.timed_out),
});

/** The player's time-out and self-exclusion in force; null when there is no such player. */
export async function findStanding(ex: Executor, userId: number): Promise<Standing | null> {
  const [row] = await rows(ex, sql.raw(`select ${standingColumns} from users u where u.id = ${num(userId)}`));
  return row ? standingOf(row) : null;
}

/** What a deposit is judged on: the standing, the deposit limits, and (only when one exists) the deposits per window. */
export async function depositState(
  ex: Executor,
  userId: number,
): Promise<(Standing & { limits: PeriodLimits; used: PerPeriod<Paise> | null }) | null> {
  const u = String(num(userId));
  const [row] = await rows(
    ex,
    sql.raw(`select ${standingColumns},
        l.deposit_day_paise, l.deposit_week_paise, l.deposit_month_paise,
        case when coalesce(l.deposit_day_paise, l.deposit_week_paise, l.deposit_month_paise) is not null
          then (${depositsSql(u)}) end as used
      from users u left join responsible_gaming_limits l on l.user_id = u.id
      where u.id = ${u}`),
  );
  if (!row) return null;
  return {
    ...standingOf(row),
    limits: {
      day: paiseOrNull(row.deposit_day_paise),
      week: paiseOrNull(row.deposit_week_paise),
      month: paiseOrNull(row.deposit_month_paise),
    },
    used: row.used === null || row.used === undefined ? null : perPeriod(row.used),
  };
}

/** What a casino stake or an edited order is judged on: the standing and the loss state. */
export async function stakeState(
  ex: Executor,
  userId: number,
): Promise<(Standing & { loss: LossState | null }) | null> {
  const u = String(num(userId));
  const [row] = await rows(
    ex,
    sql.raw(`select ${standingColumns},
        ${lossStateColumnSql('u.id', '(select w.cash_account_id from wallets w where w.user_id = u.id)')} as loss
      from users u where u.id = ${u}`),
  );
  return row ? { ...standingOf(row), loss: parseLossState(row.loss) } : null;
}

// ---------------------------------------------------------------- the player's answer

export interface LimitsRow {
  deposit: PeriodLimits;
  loss: PeriodLimits;
  realityCheckMinutes: number | null;
}

export async function findLimits(ex: Executor, userId: number): Promise<LimitsRow> {
  const [row] = await ex
    .select()
    .from(responsibleGamingLimits)
    .where(eq(responsibleGamingLimits.userId, userId));
  if (!row) return { deposit: NO_LIMITS, loss: NO_LIMITS, realityCheckMinutes: null };
  return {
    deposit: { day: row.depositDayPaise, week: row.depositWeekPaise, month: row.depositMonthPaise },
    loss: { day: row.lossDayPaise, week: row.lossWeekPaise, month: row.lossMonthPaise },
    realityCheckMinutes: row.realityCheckMinutes,
  };
}

/** Writes the limits that apply now (the whole row). */
export async function saveLimits(tx: Tx, userId: number, domainId: number, limits: LimitsRow): Promise<void> {
  const fields = {
    depositDayPaise: limits.deposit.day,
    depositWeekPaise: limits.deposit.week,
    depositMonthPaise: limits.deposit.month,
    lossDayPaise: limits.loss.day,
    lossWeekPaise: limits.loss.week,
    lossMonthPaise: limits.loss.month,
    realityCheckMinutes: limits.realityCheckMinutes,
  };
  await tx
    .insert(responsibleGamingLimits)
    .values({ userId, domainId, ...fields })
    .onConflictDoUpdate({
      target: responsibleGamingLimits.userId,
      set: { ...fields, updatedAt: sql`now()` },
    });
}

/** Deposits and net results per window, for the answer's `used`. */
export async function usage(
  ex: Executor,
  userId: number,
): Promise<{ deposits: PerPeriod<Paise>; netResults: PerPeriod<Paise> }> {
  const u = String(num(userId));
  const [row] = await rows(
    ex,
    sql.raw(`select (${depositsSql(u)}) as deposits,
        (${netResultsSql(`(select w.cash_account_id from wallets w where w.user_id = ${u})`)}) as results`),
  );
  if (!row) throw new Error('the usage query answered no row');
  return { deposits: perPeriod(row.deposits), netResults: perPeriod(row.results) };
}

/** The net result of bets and casino settled on the player's cash since `since`. */
export async function netResultSince(ex: Executor, userId: number, since: Date): Promise<Paise> {
  const [row] = await rows(
    ex,
    sql`select coalesce(sum(jl.amount), 0) as net
        from journal_lines jl join journals j on j.id = jl.journal_id
        where jl.account_id = (select w.cash_account_id from wallets w where w.user_id = ${userId})
          and j.kind in ('bet_settlement', 'casino_debit', 'casino_credit')
          and j.created_at >= ${since.toISOString()}::timestamptz`,
  );
  return paise(num(row?.net ?? 0));
}

/** When the sign-in session began (its refresh token's row), if it is the player's. */
export async function sessionStartedAt(
  ex: Executor,
  userId: number,
  sessionId: number,
): Promise<Date | null> {
  const [row] = await ex
    .select({ createdAt: refreshTokens.createdAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.id, sessionId), eq(refreshTokens.userId, userId)));
  return row?.createdAt ?? null;
}

// ---------------------------------------------------------------- changes

export type ChangeKind = (typeof RG_CHANGE_KINDS)[number];
export type ChangeStatus = (typeof RG_CHANGE_STATUSES)[number];

export interface ChangeRow {
  id: number;
  kind: ChangeKind;
  period: RgPeriod | null;
  fromValue: string | null;
  toValue: string | null;
  requestedAt: Date;
  effectiveAt: Date;
  status: ChangeStatus;
}

const changeColumns = {
  id: responsibleGamingChanges.id,
  kind: responsibleGamingChanges.kind,
  period: responsibleGamingChanges.period,
  fromValue: responsibleGamingChanges.fromValue,
  toValue: responsibleGamingChanges.toValue,
  requestedAt: responsibleGamingChanges.requestedAt,
  effectiveAt: responsibleGamingChanges.effectiveAt,
  status: responsibleGamingChanges.status,
};

/** The player's pending changes (at most one per limit). */
export async function pendingChanges(ex: Executor, userId: number): Promise<ChangeRow[]> {
  return ex
    .select(changeColumns)
    .from(responsibleGamingChanges)
    .where(and(eq(responsibleGamingChanges.userId, userId), eq(responsibleGamingChanges.status, 'pending')))
    .orderBy(responsibleGamingChanges.id);
}

/** The player's latest changes, newest first. */
export async function history(ex: Executor, userId: number, limit: number): Promise<ChangeRow[]> {
  return ex
    .select(changeColumns)
    .from(responsibleGamingChanges)
    .where(eq(responsibleGamingChanges.userId, userId))
    .orderBy(desc(responsibleGamingChanges.id))
    .limit(limit);
}

export async function insertChange(
  tx: Tx,
  change: Omit<ChangeRow, 'id'> & { userId: number; domainId: number; decidedAt?: Date | null },
): Promise<void> {
  await tx.insert(responsibleGamingChanges).values(change);
}

/** A pending change confirmed (applied, taking effect `at`) or cancelled. */
export async function decidePending(
  tx: Tx,
  id: number,
  status: Exclude<ChangeStatus, 'pending'>,
  at: Date,
): Promise<void> {
  await tx
    .update(responsibleGamingChanges)
    .set({ status, decidedAt: at, ...(status === 'applied' ? { effectiveAt: at } : {}) })
    .where(and(eq(responsibleGamingChanges.id, id), eq(responsibleGamingChanges.status, 'pending')));
}

/** The ends of the player's time-out and self-exclusion as stored (past ones too). */
export async function findBars(
  ex: Executor,
  userId: number,
): Promise<{ timedOutUntil: Date | null; excludedUntil: Date | null }> {
  const [row] = await ex
    .select({ timedOutUntil: users.timedOutUntil, excludedUntil: users.excludedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { timedOutUntil: null, excludedUntil: null };
}

export async function setTimedOutUntil(tx: Tx, userId: number, until: Date): Promise<void> {
  await tx.update(users).set({ timedOutUntil: until }).where(eq(users.id, userId));
}

export async function setExcludedUntil(tx: Tx, userId: number, until: Date): Promise<void> {
  await tx.update(users).set({ excludedUntil: until }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- development

/**
 * Moves one player's responsible-gaming times back by `hours` (journeys and tests control the
 * clock so): their changes' request, effect and decision times, and the ends of their time-out and
 * self-exclusion. Answers how many rows moved; null when the site has no such player.
 */
export async function ageTimes(
  tx: Tx,
  domainId: number,
  userName: string,
  hours: number,
): Promise<number | null> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.domainId, domainId), sql`lower(${users.userName}) = ${userName.toLowerCase()}`));
  if (!user) return null;
  const back = sql`make_interval(hours => ${hours})`;
  const changes = await tx
    .update(responsibleGamingChanges)
    .set({
      requestedAt: sql`${responsibleGamingChanges.requestedAt} - ${back}`,
      effectiveAt: sql`${responsibleGamingChanges.effectiveAt} - ${back}`,
      decidedAt: sql`${responsibleGamingChanges.decidedAt} - ${back}`,
    })
    .where(eq(responsibleGamingChanges.userId, user.id))
    .returning({ id: responsibleGamingChanges.id });
  const moved = await tx
    .update(users)
    .set({
      timedOutUntil: sql`${users.timedOutUntil} - ${back}`,
      excludedUntil: sql`${users.excludedUntil} - ${back}`,
    })
    .where(
      and(
        eq(users.id, user.id),
        sql`(${users.timedOutUntil} is not null or ${users.excludedUntil} is not null)`,
      ),
    )
    .returning({ id: users.id });
  return changes.length + moved.length;
}
