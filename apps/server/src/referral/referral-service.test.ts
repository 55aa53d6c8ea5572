import { paise } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, insertTestUser, openSeededTestDatabase } from '../../test/harness';
import type { Database } from '../platform/db/database';
import { findProgramme, insertReferral } from './referral-repository';
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

  it("a verified referred player is recorded as pending with the programme's reward: it waits for the qualifying deposit and turnover", async () => {
    const referrer = await newUserId();
    const referred = await newUserId();
    await database.db.transaction((tx) =>
      recordVerifiedReferral(tx, {
        domainId,
        referrerUserId: referrer,
        referredUserId: referred,
      }),
    );
    expect(await referralsOf(referred)).toEqual([
      expect.objectContaining({
        referrerUserId: referrer,
        referredUserId: referred,
        rewardPaise: (await findProgramme(database.db, domainId)).reward,
        status: 'PENDING',
        journalId: null,
      }),
    ]);
  });

  it('a player is referred once: a second record, even naming another referrer, changes nothing', async () => {
    const referrer = await newUserId();
    const someoneElse = await newUserId();
    const referred = await newUserId();
    const row = {
      domainId,
      referredUserId: referred,
      rewardPaise: reward,
      status: 'CLAIMABLE' as const,
    };
    expect(await insertReferral(database.db, { ...row, referrerUserId: referrer })).toEqual(
      expect.any(Number),
    );
    expect(await insertReferral(database.db, { ...row, referrerUserId: someoneElse })).toBeNull();
    await recordVerifiedReferral(database.db, {
      domainId,
      referrerUserId: someoneElse,
      referredUserId: referred,
    });
    const rows = await referralsOf(referred);
    expect(rows.map((r) => r.referrerUserId)).toEqual([referrer]);
  });
});
