import { paise, type Paise } from '@backlay/exchange';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import { bonuses, userBonuses } from '../platform/db/schema';

/*
 * The bonus feature's SQL: the catalogue (`bonuses`), the players' claims (`user_bonuses`) and what
 * counted towards their wagering (`bonus_wagers`); and the reads of the ledger and bets the rules
 * need (deposits, settled bets, net results). Money moves only through the ledger's MoneyWriter.
 */

export type BonusKind = (typeof bonuses.$inferSelect)['kind'];
export type ClaimStatus = (typeof userBonuses.$inferSelect)['status'];

export interface BonusRow {
  id: number;
  domainId: number;
  title: string;
  description: string;
  kind: BonusKind;
  percentBps: number | null;
  amountPaise: Paise | null;
  maxAmountPaise: Paise;
  minDepositPaise: Paise;
  wageringMultiplier: number;
  validDays: number;
  cashbackPeriodDays: number;
  terms: string;
  visible: boolean;
  active: boolean;
  updatedAt: Date;
}

export type BonusValues = Omit<BonusRow, 'id' | 'domainId' | 'updatedAt'>;

export interface ClaimRow {
  id: number;
  userId: number;
  domainId: number;
  bonusId: number;
  periodKey: string;
  status: ClaimStatus;
  amountPaise: Paise;
  wageringRequiredPaise: Paise;
  wageredPaise: Paise;
  claimedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

/** Raw rows: node-postgres answers bigint as text, PGlite as a number; both go through `int`. */
async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}
function int(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n))
    throw new Error(`expected an integer from the database, got ${String(value)}`);
  return n;
}

const claimColumns = {
  id: userBonuses.id,
  userId: userBonuses.userId,
  domainId: userBonuses.domainId,
  bonusId: userBonuses.bonusId,
  periodKey: userBonuses.periodKey,
  status: userBonuses.status,
  amountPaise: userBonuses.amountPaise,
  wageringRequiredPaise: userBonuses.wageringRequiredPaise,
  wageredPaise: userBonuses.wageredPaise,
  claimedAt: userBonuses.claimedAt,
  expiresAt: userBonuses.expiresAt,
  endedAt: userBonuses.endedAt,
};

// ---------------------------------------------------------------- the catalogue

/** The domain's bonuses, oldest first, each with how many claims it has had. */
export async function listBonuses(
  ex: Executor,
  domainId: number,
  opts: { activeOnly?: boolean; visibleOnly?: boolean } = {},
): Promise<(BonusRow & { claims: number })[]> {
  const where = [eq(bonuses.domainId, domainId)];
  if (opts.activeOnly) where.push(eq(bonuses.active, true));
  if (opts.visibleOnly) where.push(eq(bonuses.visible, true));
  const claims = ex
    .select({ bonusId: userBonuses.bonusId, n: count().as('n') })
    .from(userBonuses)
    .groupBy(userBonuses.bonusId)
    .as('claims');
  const found = await ex
    .select({ bonus: bonuses, n: claims.n })
    .from(bonuses)
    .leftJoin(claims, eq(claims.bonusId, bonuses.id))
    .where(and(...where))
    .orderBy(bonuses.id);
  return found.map((r) => ({ ...toBonus(r.bonus), claims: int(r.n ?? 0) }));
}

function toBonus(b: typeof bonuses.$inferSelect): BonusRow {
  return {
    id: b.id,
    domainId: b.domainId,
    title: b.title,
    description: b.description,
    kind: b.kind,
    percentBps: b.percentBps,
    amountPaise: b.amountPaise,
    maxAmountPaise: b.maxAmountPaise,
    minDepositPaise: b.minDepositPaise,
    wageringMultiplier: b.wageringMultiplier,
    validDays: b.validDays,
    cashbackPeriodDays: b.cashbackPeriodDays,
    terms: b.terms,
    visible: b.visible,
    active: b.active,
    updatedAt: b.updatedAt,
  };
}

/** A bonus of the domain (another domain's is not found); `lock` holds it to the end of the transaction. */
export async function findBonus(
  ex: Executor,
  domainId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<BonusRow | null> {
  const q = ex
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.id, id), eq(bonuses.domainId, domainId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ? toBonus(row) : null;
}

export async function insertBonus(ex: Executor, domainId: number, values: BonusValues): Promise<BonusRow> {
  const [row] = await ex
    .insert(bonuses)
    .values({ domainId, ...values })
    .returning();
  if (!row) throw new Error('could not insert the bonus');
  return toBonus(row);
}

export async function updateBonus(
  ex: Executor,
  domainId: number,
  id: number,
  values: BonusValues,
): Promise<BonusRow | null> {
  const [row] = await ex
    .update(bonuses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bonuses.id, id), eq(bonuses.domainId, domainId)))
    .returning();
  return row ? toBonus(row) : null;
}

/** How many claims a bonus has had. */
export async function claimCount(ex: Executor, bonusId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(userBonuses).where(eq(userBonuses.bonusId, bonusId));
  return int(row?.n ?? 0);
}

// ---------------------------------------------------------------- claims

/** Every claim of the player, newest first. */
export async function claimsOf(ex: Executor, userId: number): Promise<ClaimRow[]> {
  return ex
    .select(claimColumns)
    .from(userBonuses)
    .where(eq(userBonuses.userId, userId))
    .orderBy(desc(userBonuses.id));
}

/** The player's active claim, if any; `lock` holds it (and waits for whoever holds it now). */
export async function activeClaim(
  ex: Executor,
  userId: number,
  opts: { lock?: boolean } = {},
): Promise<ClaimRow | null> {
  const q = ex
    .select(claimColumns)
    .from(userBonuses)
    .where(and(eq(userBonuses.userId, userId), eq(userBonuses.status, 'ACTIVE')));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Whether the player already has a claim of this bonus for this period. */
export async function hasClaimFor(
  ex: Executor,
  userId: number,
  bonusId: number,
  periodKey: string,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: userBonuses.id })
    .from(userBonuses)
    .where(
      and(
        eq(userBonuses.userId, userId),
        eq(userBonuses.bonusId, bonusId),
        eq(userBonuses.periodKey, periodKey),
      ),
    );
  return !!row;
}

/** When the player last claimed this bonus (null: never). */
export async function lastClaimAt(ex: Executor, userId: number, bonusId: number): Promise<Date | null> {
  const [row] = await ex
    .select({ at: userBonuses.claimedAt })
    .from(userBonuses)
    .where(and(eq(userBonuses.userId, userId), eq(userBonuses.bonusId, bonusId)))
    .orderBy(desc(userBonuses.claimedAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * A new active claim. Null when the database refused it as a second claim of the period or a second
 * active bonus (a claim that raced this one committed first).
 */
export async function insertClaim(
  tx: Tx,
  values: {
    userId: number;
    domainId: number;
    bonusId: number;
    periodKey: string;
    amountPaise: Paise;
    wageringRequiredPaise: Paise;
    validDays: number;
  },
): Promise<ClaimRow | null> {
  const [row] = await tx
    .insert(userBonuses)
    .values({
      userId: values.userId,
      domainId: values.domainId,
      bonusId: values.bonusId,
      periodKey: values.periodKey,
      amountPaise: values.amountPaise,
      wageringRequiredPaise: values.wageringRequiredPaise,
      expiresAt: sql`now() + make_interval(days => ${values.validDays})`,
    })
    .onConflictDoNothing()
    .returning(claimColumns);
  return row ?? null;
}

export async function setClaimJournal(tx: Tx, id: number, journalId: number): Promise<void> {
  await tx.update(userBonuses).set({ journalId }).where(eq(userBonuses.id, id));
}

/** Ends an active claim (COMPLETED, EXPIRED or FORFEITED); null when it was no longer active. */
export async function endClaim(
  tx: Tx,
  id: number,
  status: Exclude<ClaimStatus, 'ACTIVE'>,
  endJournalId: number,
): Promise<ClaimRow | null> {
  const [row] = await tx
    .update(userBonuses)
    .set({ status, endJournalId, endedAt: sql`now()` })
    .where(and(eq(userBonuses.id, id), eq(userBonuses.status, 'ACTIVE')))
    .returning(claimColumns);
  return row ?? null;
}

/**
 * Active claims past their expiry, locked; the ones another server holds are skipped, so servers
 * running the job at once each take their own.
 */
export async function lockExpiredClaims(tx: Tx, limit: number): Promise<ClaimRow[]> {
  return tx
    .select(claimColumns)
    .from(userBonuses)
    .where(and(eq(userBonuses.status, 'ACTIVE'), sql`${userBonuses.expiresAt} <= now()`))
    .orderBy(userBonuses.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

// ---------------------------------------------------------------- wagering

/**
 * The settled bets of a claim's player that count for it: placed at or after the claim, settled
 * before its expiry, not a cash-out's hedge (it closes a position, it does not wager anew).
 */
const countingBets = (claim: SQL) => sql`
  from user_bonuses ub
  join bets b on b.user_id = ub.user_id
  where ${claim} and b.status = 'SETTLED' and b.stake_paise > 0 and not b.is_cash_out
    and b.placed_at >= ub.created_at and b.settled_at < ub.expires_at`;

/**
 * What a bet counts towards wagering: the money it put at risk, its stake for a back and its
 * liability for a lay (the smaller of the two), so a lay at 1.01 cannot clear ₹1,000 of wagering by
 * risking ₹10.
 */
export const AT_RISK = sql`least(b.stake_paise, b.liability_paise)`;

/**
 * Records the claim's counting bets not counted yet, one row per bet (a bet already counted, say
 * a market settled again or an event heard twice, is skipped by the unique index); answers the
 * stake added.
 */
export async function insertBetWagers(tx: Tx, claimId: number): Promise<Paise> {
  const added = await rows<{ amount_paise: unknown }>(
    tx,
    sql`insert into bonus_wagers (user_bonus_id, source, reference, amount_paise)
        select ub.id, 'bet', b.id::text, ${AT_RISK} ${countingBets(sql`ub.id = ${claimId}`)}
        order by b.id
        on conflict do nothing
        returning amount_paise`,
  );
  return paise(added.reduce((s, r) => s + int(r.amount_paise), 0));
}

/** One casino wager towards a claim; false when it was counted already. */
export async function insertCasinoWager(
  tx: Tx,
  claimId: number,
  reference: string,
  amount: Paise,
): Promise<boolean> {
  const added = await rows(
    tx,
    sql`insert into bonus_wagers (user_bonus_id, source, reference, amount_paise)
        values (${claimId}, 'casino', ${reference}, ${amount})
        on conflict do nothing returning id`,
  );
  return added.length > 0;
}

/** Takes a casino wager off a claim (its bet was rolled back); answers its amount, or null if none. */
export async function deleteCasinoWager(tx: Tx, claimId: number, reference: string): Promise<Paise | null> {
  const [row] = await rows<{ amount_paise: unknown }>(
    tx,
    sql`delete from bonus_wagers
        where user_bonus_id = ${claimId} and source = 'casino' and reference = ${reference}
        returning amount_paise`,
  );
  return row ? paise(int(row.amount_paise)) : null;
}

/** Adds to a claim's wagering (the sum of its wager rows); answers the new total. */
export async function addWagered(tx: Tx, claimId: number, amount: Paise): Promise<Paise> {
  const [row] = await tx
    .update(userBonuses)
    .set({ wageredPaise: sql`${userBonuses.wageredPaise} + ${amount}` })
    .where(eq(userBonuses.id, claimId))
    .returning({ wagered: userBonuses.wageredPaise });
  if (!row) throw new Error(`claim ${claimId} missing`);
  return row.wagered;
}

/** What counted towards a claim, oldest first (the audit trail of its progress). */
export async function wagersOf(
  ex: Executor,
  claimId: number,
): Promise<{ source: 'bet' | 'casino'; reference: string; amount: Paise }[]> {
  const found = await rows<{ source: 'bet' | 'casino'; reference: string; amount_paise: unknown }>(
    ex,
    sql`select source, reference, amount_paise from bonus_wagers where user_bonus_id = ${claimId} order by id`,
  );
  return found.map((r) => ({ source: r.source, reference: r.reference, amount: paise(int(r.amount_paise)) }));
}

/** Players whose active claim has settled bets not counted yet (what a lost event left behind). */
export async function playersWithUncountedBets(ex: Executor, limit: number): Promise<number[]> {
  const found = await rows<{ user_id: unknown }>(
    ex,
    sql`select distinct ub.user_id ${countingBets(sql`ub.status = 'ACTIVE'`)}
        and not exists (select 1 from bonus_wagers w
                        where w.user_bonus_id = ub.id and w.source = 'bet' and w.reference = b.id::text)
        limit ${limit}`,
  );
  return found.map((r) => int(r.user_id));
}

// ---------------------------------------------------------------- what the rules read

export interface Deposit {
  reference: string;
  amount: Paise;
  at: Date;
}

/** The player's credited deposits (journals 'deposit' into their cash), oldest first. */
export async function depositsOf(ex: Executor, userId: number): Promise<Deposit[]> {
  const found = await rows<{ reference: string; amount: unknown; at_ms: unknown }>(
    ex,
    sql`select j.reference, l.amount, extract(epoch from j.created_at) * 1000 as at_ms
        from wallets w
        join journal_lines l on l.account_id = w.cash_account_id and l.amount > 0
        join journals j on j.id = l.journal_id and j.kind = 'deposit'
        where w.user_id = ${userId}
        order by j.created_at, j.id`,
  );
  return found.map((r) => ({
    reference: r.reference,
    amount: paise(int(r.amount)),
    at: new Date(Math.round(Number(r.at_ms))),
  }));
}

/** The deposits (their references) the player has used for a Reload claim already. */
export async function reloadKeysUsed(ex: Executor, userId: number): Promise<Set<string>> {
  const found = await ex
    .select({ key: userBonuses.periodKey })
    .from(userBonuses)
    .innerJoin(bonuses, eq(bonuses.id, userBonuses.bonusId))
    .where(and(eq(userBonuses.userId, userId), eq(bonuses.kind, 'Reload')));
  return new Set(found.map((r) => r.key));
}

/**
 * The player's net result (after commission) of the markets settled since `since`: negative is a
 * loss. A voided market's result is zero, so voids count for nothing.
 */
export async function netSettledSince(ex: Executor, userId: number, since: Date): Promise<Paise> {
  const [row] = await rows<{ s: unknown }>(
    ex,
    sql`select coalesce(sum(net_paise), 0) as s from market_settlements
        where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz`,
  );
  return paise(int(row?.s ?? 0));
}

/** Whether the user is a demo account (play money: no bonuses). */
export async function isDemoUser(ex: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ is_demo: boolean }>(ex, sql`select is_demo from users where id = ${userId}`);
  return row?.is_demo === true;
}

/**
 * The bonuses of a domain that has none, in one statement: a domain with any bonus (its operator's
 * or an earlier seed's) keeps its catalogue as it is.
 */
export async function insertBonusesIfNone(
  ex: Executor,
  domainId: number,
  list: readonly BonusValues[],
): Promise<number> {
  if (list.length === 0) return 0;
  const values = sql.join(
    list.map(
      (b) =>
        sql`(${b.title}, ${b.description}, ${b.kind}, ${b.percentBps}::integer, ${b.amountPaise}::bigint,
             ${b.maxAmountPaise}::bigint, ${b.minDepositPaise}::bigint, ${b.wageringMultiplier}::integer,
             ${b.validDays}::integer, ${b.cashbackPeriodDays}::integer, ${b.terms}, ${b.visible}::boolean,
             ${b.active}::boolean)`,
    ),
    sql`, `,
  );
  const inserted = await rows(
    ex,
    sql`insert into bonuses (domain_id, title, description, kind, percent_bps, amount_paise, max_amount_paise,
          min_deposit_paise, wagering_multiplier, valid_days, cashback_period_days, terms, visible, active)
        select ${domainId}, v.* from (values ${values}) as v
        where not exists (select 1 from bonuses where domain_id = ${domainId})
        returning id`,
  );
  return inserted.length;
}
