import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock } from '@backlay/market-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk } from './helpers';

/**
 * The sport tree as the family's V1 client reads it: each sport's `name` is the family's lower-case
 * name (its tabs filter on `cricket`), with the name people read beside it in `displayName`.
 */
interface Tab {
  id: number;
  name: string;
  displayName?: string;
  order: number;
  events: { sportId: number; sportName: string }[];
}

describe.each(backends)('the V1 client of the family: the sport tree (%s)', (backend) => {
  const feed = new SimulatedFeed({
    clock: new ManualClock(Date.UTC(2026, 10, 21, 12)),
    seed: 7,
    eventIdBase: 3_020_000,
  });
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(() => ctx?.close());

  const expected = [
    { id: 1, name: 'football', displayName: 'Football' },
    { id: 2, name: 'tennis', displayName: 'Tennis' },
    { id: 3, name: 'cricket', displayName: 'Cricket' },
    { id: 25, name: 'kabaddi', displayName: 'Kabaddi' },
    { id: 26, name: 'horseracing', displayName: 'Horse Racing' },
  ];

  it('Event/TreeSportWithEvent: lower-case names and a display name', async () => {
    const tree = expectOk(
      await call<Tab[]>(ctx.app, {
        url: '/Event/TreeSportWithEvent',
        headers: { accept: 'application/json, text/plain, */*' },
      }),
    );
    expect(tree.map(({ id, name, displayName }) => ({ id, name, displayName }))).toEqual(expected);
    // The V1 client's filter.
    expect(tree.find((t) => t.name === 'cricket')?.events.length).toBeGreaterThan(0);
  });

  it('Setting/GetSettingWithSportTree carries the same names', async () => {
    const answer = expectOk(
      await call<{ events: Tab[] }>(ctx.app, { url: '/Setting/GetSettingWithSportTree' }),
    );
    expect(answer.events.map(({ id, name, displayName }) => ({ id, name, displayName }))).toEqual(expected);
  });

  it('event/GetBySportName takes the family names', async () => {
    for (const sportName of ['cricket', 'horseracing']) {
      const events = expectOk(
        await call<{ sportId: number }[]>(ctx.app, { url: '/event/GetBySportName', query: { sportName } }),
      );
      expect(events.length, sportName).toBeGreaterThan(0);
    }
  });
});
