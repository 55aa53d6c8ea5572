import { paise } from '@backlay/exchange';
import type { Executor } from '../platform/db/database';
import { insertReferral } from './referral-repository';

/**
 * The reward a referrer is owed for each player they bring. Domains have no setting for it yet:
 * the referral issue makes it a per-domain setting.
 */
export const REFERRAL_REWARD_PAISE = paise(10_000);

/**
 * A referred player has verified their account: their referrer's reward becomes claimable. Runs in
 * the caller's transaction (the verification's), so a verification that rolls back owes nothing.
 */
export async function recordVerifiedReferral(
  tx: Executor,
  referral: { referrerUserId: number; referredUserId: number },
): Promise<void> {
  await insertReferral(tx, { ...referral, rewardPaise: REFERRAL_REWARD_PAISE, status: 'CLAIMABLE' });
}
