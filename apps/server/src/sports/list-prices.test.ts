import type { ServerPush } from '@backlay/contract';
import { fixture, matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { describe, expect, it } from 'vitest';
import type { HubSender } from '../realtime';
import type { HeartbeatEvent } from '../realtime/client-registration';
import { eventPricesOf, ListPrices } from './list-prices';

/** A hub that records what goes to which group (local: only this server's members) or connection. */
function recordingHub() {
  const sent: { group: string; push: ServerPush }[] = [];
  const local: { group: string; push: ServerPush }[] = [];
  const direct: { connectionId: string; push: ServerPush }[] = [];
  const heartbeats: ((e: HeartbeatEvent) => Promise<void>)[] = [];
  const hub = {
    sendToGroup: (group: string, push: ServerPush) => {
      sent.push({ group, push });
      return Promise.resolve();
    },
    sendToLocalGroup: (group: string, push: ServerPush) => {
      local.push({ group, push });
      return Promise.resolve();
    },
    sendToConnection: (connectionId: string, push: ServerPush) => {
      direct.push({ connectionId, push });
      return Promise.resolve();
    },
    onHeartbeat: (hook: (e: HeartbeatEvent) => Promise<void>) => {
      heartbeats.push(hook);
      return () => undefined;
    },
  } as unknown as HubSender;
  return { hub, sent, local, direct, heartbeats };
}
const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

function world() {
  const feed = new TestFeed();
  feed.addFixture({ ...fixture(11, 'Arsenal v Chelsea'), sport: 'football' });
  // Home, Away, then the draw: the list reads them 1, X, 2.
  feed.setMarket(
    matchOddsMarket({
      id: '1.11',
      eventId: 11,
      inPlay: true,
      runners: [
        { id: 1, name: 'Arsenal', back: [2.02, 2], lay: [2.04] },
        { id: 2, name: 'Chelsea', back: [3.5], lay: [3.6, 3.7] },
        { id: 3, name: 'The Draw', back: [3.4], lay: [] },
      ],
    }),
  );
  feed.addFixture({ ...fixture(12, 'India v Australia'), status: 'UPCOMING' });
  feed.setMarket(
    matchOddsMarket({
      id: '1.12',
      eventId: 12,
      runners: [
        { id: 4, name: 'India', back: [1.8], lay: [1.82] },
        { id: 5, name: 'Australia', back: [2.2], lay: [2.24] },
      ],
    }),
  );
  return feed;
}

describe('prices in the lists of events', () => {
  it('a row is the best back and lay of each runner, 1 X 2 when there is a draw', () => {
    const feed = world();
    const row = eventPricesOf(feed.odds(11));
    expect(row?.runners.map((r) => [r.name, r.back?.price ?? null, r.lay?.price ?? null])).toEqual([
      ['Arsenal', 2.02, 2.04],
      ['The Draw', 3.4, null],
      ['Chelsea', 3.5, 3.6],
    ]);
    expect(row).toMatchObject({ eventId: 11, marketId: '1.11', marketName: 'Match Odds', inPlay: true });
    expect(eventPricesOf(feed.odds(12))?.runners.map((r) => r.name)).toEqual(['India', 'Australia']);
  });

  it('lists hold their own events: in play, all, a sport', () => {
    const feed = world();
    const prices = new ListPrices(feed, recordingHub().hub, log, (id) => feed.odds(id));
    expect(prices.snapshot('inplay').map((r) => r.eventId)).toEqual([11]);
    expect(prices.snapshot('all').map((r) => r.eventId)).toEqual([11, 12]);
    expect(prices.snapshot('sport-3').map((r) => r.eventId)).toEqual([12]);
    expect(prices.snapshot('sport-1').map((r) => r.eventId)).toEqual([11]);
  });

  it('coalesces: one push a list per flush with the latest row, nothing when a price came back', () => {
    const feed = world();
    const { hub, sent } = recordingHub();
    const prices = new ListPrices(feed, hub, log, (id) => feed.odds(id), {
      pushes: true,
      intervalMs: 3_600_000,
    });
    prices.start();
    try {
      feed.setPrices('1.11', 1, [2.1], [2.12]);
      feed.emitChange(11, ['1.11']);
      feed.setPrices('1.11', 1, [2.14], [2.16]);
      feed.emitChange(11, ['1.11']);
      prices.flush();
      const groups = sent.map((s) => s.group).sort();
      expect(groups).toEqual(['page:prices:all', 'page:prices:inplay', 'page:prices:sport-1']);
      const inplay = sent.find((s) => s.group === 'page:prices:inplay')?.push;
      expect(inplay?.Code).toBe('ListPrices');
      if (inplay?.Code !== 'ListPrices') throw new Error('not a list push');
      expect(inplay.Data.snapshot).toBe(false);
      expect(inplay.Data.prices).toHaveLength(1);
      expect(inplay.Data.prices[0]?.runners[0]?.back?.price).toBe(2.14);

      // A tick that comes and goes between two pushes sends nothing.
      sent.length = 0;
      feed.setPrices('1.11', 1, [2.2], [2.22]);
      feed.emitChange(11, ['1.11']);
      feed.setPrices('1.11', 1, [2.14], [2.16]);
      feed.emitChange(11, ['1.11']);
      prices.flush();
      expect(sent).toEqual([]);

      // The match odds close: the row leaves every list it was on.
      feed.close('1.11', { kind: 'winner', runnerId: 1 });
      prices.flush();
      expect(sent.map((s) => s.group).sort()).toEqual([
        'page:prices:all',
        'page:prices:inplay',
        'page:prices:sport-1',
      ]);
      for (const { push } of sent) {
        if (push.Code !== 'ListPrices') throw new Error('not a list push');
        expect(push.Data).toMatchObject({ prices: [], removed: [11] });
      }
    } finally {
      prices.stop();
    }
  });

  it('a joining list page gets its list; a group that names no list gets nothing', async () => {
    const feed = world();
    const { hub, direct, heartbeats } = recordingHub();
    const prices = new ListPrices(feed, hub, log, (id) => feed.odds(id), { pushes: false });
    prices.start();
    const join = (group: string, previousGroup: string | null = null) =>
      Promise.all(
        heartbeats.map((h) =>
          h({ connectionId: 'c1', userId: null, heartbeat: {}, group, previousGroup } as HeartbeatEvent),
        ),
      );
    await join('page:prices:inplay');
    await join('page:prices:inplay', 'page:prices:inplay');
    await join('page:prices:everything');
    await join('page:77');
    prices.stop();
    expect(direct).toHaveLength(1);
    const push = direct[0]?.push;
    if (push?.Code !== 'ListPrices') throw new Error('not a list push');
    expect(push.Data).toMatchObject({ list: 'inplay', snapshot: true, removed: [] });
    expect(push.Data.prices.map((p) => p.eventId)).toEqual([11]);
  });

  it('the feed going stale or fresh sends every list to this server’s own list pages', () => {
    let stale: ((stale: boolean) => void) | undefined;
    const feed = Object.assign(world(), {
      onStaleChange: (listener: (stale: boolean) => void) => {
        stale = listener;
        return () => undefined;
      },
    });
    const { hub, local, sent } = recordingHub();
    const prices = new ListPrices(feed, hub, log, (id) => feed.odds(id), { pushes: false });
    prices.start();
    stale?.(true);
    prices.stop();
    expect(sent).toEqual([]);
    expect(local.map((l) => l.group).sort()).toEqual([
      'page:prices:all',
      'page:prices:inplay',
      'page:prices:sport-1',
      'page:prices:sport-3',
    ]);
    for (const { push } of local) expect(push.Code === 'ListPrices' && push.Data.snapshot).toBe(true);
  });
});
