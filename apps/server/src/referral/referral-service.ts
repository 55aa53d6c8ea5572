import type { Paise } from '@backlay/exchange';
import type { Executor } from '../platform/db/database';
import { insertReferral } from './referral-repository';

/**
 * A referred player has verified their account: their referrer's reward (the domain's
 * `referralRewardPaise`) becomes claimable. Runs in the caller's transaction (the verification's),
 * so a verification that rolls back owes nothing. No money moves here: a claim will post it
 * through the ledger.
 */
export async function recordVerifiedReferral(
  tx: Executor,
  referral: { referrerUserId: number; referredUserId: number; rewardPaise: Paise },
): Promise<void> {
  await insertReferral(tx, { ...referral, status: 'CLAIMABLE' });
}
