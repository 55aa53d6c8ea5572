import { paise } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, insertTestUser, openSeededTestDatabase } from '../../test/harness';
import type { Database } from '../platform/db/database';
import { insertReferral } from './referral-repository';
import { recordVerifiedReferral } from './referral-service';

describe.each(backends)('referrals (%s)', (backend) => {
  let database: Database;
  let domainId: number;
  beforeAll(async () => {
    ({ database, domainId } = await openSeededTestDatabase(backend));
  });
  afterAll(() => database.close());

  const newUserId = async () => (await insertTestUser(database.db, domainId)).id;
  const reward = paise(12_345);
  const referralsOf = (referredUserId: number) =>
    database.db.query.referrals.findMany({ where: (r, { eq }) => eq(r.referredUserId, referredUserId) });

  it('a verified referred player makes the reward claimable for the referrer', async () => {
    const referrer = await newUserId();
    const referred = await newUserId();
    await database.db.transaction((tx) =>
      recordVerifiedReferral(tx, { referrerUserId: referrer, referredUserId: referred, rewardPaise: reward }),
    );
    expect(await referralsOf(referred)).toEqual([
      expect.objectContaining({
        referrerUserId: referrer,
        referredUserId: referred,
        rewardPaise: reward,
        status: 'CLAIMABLE',
        journalId: null,
      }),
    ]);
  });

  it('a player is referred once: a second record, even naming another referrer, changes nothing', async () => {
    const referrer = await newUserId();
    const someoneElse = await newUserId();
    const referred = await newUserId();
    const row = {
      referredUserId: referred,
      rewardPaise: reward,
      status: 'CLAIMABLE' as const,
    };
    expect(await insertReferral(database.db, { ...row, referrerUserId: referrer })).toBe(true);
    expect(await insertReferral(database.db, { ...row, referrerUserId: someoneElse })).toBe(false);
    await recordVerifiedReferral(database.db, {
      referrerUserId: someoneElse,
      referredUserId: referred,
      rewardPaise: reward,
    });
    const rows = await referralsOf(referred);
    expect(rows.map((r) => r.referrerUserId)).toEqual([referrer]);
  });
});
