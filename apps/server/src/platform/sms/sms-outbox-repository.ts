import { desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { smsOutbox } from '../db/schema';

export type OutboxSmsRow = typeof smsOutbox.$inferSelect;

export async function insertOutboxSms(
  db: Executor,
  sms: { mobile: string; sealedCode: string; expiresAt: Date },
): Promise<void> {
  await db.insert(smsOutbox).values(sms);
}

/** The newest code put in the outbox for a mobile number. */
export async function latestOutboxSms(db: Executor, mobile: string): Promise<OutboxSmsRow | null> {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return row ?? null;
}

/** Forgets the codes that expired before a time. */
export async function deleteOutboxSmsBefore(db: Executor, expiredBefore: Date): Promise<void> {
  await db.delete(smsOutbox).where(lt(smsOutbox.expiresAt, expiredBefore));
}
