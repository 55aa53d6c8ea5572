import { DEFAULT_STAKE_BUTTONS, type StakeButton } from '@backlay/contract';
import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { loginAttempts, otpChallenges, refreshTokens, users, userSettings } from '../platform/db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(
  db: Executor,
  domainId: number,
  login: string,
): Promise<UserRow | null> {
  const lower = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.domainId, domainId),
        or(sql`lower(${users.userName}) = ${lower}`, sql`lower(${users.email}) = ${lower}`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findUserByName(
  db: Executor,
  domainId: number,
  userName: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.domainId, domainId), sql`lower(${users.userName}) = ${userName.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findUserByReferralCode(
  db: Executor,
  domainId: number,
  code: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.domainId, domainId), eq(users.referralCode, code.toUpperCase()), eq(users.isDemo, false)),
    )
    .limit(1);
  return row ?? null;
}

/** A real (non-demo) account other than `exceptUserId` holding this mobile in the domain. */
export async function mobileTaken(db: Executor, domainId: number, mobile: string, exceptUserId?: number) {
  const conditions: SQL[] = [eq(users.domainId, domainId), eq(users.mobile, mobile), eq(users.isDemo, false)];
  if (exceptUserId !== undefined) conditions.push(ne(users.id, exceptUserId));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function loadStakes(db: Executor, userId: number): Promise<StakeButton[]> {
  const [row] = await db
    .select({ stakes: userSettings.stakes })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return (row?.stakes as StakeButton[] | undefined) ?? DEFAULT_STAKE_BUTTONS;
}

export async function saveStakes(db: Executor, userId: number, stakes: StakeButton[]): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, stakes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { stakes, updatedAt: new Date() } });
}

// ---------------------------------------------------------------- one-time codes
export async function openChallenge(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.userId, userId), isNull(otpChallenges.endedAt)))
    .orderBy(desc(otpChallenges.id))
    .limit(1);
  return row ?? null;
}

/** The newest code sent to a user, open or ended. */
export async function latestChallenge(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.userId, userId))
    .orderBy(desc(otpChallenges.id))
    .limit(1);
  return row ?? null;
}

export async function endOpenChallenges(
  db: Executor,
  userId: number,
  reason: 'verified' | 'resent' | 'too_many_tries',
) {
  await db
    .update(otpChallenges)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(otpChallenges.userId, userId), isNull(otpChallenges.endedAt)));
}

export async function challengesSince(
  db: Executor,
  userId: number,
  since: Date,
): Promise<{ count: number; lastAt: Date | null }> {
  const rows = await db
    .select({ createdAt: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.userId, userId), gt(otpChallenges.createdAt, since)))
    .orderBy(desc(otpChallenges.createdAt));
  return { count: rows.length, lastAt: rows[0]?.createdAt ?? null };
}

// ---------------------------------------------------------------- sign-in sessions
/**
 * Revokes a user's live sessions and answers their ids. Their access tokens still verify: once
 * the transaction commits, pass the ids to SessionRevocations.announce so every server refuses them.
 */
export async function revokeSessions(
  db: Executor,
  userId: number,
  keepSessionId?: number,
): Promise<number[]> {
  const conditions: SQL[] = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(refreshTokens.id, keepSessionId));
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: refreshTokens.id });
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- login attempts
export async function recordLoginAttempt(db: Executor, row: typeof loginAttempts.$inferInsert) {
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
) {
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
