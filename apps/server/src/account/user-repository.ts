import { DEFAULT_STAKE_BUTTONS, type StakeButton } from '@backlay/contract';
import { and, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { users, userSettings } from '../platform/db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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

/** The real (non-demo) account registered with this mobile number (its ten digits) in the domain. */
export async function findUserByMobile(
  db: Executor,
  domainId: number,
  mobile: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.domainId, domainId), eq(users.mobile, mobile), eq(users.isDemo, false)))
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

/** Demo accounts still open that were created before `cutoff`, at most `limit` of them. */
export async function expiredDemoUsers(
  db: Executor,
  cutoff: Date,
  limit: number,
): Promise<{ id: number; domainId: number }[]> {
  return db
    .select({ id: users.id, domainId: users.domainId })
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.status, 'active'), lt(users.createdAt, cutoff)))
    .limit(limit);
}

/** Inserts a user; a name or mobile another sign-up took meanwhile fails with a unique violation. */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('could not create the user');
  return row;
}

/** A pending registration tried again: its new password and referrer replace the old ones. */
export async function updateRegistration(
  db: Executor,
  userId: number,
  change: { passwordHash: string; referredByUserId: number | null },
): Promise<void> {
  await db.update(users).set(change).where(eq(users.id, userId));
}

export async function activateUser(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ status: 'active', verifiedAt: new Date() }).where(eq(users.id, userId));
}

export async function closeUser(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ status: 'closed' }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function recordLastLogin(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Locks the user's row until the transaction ends: work on one user that must not run twice at
 * once (sending a code) queues here.
 */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

// ---------------------------------------------------------------- user settings
export async function createUserSettings(db: Executor, userId: number, stakes: StakeButton[]): Promise<void> {
  await db.insert(userSettings).values({ userId, stakes });
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
