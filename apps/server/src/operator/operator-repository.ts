import type { OperatorRole } from '@backlay/contract';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { domainHosts, domains, operatorAuditLog, operatorRoles, operators } from '../platform/db/schema';

export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof operatorAuditLog.$inferSelect;
export type NewAuditRow = typeof operatorAuditLog.$inferInsert;

export async function findOperatorByName(db: Executor, userName: string): Promise<OperatorRow | null> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.userName}) = ${userName.toLowerCase()}`);
  return row ?? null;
}

/** The operator and its role on one domain (null: no such active operator, or no role there). */
export async function findActiveOperatorOnDomain(
  db: Executor,
  operatorId: number,
  domainId: number,
): Promise<{ userName: string; role: OperatorRole; tokenVersion: number } | null> {
  const [row] = await db
    .select({ userName: operators.userName, role: operatorRoles.role, tokenVersion: operators.tokenVersion })
    .from(operators)
    .innerJoin(
      operatorRoles,
      and(eq(operatorRoles.operatorId, operators.id), eq(operatorRoles.domainId, domainId)),
    )
    .where(and(eq(operators.id, operatorId), eq(operators.status, 'active')));
  return row ?? null;
}

export async function roleOn(
  db: Executor,
  operatorId: number,
  domainId: number,
): Promise<OperatorRole | null> {
  const [row] = await db
    .select({ role: operatorRoles.role })
    .from(operatorRoles)
    .where(and(eq(operatorRoles.operatorId, operatorId), eq(operatorRoles.domainId, domainId)));
  return row?.role ?? null;
}

/** The domains an operator holds a role on. */
export async function domainsOf(db: Executor, operatorId: number): Promise<number[]> {
  const rows = await db
    .select({ domainId: operatorRoles.domainId })
    .from(operatorRoles)
    .where(eq(operatorRoles.operatorId, operatorId));
  return rows.map((r) => r.domainId);
}

/** A new operator, or null when the name is taken (the unique index decides, races included). */
export async function insertOperator(
  db: Executor,
  row: { userName: string; passwordHash: string; totpSecretSealed: string; createdBy: string },
): Promise<number | null> {
  const [inserted] = await db
    .insert(operators)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: operators.id });
  return inserted?.id ?? null;
}

export async function insertRole(
  db: Executor,
  row: { operatorId: number; domainId: number; role: OperatorRole },
): Promise<void> {
  await db.insert(operatorRoles).values(row);
}

/**
 * Marks a TOTP step used: true only if it is later than every step used before, in one conditional
 * update, so of two sign-ins racing with the same code one wins.
 */
export async function claimTotpStep(db: Executor, operatorId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  return rows.length === 1;
}

/** A new TOTP secret: the used step is forgotten and the operator's tokens so far are refused. */
export async function replaceTotpSecret(
  db: Executor,
  operatorId: number,
  totpSecretSealed: string,
): Promise<void> {
  await db
    .update(operators)
    .set({ totpSecretSealed, totpLastStep: null, tokenVersion: sql`${operators.tokenVersion} + 1` })
    .where(eq(operators.id, operatorId));
}

// ---------------------------------------------------------------- the audit log (insert and read only)

export async function insertAudit(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(operatorAuditLog).values(row);
}

export interface AuditFilter {
  actor?: string | undefined;
  /** One action, or a family of them when it ends with a dot. */
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function listAudit(
  db: Executor,
  domainId: number,
  page: { limit: number; offset: number },
  filter: AuditFilter = {},
): Promise<{ total: number; rows: AuditRow[] }> {
  const where = and(
    eq(operatorAuditLog.domainId, domainId),
    filter.actor ? sql`lower(${operatorAuditLog.actor}) = ${filter.actor.toLowerCase()}` : undefined,
    filter.action
      ? filter.action.endsWith('.')
        ? sql`starts_with(${operatorAuditLog.action}, ${filter.action})`
        : eq(operatorAuditLog.action, filter.action)
      : undefined,
    filter.from ? gte(operatorAuditLog.at, filter.from) : undefined,
    filter.to ? lt(operatorAuditLog.at, filter.to) : undefined,
  );
  const [totals] = await db.select({ n: count() }).from(operatorAuditLog).where(where);
  const rows = await db
    .select()
    .from(operatorAuditLog)
    .where(where)
    .orderBy(desc(operatorAuditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: totals?.n ?? 0, rows };
}

const SIGN_IN = 'auth.sign_in';
const SIGN_IN_FAILED = 'auth.sign_in_failed';

/**
 * What the sign-in guard needs about one name (any domain: an operator is one person) and address:
 * failures on the name since `since`; the address's failures since its last sign-in (and since
 * `since`) with the newest; whether the address signed in to the name after `knownSince`.
 */
export async function signInRecord(
  db: Executor,
  userName: string,
  ip: string,
  since: Date,
  knownSince: Date,
): Promise<{ nameFailures: number; address: { count: number; lastAt: Date | null; known: boolean } }> {
  const name = sql`lower(${operatorAuditLog.actor}) = ${userName.toLowerCase()}`;
  const [last] = await db
    .select({ at: sql<Date | null>`max(${operatorAuditLog.at})`.mapWith(operatorAuditLog.at) })
    .from(operatorAuditLog)
    .where(and(name, eq(operatorAuditLog.action, SIGN_IN), eq(operatorAuditLog.ip, ip)));
  const lastSignIn = last?.at ?? null;
  const addressSince = lastSignIn && lastSignIn > since ? lastSignIn : since;
  const [failures] = await db
    .select({
      name: sql<number>`count(*)`.mapWith(Number),
      address:
        sql<number>`count(*) filter (where ${operatorAuditLog.ip} = ${ip} and ${operatorAuditLog.at} > ${addressSince})`.mapWith(
          Number,
        ),
      lastAt:
        sql<Date | null>`max(${operatorAuditLog.at}) filter (where ${operatorAuditLog.ip} = ${ip} and ${operatorAuditLog.at} > ${addressSince})`.mapWith(
          operatorAuditLog.at,
        ),
    })
    .from(operatorAuditLog)
    .where(and(name, inArray(operatorAuditLog.action, [SIGN_IN_FAILED]), gt(operatorAuditLog.at, since)));
  return {
    nameFailures: failures?.name ?? 0,
    address: {
      count: failures?.address ?? 0,
      lastAt: failures?.lastAt ?? null,
      known: lastSignIn !== null && lastSignIn > knownSince,
    },
  };
}

/** A domain's id by its name (the demo seed finds the demo domain). */
export async function findDomainIdByName(db: Executor, name: string): Promise<number | null> {
  const [row] = await db.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  return row?.id ?? null;
}

/** A domain by its name ('test', a site's main host) or any of its hosts; null when none. */
export async function findDomainIdByNameOrHost(db: Executor, nameOrHost: string): Promise<number | null> {
  const byName = await findDomainIdByName(db, nameOrHost);
  if (byName !== null) return byName;
  const [row] = await db
    .select({ id: domainHosts.domainId })
    .from(domainHosts)
    .where(eq(domainHosts.host, nameOrHost.toLowerCase()));
  return row?.id ?? null;
}

/** Every domain's name, for a message that lists them. */
export async function domainNames(db: Executor): Promise<string[]> {
  const rows = await db.select({ name: domains.name }).from(domains).orderBy(domains.name);
  return rows.map((r) => r.name);
}
