import { gt } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { refreshTokens } from '../platform/db/schema';

/** Sign-in sessions revoked after `since`, with when: what every server refuses tokens of. */
export async function sessionsRevokedSince(
  db: Executor,
  since: Date,
): Promise<{ id: number; revokedAt: Date | null }[]> {
  return db
    .select({ id: refreshTokens.id, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(gt(refreshTokens.revokedAt, since));
}
