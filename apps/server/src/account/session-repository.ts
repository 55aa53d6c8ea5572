import { and, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { refreshTokens, users } from '../platform/db/schema';
import type { UserRow } from './user-repository';

/** Opens a sign-in session: a refresh-token row holding only the token's hash. Answers its id. */
export async function insertSession(
  db: Executor,
  session: { userId: number; tokenHash: string; expiresAt: Date; ip: string; userAgent: string },
): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(session).returning({ id: refreshTokens.id });
  if (!row) throw new Error('could not open a session');
  return row.id;
}

/** The live (unrevoked, unexpired) session a refresh token hash names, with its user. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now = new Date(),
): Promise<{ sessionId: number; user: UserRow } | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.id, user: users })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

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
