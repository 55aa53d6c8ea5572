import type { MarketResult } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../platform/db/database';
import {
  closedMarketsOfLiveEvents,
  closeMarket,
  findMarket,
  insertMarketIfNew,
  insertRunnersIfNew,
  upsertEvent,
  type NewEventRow,
} from './market-repository';

const VOID: MarketResult = { kind: 'void', reason: 'Abandoned' };

describe('market repository', () => {
  let database: Database;
  let seq = 0;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  const event = (eventId: number, status: NewEventRow['status']): NewEventRow => ({
    id: eventId,
    sportId: 4,
    title: `Event ${eventId}`,
    competition: 'Test league',
    startTime: new Date('2026-11-01T10:00:00Z'),
    status,
    score: null,
    updatedAt: new Date(),
  });
  /** An event in the given status with one match-odds market; answers the market id. */
  const marketOf = async (status: NewEventRow['status']) => {
    seq++;
    const eventId = 9_000 + seq;
    await upsertEvent(database.db, event(eventId, status));
    const marketId = `1.${eventId}1`;
    await insertMarketIfNew(database.db, {
      id: marketId,
      eventId,
      type: 'MATCH_ODDS',
      name: 'Match Odds',
      status: 'OPEN',
      minStakePaise: paise(10_000),
      maxStakePaise: paise(10_000_000),
      maxProfitPaise: paise(50_000_000),
    });
    return { eventId, marketId };
  };

  it('an event written again keeps its fixture and takes the new status and score', async () => {
    const { eventId } = await marketOf('UPCOMING');
    await upsertEvent(database.db, { ...event(eventId, 'IN_PLAY'), title: 'Renamed', score: { home: 1 } });
    const row = await database.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, eventId) });
    expect(row).toMatchObject({ title: `Event ${eventId}`, status: 'IN_PLAY', score: { home: 1 } });
  });

  it('a market and its runners are written once; a second write leaves them as they are', async () => {
    const { eventId, marketId } = await marketOf('UPCOMING');
    await insertMarketIfNew(database.db, {
      id: marketId,
      eventId,
      type: 'MATCH_ODDS',
      name: 'Renamed',
      status: 'SUSPENDED',
      minStakePaise: paise(1),
      maxStakePaise: paise(2),
      maxProfitPaise: paise(3),
    });
    expect(await findMarket(database.db, marketId)).toMatchObject({ name: 'Match Odds', status: 'OPEN' });
    const runner = { marketId, id: 1, name: 'Home', sortOrder: 0 };
    await insertRunnersIfNew(database.db, [runner]);
    await insertRunnersIfNew(database.db, [{ ...runner, name: 'Renamed' }]);
    const runners = await database.db.query.runners.findMany({
      where: (r, { eq }) => eq(r.marketId, marketId),
    });
    expect(runners.map((r) => r.name)).toEqual(['Home']);
    expect(await findMarket(database.db, 'no-such-market')).toBeNull();
  });

  it('closes a market once, with its result', async () => {
    const { marketId } = await marketOf('IN_PLAY');
    expect(await closeMarket(database.db, marketId, VOID)).toBe(true);
    expect(await closeMarket(database.db, marketId, { kind: 'runs', runs: 3 })).toBe(false);
    const row = await findMarket(database.db, marketId);
    expect(row).toMatchObject({ status: 'CLOSED', result: VOID });
    expect(row?.closedAt).toBeInstanceOf(Date);
  });

  it('lists the closed markets of events still on, not open markets nor those of closed events', async () => {
    const live = await marketOf('IN_PLAY');
    const upcoming = await marketOf('UPCOMING');
    const open = await marketOf('IN_PLAY');
    const over = await marketOf('IN_PLAY');
    await closeMarket(database.db, live.marketId, VOID);
    await closeMarket(database.db, upcoming.marketId, VOID);
    await closeMarket(database.db, over.marketId, VOID);
    await upsertEvent(database.db, event(over.eventId, 'CLOSED'));

    const listed = await closedMarketsOfLiveEvents(database.db);
    const ids = listed.map((m) => m.marketId);
    expect(ids).toEqual(expect.arrayContaining([live.marketId, upcoming.marketId]));
    expect(ids).not.toContain(open.marketId);
    expect(ids).not.toContain(over.marketId);
    expect(listed.find((m) => m.marketId === live.marketId)).toEqual({
      marketId: live.marketId,
      eventId: live.eventId,
      result: VOID,
    });
  });
});
