import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { otpChallenges } from '../platform/db/schema';

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
type EndReason = NonNullable<OtpChallengeRow['endReason']>;

export async function insertChallenge(
  db: Executor,
  challenge: { userId: number; mobile: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(otpChallenges).values(challenge);
}

/** The newest code sent to a user, open or ended. */
export async function latestChallenge(db: Executor, userId: number): Promise<OtpChallengeRow | null> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.userId, userId))
    .orderBy(desc(otpChallenges.id))
    .limit(1);
  return row ?? null;
}

export async function endOpenChallenges(db: Executor, userId: number, reason: EndReason): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(otpChallenges.userId, userId), isNull(otpChallenges.endedAt)));
}

/** A verified user's codes are all over: every one of them, open or not, ends as 'verified'. */
export async function endChallengesVerified(db: Executor, userId: number): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ endedAt: new Date(), endReason: 'verified' })
    .where(eq(otpChallenges.userId, userId));
}

/** Counts a wrong code against its challenge; a `burnt` one ends, no code of it is accepted any more. */
export async function recordWrongCode(
  db: Executor,
  challengeId: number,
  wrongTries: number,
  burnt: boolean,
): Promise<void> {
  await db
    .update(otpChallenges)
    .set(burnt ? { wrongTries, endedAt: new Date(), endReason: 'too_many_tries' } : { wrongTries })
    .where(eq(otpChallenges.id, challengeId));
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

/**
 * Development only: a user's codes as if sent `seconds` earlier (sent and expiry times alike), so
 * a journey asks for a resend without waiting out the throttle. How many codes moved.
 */
export async function ageChallenges(db: Executor, userId: number, seconds: number): Promise<number> {
  const moved = await db
    .update(otpChallenges)
    .set({
      createdAt: sql`${otpChallenges.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${otpChallenges.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpChallenges.userId, userId))
    .returning({ id: otpChallenges.id });
  return moved.length;
}
