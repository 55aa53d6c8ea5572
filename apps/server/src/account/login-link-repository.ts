import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { loginLinks, refreshTokens } from '../platform/db/schema';

export type LoginLinkRow = typeof loginLinks.$inferSelect;
export type NewLoginLink = typeof loginLinks.$inferInsert;

export async function insertLoginLink(db: Executor, link: NewLoginLink): Promise<LoginLinkRow> {
  const [row] = await db.insert(loginLinks).values(link).returning();
  if (!row) throw new Error('could not store the sign-in link');
  return row;
}

export async function findLoginLinkByHash(db: Executor, codeHash: string): Promise<LoginLinkRow | null> {
  const [row] = await db.select().from(loginLinks).where(eq(loginLinks.codeHash, codeHash)).limit(1);
  return row ?? null;
}

/**
 * Marks the link used if it still can be (this site's, unused, unexpired), in one statement, so of
 * two exchanges racing for one code exactly one gets the row back.
 */
export async function consumeLoginLink(
  db: Executor,
  linkId: number,
  domainId: number,
  now = new Date(),
): Promise<LoginLinkRow | null> {
  const [row] = await db
    .update(loginLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginLinks.id, linkId),
        eq(loginLinks.domainId, domainId),
        isNull(loginLinks.usedAt),
        gt(loginLinks.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records the session the link's one exchange opened. */
export async function recordLoginLinkSession(db: Executor, linkId: number, sessionId: number): Promise<void> {
  await db.update(loginLinks).set({ sessionId }).where(eq(loginLinks.id, linkId));
}

/**
 * Revokes one live session and answers its id (nothing when it had already ended). Its access tokens
 * still verify until the caller announces the id to SessionRevocations.
 */
export async function revokeSession(db: Executor, sessionId: number): Promise<number[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.id, sessionId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.map((row) => row.id);
}
