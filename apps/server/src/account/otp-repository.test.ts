import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, insertTestUser, openSeededTestDatabase } from '../../test/harness';
import type { Database } from '../platform/db/database';
import {
  challengesSince,
  endChallengesVerified,
  endOpenChallenges,
  insertChallenge,
  latestChallenge,
  recordWrongCode,
} from './otp-repository';

describe.each(backends)('one-time code repository (%s)', (backend) => {
  let database: Database;
  let domainId: number;
  let seq = 0;
  beforeAll(async () => {
    ({ database, domainId } = await openSeededTestDatabase(backend));
  });
  afterAll(() => database.close());

  const newUserId = async () => {
    seq++;
    const user = await insertTestUser(database.db, domainId, {
      mobile: `+9190000${String(seq).padStart(5, '0')}`,
      status: 'pending',
    });
    return user.id;
  };
  const send = (userId: number, codeHash: string) =>
    insertChallenge(database.db, {
      userId,
      mobile: '+919000000000',
      codeHash,
      expiresAt: new Date(Date.now() + 120_000),
    });

  it('counts the codes sent since a time and tells when the last one went', async () => {
    const userId = await newUserId();
    const before = new Date(Date.now() - 1_000);
    expect(await challengesSince(database.db, userId, before)).toEqual({ count: 0, lastAt: null });
    await send(userId, 'a');
    await send(userId, 'b');
    const recent = await challengesSince(database.db, userId, before);
    expect(recent.count).toBe(2);
    expect(recent.lastAt).toEqual((await latestChallenge(database.db, userId))?.createdAt);
    expect((await challengesSince(database.db, userId, new Date(Date.now() + 60_000))).count).toBe(0);
  });

  it('a resend ends only the open codes; verification ends every code as verified', async () => {
    const userId = await newUserId();
    await send(userId, 'first');
    const first = await latestChallenge(database.db, userId);
    await recordWrongCode(database.db, first?.id ?? 0, 5, true);
    await send(userId, 'second');
    await endOpenChallenges(database.db, userId, 'resent');
    await send(userId, 'third');

    const reasons = async () => {
      const rows = await database.db.query.otpChallenges.findMany({
        where: (c, { eq }) => eq(c.userId, userId),
        orderBy: (c, { asc }) => asc(c.id),
      });
      return rows.map((r) => r.endReason);
    };
    expect(await reasons()).toEqual(['too_many_tries', 'resent', null]);
    await endChallengesVerified(database.db, userId);
    expect(await reasons()).toEqual(['verified', 'verified', 'verified']);
  });

  it('counts wrong codes, and a burnt code ends', async () => {
    const userId = await newUserId();
    await send(userId, 'code');
    const challenge = await latestChallenge(database.db, userId);
    if (!challenge) throw new Error('no code was recorded');
    await recordWrongCode(database.db, challenge.id, 1, false);
    expect(await latestChallenge(database.db, userId)).toMatchObject({
      wrongTries: 1,
      endedAt: null,
      endReason: null,
    });
    await recordWrongCode(database.db, challenge.id, 2, true);
    const burnt = await latestChallenge(database.db, userId);
    expect(burnt).toMatchObject({ wrongTries: 2, endReason: 'too_many_tries' });
    expect(burnt?.endedAt).toBeInstanceOf(Date);
  });
});
