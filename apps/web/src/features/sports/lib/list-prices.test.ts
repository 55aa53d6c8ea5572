import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPrices } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { setRealtimeConnection } from '@/shared/realtime/registry';
import { FakeConnection } from '@/shared/realtime/testing';
import { hubGroupByOfPath, priceListOfPath } from './hub-group-by';
import { LIST_POLL_MS, ListPriceStore, useEventPrices, useListPricesFeed } from './list-prices';

function row(eventId: number, version: number, back: number): EventPrices {
  return {
    eventId,
    version,
    marketId: `1.${eventId}`,
    marketName: 'Match Odds',
    status: 'OPEN',
    inPlay: true,
    betDelayMs: 5000,
    minStake: wholeRupees(100),
    maxStake: wholeRupees(50000),
    runners: [
      {
        id: 1,
        name: 'Home',
        status: 'ACTIVE',
        back: { price: back, size: wholeRupees(500) },
        lay: { price: back + 0.02, size: wholeRupees(500) },
      },
      { id: 2, name: 'Away', status: 'ACTIVE', back: null, lay: null },
    ],
  };
}

let answer: EventPrices[] = [];
const asked: unknown[] = [];
vi.mock('@/shared/http/api', () => ({
  call: vi.fn(async (key: string, options: { query: { list: string } }) => {
    asked.push([key, options.query.list]);
    return { list: options.query.list, prices: answer };
  }),
}));

const backOf = (store: ListPriceStore, eventId: number) => store.get(eventId)?.runners[0]?.back?.price;

describe('the lists’ prices', () => {
  it('a page sends its list as GroupBy: in-play, a sport, all; an event page its event', () => {
    expect(
      ['/', '/inplay', '/index', '/favorites', '/matchlist/4', '/markets/77', '/open-bets'].map(
        hubGroupByOfPath,
      ),
    ).toEqual(['prices:inplay', 'prices:inplay', 'prices:all', 'prices:all', 'prices:sport-4', '77', '']);
    expect(priceListOfPath('/InPlay/')).toBe('inplay');
    expect(priceListOfPath('/matchlist/x')).toBeNull();
  });

  it('keeps the higher version of an event and drops removed events', () => {
    const store = new ListPriceStore();
    const heard: number[] = [];
    store.subscribe(7, () => heard.push(7));
    store.apply([row(7, 5, 2), row(8, 1, 3)]);
    expect(backOf(store, 7)).toBe(2);
    // An answer that raced a push is older: it does not wind the prices back.
    store.apply([row(7, 4, 1.5)]);
    expect(backOf(store, 7)).toBe(2);
    store.apply([row(7, 6, 2.1)], [8]);
    expect(backOf(store, 7)).toBe(2.1);
    expect(store.get(8)).toBeUndefined();
    expect(heard).toEqual([7, 7]);
  });
});

describe('useListPricesFeed', () => {
  let connection: FakeConnection;
  beforeEach(() => {
    answer = [row(7, 5, 2)];
    asked.length = 0;
    connection = new FakeConnection();
    setRealtimeConnection(connection);
    window.history.replaceState(null, '', '/inplay');
  });
  afterEach(() => vi.useRealTimers());

  it('reads the list, joins its group, applies its pushes (not another list’s) and leaves', async () => {
    const store = new ListPriceStore();
    const { result, unmount } = renderHook(() => {
      useListPricesFeed('inplay', store);
      return useEventPrices(7, store);
    });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(asked).toEqual([['listPrices', 'inplay']]);
    expect(result.current?.runners[0]?.back?.price).toBe(2);
    expect(connection.heartbeats).toBe(1);

    act(() =>
      connection.push({
        Code: 'ListPrices',
        Data: { list: 'all', snapshot: false, prices: [row(7, 9, 9)], removed: [] },
      }),
    );
    expect(result.current?.runners[0]?.back?.price).toBe(2);
    act(() =>
      connection.push({
        Code: 'ListPrices',
        Data: { list: 'inplay', snapshot: false, prices: [row(7, 6, 2.5)], removed: [] },
      }),
    );
    expect(result.current?.runners[0]?.back?.price).toBe(2.5);
    act(() =>
      connection.push({
        Code: 'ListPrices',
        Data: { list: 'inplay', snapshot: false, prices: [], removed: [7] },
      }),
    );
    expect(result.current).toBeUndefined();
    unmount();
    expect(connection.heartbeats).toBe(2);
  });

  it('polls while the hub is down and stops once it is back', async () => {
    vi.useFakeTimers();
    connection.state = 'Disconnected';
    const store = new ListPriceStore();
    const { unmount } = renderHook(() => useListPricesFeed('inplay', store));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(asked).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(LIST_POLL_MS));
    expect(asked).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(LIST_POLL_MS));
    expect(asked).toHaveLength(3);
    act(() => connection.setState('Connected'));
    expect(connection.heartbeats).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(LIST_POLL_MS * 3));
    expect(asked).toHaveLength(3);
    unmount();
  });
});
