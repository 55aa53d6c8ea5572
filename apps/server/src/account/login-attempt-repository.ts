import { and, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { loginAttempts } from '../platform/db/schema';

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type NewLoginAttempt = typeof loginAttempts.$inferInsert;

/** Who tried to sign in, and from where, as login activity shows it (the result is added per outcome). */
export function loginAttemptOf(
  domainId: number,
  userId: number | null,
  login: string,
  client: { ip: string; deviceId: string | null; userAgent: string; clientName: string },
): Omit<NewLoginAttempt, 'result'> {
  return {
    domainId,
    userId,
    userNameOrEmail: login.slice(0, 256),
    ip: client.ip,
    deviceId: client.deviceId,
    browser: client.userAgent.slice(0, 512),
    clientName: client.clientName,
  };
}

export async function recordLoginAttempt(db: Executor, row: NewLoginAttempt): Promise<void> {
  await db.insert(loginAttempts).values(row);
}

/** Whose sign-in attempts: an account, or a name no account has (counted by the name, any case). */
export type SignInAccount = { userId: number } | { domainId: number; login: string };

/** Where a try comes from: its address and, when the browser sent one, its device id. */
export interface SignInOrigin {
  ip: string;
  deviceId: string | null;
}

function attemptsOf(account: SignInAccount): SQL {
  if ('userId' in account) return eq(loginAttempts.userId, account.userId);
  return and(
    eq(loginAttempts.domainId, account.domainId),
    isNull(loginAttempts.userId),
    sql`lower(${loginAttempts.userNameOrEmail}) = ${account.login.toLowerCase()}`,
  ) as SQL;
}

/** When the user last signed in from this address and from this device, after `since` (null: not since). */
export async function lastSignInsFrom(
  db: Executor,
  userId: number,
  origin: SignInOrigin,
  since: Date,
): Promise<{ address: Date | null; device: Date | null }> {
  const [row] = await db
    .select({
      address:
        sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${loginAttempts.ip} = ${origin.ip})`.mapWith(
          loginAttempts.createdAt,
        ),
      device:
        sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${loginAttempts.deviceId} = ${origin.deviceId})`.mapWith(
          loginAttempts.createdAt,
        ),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.userId, userId),
        eq(loginAttempts.result, 'Success'),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return { address: row?.address ?? null, device: row?.device ?? null };
}

/**
 * Wrong passwords tried on an account after `since`: all of them, those from this address after
 * `addressSince`, those from this device after `deviceSince`, each with the time of the last one.
 */
export async function signInFailures(
  db: Executor,
  account: SignInAccount,
  origin: SignInOrigin,
  times: { since: Date; addressSince: Date; deviceSince: Date },
): Promise<{
  account: number;
  address: { count: number; lastAt: Date | null };
  device: { count: number; lastAt: Date | null };
}> {
  const fromAddress = sql`${loginAttempts.ip} = ${origin.ip} and ${loginAttempts.createdAt} > ${times.addressSince}`;
  const fromDevice = sql`${loginAttempts.deviceId} = ${origin.deviceId} and ${loginAttempts.createdAt} > ${times.deviceSince}`;
  const [row] = await db
    .select({
      account: count(),
      address: sql<number>`count(*) filter (where ${fromAddress})`.mapWith(Number),
      addressLastAt: sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${fromAddress})`.mapWith(
        loginAttempts.createdAt,
      ),
      device: sql<number>`count(*) filter (where ${fromDevice})`.mapWith(Number),
      deviceLastAt: sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${fromDevice})`.mapWith(
        loginAttempts.createdAt,
      ),
    })
    .from(loginAttempts)
    .where(
      and(
        attemptsOf(account),
        eq(loginAttempts.result, 'InvalidUserNameOrPassword'),
        gt(loginAttempts.createdAt, times.since),
      ),
    );
  return {
    account: row?.account ?? 0,
    address: { count: row?.address ?? 0, lastAt: row?.addressLastAt ?? null },
    device: { count: row?.device ?? 0, lastAt: row?.deviceLastAt ?? null },
  };
}

export const FAILED_RESULTS = [
  'InvalidUserNameOrPassword',
  'UserIsNotVerified',
  'UserIsLocked',
  'RateLimited',
];

export async function pageLoginAttempts(
  db: Executor,
  userId: number,
  filter: string,
  take: number,
  skip: number,
): Promise<{ totalCount: number; items: LoginAttemptRow[] }> {
  const conditions: SQL[] = [eq(loginAttempts.userId, userId)];
  if (filter === 'Success') conditions.push(eq(loginAttempts.result, 'Success'));
  else if (filter === 'Failed') conditions.push(inArray(loginAttempts.result, FAILED_RESULTS));
  else if (filter !== 'All') conditions.push(eq(loginAttempts.result, filter));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(loginAttempts).where(where);
  const items = await db
    .select()
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(take)
    .offset(skip);
  return { totalCount: total?.n ?? 0, items };
}
