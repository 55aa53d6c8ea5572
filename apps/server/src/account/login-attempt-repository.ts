import { and, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { loginAttempts } from '../platform/db/schema';

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type NewLoginAttempt = typeof loginAttempts.$inferInsert;

export async function recordLoginAttempt(db: Executor, row: NewLoginAttempt): Promise<void> {
  await db.insert(loginAttempts).values(row);
}

/** Failed sign-ins for this login name in the domain since a time: the per-account rate limit. */
export async function failedAttemptsSince(
  db: Executor,
  domainId: number,
  login: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.domainId, domainId),
        sql`lower(${loginAttempts.userNameOrEmail}) = ${login.toLowerCase()}`,
        ne(loginAttempts.result, 'Success'),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
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
