import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, insertTestUser, openSeededTestDatabase } from '../../test/harness';
import type { Database } from '../platform/db/database';
import { findLiveSession, insertSession, revokeSessions } from './session-repository';

describe.each(backends)('session repository (%s)', (backend) => {
  let database: Database;
  let domainId: number;
  beforeAll(async () => {
    ({ database, domainId } = await openSeededTestDatabase(backend));
  });
  afterAll(() => database.close());

  const newUser = (status: 'active' | 'pending' = 'active') =>
    insertTestUser(database.db, domainId, { status });
  const open = (userId: number, tokenHash: string, expiresInMs = 60_000) =>
    insertSession(database.db, {
      userId,
      tokenHash,
      expiresAt: new Date(Date.now() + expiresInMs),
      ip: '10.0.0.1',
      userAgent: 'test',
    });

  it('finds a live session by its token hash, with its user', async () => {
    const user = await newUser();
    const sessionId = await open(user.id, `live-${user.id}`);
    const found = await findLiveSession(database.db, `live-${user.id}`);
    expect(found?.sessionId).toBe(sessionId);
    expect(found?.user).toMatchObject({ id: user.id, userName: user.userName, status: 'active' });
    expect(await findLiveSession(database.db, 'no-such-hash')).toBeNull();
  });

  it('finds no session once it has expired or been revoked', async () => {
    const user = await newUser();
    await open(user.id, `expired-${user.id}`, -1_000);
    expect(await findLiveSession(database.db, `expired-${user.id}`)).toBeNull();
    await open(user.id, `revoked-${user.id}`);
    await revokeSessions(database.db, user.id);
    expect(await findLiveSession(database.db, `revoked-${user.id}`)).toBeNull();
  });

  it('revokes the live sessions but the one kept, answers their ids, and revokes each once', async () => {
    const user = await newUser();
    const other = await newUser();
    const kept = await open(user.id, `kept-${user.id}`);
    const first = await open(user.id, `first-${user.id}`);
    const second = await open(user.id, `second-${user.id}`);
    const othersSession = await open(other.id, `other-${other.id}`);

    expect((await revokeSessions(database.db, user.id, kept)).sort((a, b) => a - b)).toEqual(
      [first, second].sort((a, b) => a - b),
    );
    expect(await revokeSessions(database.db, user.id, kept)).toEqual([]);
    expect((await findLiveSession(database.db, `kept-${user.id}`))?.sessionId).toBe(kept);
    expect((await findLiveSession(database.db, `other-${other.id}`))?.sessionId).toBe(othersSession);
  });
});
