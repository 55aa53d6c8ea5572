import { REFERRAL_FLAGS, type ReferralFlag } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { num, paiseOf, queryRows } from '../betting';
import type { Executor } from '../platform/db/database';
import { domains, referrals, users } from '../platform/db/schema';

export type ReferralRow = typeof referrals.$inferSelect;

/** A domain's referral programme as its `domains` row holds it. */
export interface Programme {
  enabled: boolean;
  reward: Paise;
  qualifyingDeposit: Paise;
  qualifyingTurnover: Paise;
  monthlyCap: number;
}

const programmeColumns = {
  enabled: domains.referralEnabled,
  reward: domains.referralRewardPaise,
  qualifyingDeposit: domains.referralQualifyingDepositPaise,
  qualifyingTurnover: domains.referralQualifyingTurnoverPaise,
  monthlyCap: domains.referralMonthlyCap,
};

/**
 * The programme as stored now (never the request's cached domain: an operator's change counts at
 * once); `lock` holds the domain row to the end of the transaction.
 */
export async function findProgramme(
  db: Executor,
  domainId: number,
  opts: { lock?: boolean } = {},
): Promise<Programme> {
  const query = db.select(programmeColumns).from(domains).where(eq(domains.id, domainId));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw new Error(`domain ${domainId} missing`);
  return row;
}

export async function updateProgramme(db: Executor, domainId: number, p: Programme): Promise<void> {
  await db
    .update(domains)
    .set({
      referralEnabled: p.enabled,
      referralRewardPaise: p.reward,
      referralQualifyingDepositPaise: p.qualifyingDeposit,
      referralQualifyingTurnoverPaise: p.qualifyingTurnover,
      referralMonthlyCap: p.monthlyCap,
      updatedAt: new Date(),
    })
    .where(eq(domains.id, domainId));
}

/**
 * Records who brought a player and the reward owed. A player is referred once: a second record for
 * the same referred player changes nothing. Answers the new row's id, or null when none was made.
 */
export async function insertReferral(
  db: Executor,
  referral: {
    domainId: number;
    referrerUserId: number;
    referredUserId: number;
    rewardPaise: Paise;
    status: ReferralRow['status'];
  },
): Promise<number | null> {
  const rows = await db
    .insert(referrals)
    .values(referral)
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return rows[0]?.id ?? null;
}

/** One referral, locked to the end of the transaction (`skipLocked`: null when another holds it). */
export async function lockReferral(
  db: Executor,
  where: { id: number; domainId?: number; referrerUserId?: number } | { referredUserId: number },
): Promise<ReferralRow | null> {
  const conditions: SQL[] = [];
  if ('referredUserId' in where) conditions.push(eq(referrals.referredUserId, where.referredUserId));
  else {
    conditions.push(eq(referrals.id, where.id));
    if (where.domainId !== undefined) conditions.push(eq(referrals.domainId, where.domainId));
    if (where.referrerUserId !== undefined)
      conditions.push(eq(referrals.referrerUserId, where.referrerUserId));
  }
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(...conditions))
    .for('update');
  return row ?? null;
}

/** Whether the player was referred and their referral still waits (a read: no lock). */
export async function isPendingReferred(db: Executor, referredUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.referredUserId, referredUserId), eq(referrals.status, 'PENDING')));
  return Boolean(row);
}

/** The next pending referrals after `afterId`, each locked; rows another server holds are skipped. */
export async function lockPendingBatch(db: Executor, afterId: number, limit: number): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(and(eq(referrals.status, 'PENDING'), sql`${referrals.id} > ${afterId}`))
    .orderBy(referrals.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateReferral(
  db: Executor,
  id: number,
  change: Partial<
    Pick<
      ReferralRow,
      | 'status'
      | 'decision'
      | 'decidedBy'
      | 'decisionReason'
      | 'decidedAt'
      | 'qualifiedAt'
      | 'journalId'
      | 'claimedAt'
    >
  >,
): Promise<void> {
  await db.update(referrals).set(change).where(eq(referrals.id, id));
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Adds flags to an open referral (pending or claimable, never one paid or rejected). A claimable
 * one no operator approved goes back to pending: it waits for the review.
 */
export async function addFlags(db: Executor, id: number, flags: readonly ReferralFlag[]): Promise<void> {
  if (flags.length === 0) return;
  await db.execute(sql`
    update referrals
       set flags = array(select distinct f from unnest(flags || ${textArray(flags)}) f order by f),
           status = case when status = 'CLAIMABLE' and decision is null then 'PENDING' else status end
     where id = ${id} and status in ('PENDING', 'CLAIMABLE')`);
}

/** The flags in the contract's order. */
export function orderFlags(flags: readonly string[]): ReferralFlag[] {
  return REFERRAL_FLAGS.filter((f) => flags.includes(f));
}

// ---------------------------------------------------------------- who is who

/** The device cookies a player signed up or signed in with. */
const devicesOf = (userId: SQL) => sql`(
  select u.signup_device_id as d from users u where u.id = ${userId} and u.signup_device_id is not null
  union
  select la.device_id from login_attempts la
   where la.user_id = ${userId} and la.device_id is not null and la.result = 'Success')`;

/**
 * The addresses a player signed up or signed in from. Loopback addresses say nothing about who
 * calls (a developer's machine, or a proxy the server was not told to trust), so they never match.
 */
const addressesOf = (userId: SQL) => sql`(
  select a from (
    select u.signup_ip as a from users u where u.id = ${userId} and u.signup_ip is not null
    union
    select la.ip from login_attempts la where la.user_id = ${userId} and la.result = 'Success'
  ) x where a <> '' and a not like '127.%' and a <> '::1' and a not like '::ffff:127.%')`;

/** The payout accounts (bank account numbers, UPI ids) a player asked withdrawals to. */
const payoutAccountsOf = (userId: SQL) => sql`(
  select lower(trim(v)) as p from payment_requests pr,
    lateral (values (pr.details->>'accountNumber'), (pr.details->>'upiId')) as vals(v)
   where pr.user_id = ${userId} and pr.type = 'withdrawal' and v is not null and trim(v) <> '')`;

/**
 * What ties a referred player to their referrer, and the other referrals of the same referrer whose
 * players share a device with this one (a farm).
 */
export async function findTies(
  db: Executor,
  r: { referrerUserId: number; referredUserId: number },
): Promise<{ flags: ReferralFlag[]; farmPeers: number[] }> {
  const a = sql`${r.referrerUserId}::bigint`;
  const b = sql`${r.referredUserId}::bigint`;
  const [row] = await queryRows<{ device: unknown; address: unknown; payout: unknown }>(
    db,
    sql`select
      exists (select 1 from ${devicesOf(b)} db_ where db_.d in (select d from ${devicesOf(a)} da)) as device,
      exists (select 1 from ${addressesOf(b)} ab where ab.a in (select a from ${addressesOf(a)} aa)) as address,
      exists (select 1 from ${payoutAccountsOf(b)} pb where pb.p in (select p from ${payoutAccountsOf(a)} pa)) as payout`,
  );
  const peers = await queryRows<{ id: unknown }>(
    db,
    sql`select r2.id from referrals r2
         where r2.referrer_user_id = ${a} and r2.referred_user_id <> ${b}
           and exists (select 1 from ${devicesOf(sql`r2.referred_user_id`)} dp
                        where dp.d in (select d from ${devicesOf(b)} db_))
         order by r2.id`,
  );
  const flags: ReferralFlag[] = [];
  if (row?.device === true) flags.push('SameDevice');
  if (row?.address === true) flags.push('SameAddress');
  if (row?.payout === true) flags.push('SamePayoutAccount');
  if (peers.length > 0) flags.push('FarmDevice');
  return { flags, farmPeers: peers.map((p) => num(p.id)) };
}

// ---------------------------------------------------------------- progress

export interface Progress {
  deposited: Paise;
  turnover: Paise;
}

/**
 * Each player's credited deposits (deposit journals' lines into their cash) and turnover (the
 * matched stake of their settled bets; voided, cancelled and lapsed ones count for nothing).
 */
export async function progressOf(db: Executor, userIds: readonly number[]): Promise<Map<number, Progress>> {
  const out = new Map<number, Progress>();
  if (userIds.length === 0) return out;
  const rows = await queryRows<{ id: unknown; deposited: unknown; turnover: unknown }>(
    db,
    sql`select u.id,
          coalesce((select sum(jl.amount) from wallets w
                      join journal_lines jl on jl.account_id = w.cash_account_id
                      join journals j on j.id = jl.journal_id
                     where w.user_id = u.id and j.kind = 'deposit' and jl.amount > 0), 0) as deposited,
          coalesce((select sum(least(b.stake_paise, b.liability_paise)) from bets b
                     where b.user_id = u.id and b.status = 'SETTLED' and not b.is_cash_out), 0) as turnover
        from users u where u.id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const r of rows)
    out.set(num(r.id), { deposited: paiseOf(r.deposited), turnover: paiseOf(r.turnover) });
  return out;
}

// ---------------------------------------------------------------- lists

export interface ListedReferral extends ReferralRow {
  referrerUserName: string;
  referredUserName: string;
}

/** A page of referrals with both players' names, newest first, and how many match. */
export async function pageReferrals(
  db: Executor,
  filter: { domainId: number; referrerUserId?: number; underReview?: boolean },
  page: { skip: number; take: number },
): Promise<{ totalCount: number; rows: ListedReferral[] }> {
  const conditions: SQL[] = [sql`r.domain_id = ${filter.domainId}`];
  if (filter.referrerUserId !== undefined)
    conditions.push(sql`r.referrer_user_id = ${filter.referrerUserId}`);
  const review = sql`(r.status = 'PENDING' and cardinality(r.flags) > 0 and r.decision is null)`;
  if (filter.underReview === true) conditions.push(review);
  if (filter.underReview === false) conditions.push(sql`not ${review}`);
  const where = sql.join(conditions, sql` and `);
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from referrals r where ${where}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.domain_id, r.referrer_user_id, r.referred_user_id, r.reward_paise, r.status, r.flags,
               r.decision, r.decided_by, r.decision_reason,
               extract(epoch from r.decided_at) * 1000 as decided_at,
               extract(epoch from r.qualified_at) * 1000 as qualified_at, r.journal_id,
               extract(epoch from r.created_at) * 1000 as created_at,
               extract(epoch from r.claimed_at) * 1000 as claimed_at,
               ua.user_name as referrer_user_name, ub.user_name as referred_user_name
          from referrals r
          join users ua on ua.id = r.referrer_user_id
          join users ub on ub.id = r.referred_user_id
         where ${where}
         order by r.id desc
         limit ${page.take} offset ${page.skip}`,
  );
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(num(v)));
  return {
    totalCount: num(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: num(r.id),
      domainId: num(r.domain_id),
      referrerUserId: num(r.referrer_user_id),
      referredUserId: num(r.referred_user_id),
      rewardPaise: paiseOf(r.reward_paise),
      status: r.status as ReferralRow['status'],
      flags: parseFlags(r.flags),
      decision: (r.decision as ReferralRow['decision']) ?? null,
      decidedBy: (r.decided_by as string | null) ?? null,
      decisionReason: (r.decision_reason as string | null) ?? null,
      decidedAt: at(r.decided_at),
      qualifiedAt: at(r.qualified_at),
      journalId: r.journal_id === null || r.journal_id === undefined ? null : num(r.journal_id),
      createdAt: at(r.created_at) ?? new Date(0),
      claimedAt: at(r.claimed_at),
      referrerUserName: String(r.referrer_user_name),
      referredUserName: String(r.referred_user_name),
    })),
  };
}

/** A text[] as the drivers answer it: an array, or PostgreSQL's `{a,b}` literal. */
function parseFlags(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
  }
  return [];
}

/** One referral with both players' names. */
export async function findListedReferral(
  db: Executor,
  domainId: number,
  id: number,
): Promise<ListedReferral | null> {
  const rows = await db
    .select({
      r: referrals,
      referrerUserName: sql<string>`(select user_name from users where id = ${referrals.referrerUserId})`,
      referredUserName: sql<string>`(select user_name from users where id = ${referrals.referredUserId})`,
    })
    .from(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.domainId, domainId)));
  const row = rows[0];
  return row
    ? { ...row.r, referrerUserName: row.referrerUserName, referredUserName: row.referredUserName }
    : null;
}

/** How many rewards the referrer claimed since `since`. */
export async function claimsSince(db: Executor, referrerUserId: number, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from referrals
         where referrer_user_id = ${referrerUserId} and status = 'CLAIMED' and claimed_at >= ${since.toISOString()}::timestamptz`,
  );
  return num(row?.n ?? 0);
}

/** The player's referral code and whether the account is a demo one. */
export async function findReferrer(
  db: Executor,
  userId: number,
): Promise<{ referralCode: string; isDemo: boolean } | null> {
  const [row] = await db
    .select({ referralCode: users.referralCode, isDemo: users.isDemo })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
