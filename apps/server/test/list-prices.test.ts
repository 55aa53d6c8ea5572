import type { AddressInfo } from 'node:net';
import { HUB_PATH, type EventPrices, type ListPricesMessage } from '@backlay/contract';
import { fixture, matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused } from './helpers';

/*
 * Prices in the lists of events: Odds/GetListPrices answers each listed event's best match-odds
 * back and lay (1 X 2), and a list page that joins its list's hub group (GroupBy `prices:{list}`)
 * gets the whole list at once, then the rows that change.
 */

const CLIENT = { Browser: 'vitest', Domain: 'localhost', CurrentPage: '/inplay', Token: '' };

function world() {
  const feed = new TestFeed();
  feed.addFixture({ ...fixture(7_700_011, 'Arsenal v Chelsea'), sport: 'football' });
  feed.setMarket(
    matchOddsMarket({
      id: '1.7700011',
      eventId: 7_700_011,
      inPlay: true,
      betDelayMs: 5000,
      runners: [
        { id: 1, name: 'Arsenal', back: [2.02, 2], lay: [2.04] },
        { id: 2, name: 'Chelsea', back: [3.5], lay: [3.6] },
        { id: 3, name: 'The Draw', back: [3.4], lay: [3.45] },
      ],
    }),
  );
  feed.addFixture({ ...fixture(7_700_012, 'India v Australia'), status: 'UPCOMING' });
  feed.setMarket(
    matchOddsMarket({
      id: '1.7700012',
      eventId: 7_700_012,
      runners: [
        { id: 4, name: 'India', back: [1.8], lay: [1.82] },
        { id: 5, name: 'Australia', back: [2.2], lay: [2.24] },
      ],
    }),
  );
  return feed;
}

async function eventually<T>(read: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(backends)('prices in the lists of events (%s)', (backend) => {
  const feed = world();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(() => ctx?.close());

  const listPrices = (list: string) =>
    call<{ list: string; prices: EventPrices[] }>(ctx.app, { url: `/Odds/GetListPrices?list=${list}` });

  it('Odds/GetListPrices: each list its events, runners 1 X 2 with their best prices, sizes in rupees', async () => {
    const inplay = expectOk(await listPrices('inplay'));
    expect(inplay.list).toBe('inplay');
    expect(inplay.prices.map((p) => p.eventId)).toEqual([7_700_011]);
    const [row] = inplay.prices;
    expect(row).toMatchObject({
      marketId: '1.7700011',
      marketName: 'Match Odds',
      status: 'OPEN',
      inPlay: true,
      betDelayMs: 5000,
      minStake: 100,
      maxStake: 500_000,
    });
    expect(row?.runners).toEqual([
      {
        id: 1,
        name: 'Arsenal',
        status: 'ACTIVE',
        back: { price: 2.02, size: 100_000 },
        lay: { price: 2.04, size: 100_000 },
      },
      {
        id: 3,
        name: 'The Draw',
        status: 'ACTIVE',
        back: { price: 3.4, size: 100_000 },
        lay: { price: 3.45, size: 100_000 },
      },
      {
        id: 2,
        name: 'Chelsea',
        status: 'ACTIVE',
        back: { price: 3.5, size: 100_000 },
        lay: { price: 3.6, size: 100_000 },
      },
    ]);
    expect(expectOk(await listPrices('all')).prices.map((p) => p.eventId)).toEqual([7_700_011, 7_700_012]);
    expect(expectOk(await listPrices('sport-3')).prices.map((p) => p.eventId)).toEqual([7_700_012]);
    expectRefused(await listPrices('everything'), 400, 'VALIDATION_FAILED');
  });

  it('the hub: a list page that joins gets its list, then the rows that change, and not other lists', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${HUB_PATH}`;
    const connection = new HubConnectionBuilder()
      .withUrl(url, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const received: ListPricesMessage[] = [];
    connection.on('Message', (push: { Code: string; Data: ListPricesMessage }) => {
      if (push.Code === 'ListPrices') received.push(push.Data);
    });
    await connection.start();
    try {
      await connection.invoke('RegisterClient', CLIENT);
      const joined = await connection.invoke<{ Group: string | null }>('SendHeartbeat', {
        ...CLIENT,
        GroupBy: 'prices:sport-1',
      });
      expect(joined.Group).toBe('page:prices:sport-1');
      const snapshot = await eventually(() => received.find((m) => m.snapshot), 'the list on joining');
      expect(snapshot.list).toBe('sport-1');
      expect(snapshot.prices.map((p) => p.eventId)).toEqual([7_700_011]);

      // The cricket match is on another list: its move is not sent here.
      feed.setPrices('1.7700012', 4, [1.9], [1.92]);
      feed.emitChange(7_700_012, ['1.7700012']);
      feed.setPrices('1.7700011', 2, [3.55], [3.65]);
      feed.emitChange(7_700_011, ['1.7700011']);
      const change = await eventually(() => received.find((m) => !m.snapshot), 'a change');
      expect(change).toMatchObject({ list: 'sport-1', removed: [] });
      expect(change.prices.map((p) => p.eventId)).toEqual([7_700_011]);
      expect(change.prices[0]?.runners[2]).toMatchObject({
        name: 'Chelsea',
        back: { price: 3.55 },
        lay: { price: 3.65 },
      });
    } finally {
      await connection.stop();
    }
  });
});
