import type { Paise } from '@backlay/exchange';
import type { Executor } from '../platform/db/database';
import { referrals } from '../platform/db/schema';

export type ReferralRow = typeof referrals.$inferSelect;

/**
 * Records who brought a player and the reward owed. A player is referred once: a second record for
 * the same referred player changes nothing. Answers whether this call recorded it.
 */
export async function insertReferral(
  db: Executor,
  referral: {
    referrerUserId: number;
    referredUserId: number;
    rewardPaise: Paise;
    status: ReferralRow['status'];
  },
): Promise<boolean> {
  const rows = await db
    .insert(referrals)
    .values(referral)
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return rows.length > 0;
}
