import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchOddsMarket, OddsChangeMessage, OddsV2 } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { setRealtimeConnection } from '@/shared/realtime/registry';
import { FakeConnection } from '@/shared/realtime/testing';
import { OddsBook } from './odds-book';
import { useLiveOdds } from './use-live-odds';

const EVENT = 77;
let serverVersion = 10;
const calls: string[] = [];

function market(version: number, price: number): MatchOddsMarket {
  return {
    id: '1.77.1',
    eventId: EVENT,
    name: 'Match Odds',
    type: 'MATCH_ODDS',
    status: 'OPEN',
    inPlay: true,
    betDelayMs: 5000,
    // Parsed values: money in paise.
    minStake: wholeRupees(100),
    maxStake: wholeRupees(50000),
    maxProfit: wholeRupees(500000),
    version,
    runners: [
      {
        id: 1,
        name: 'Home',
        sortPriority: 0,
        status: 'ACTIVE',
        back: [{ price, size: wholeRupees(500) }],
        lay: [{ price: price + 0.02, size: wholeRupees(500) }],
      },
    ],
  };
}

function snapshot(version: number): OddsV2 {
  return {
    eventId: EVENT,
    version,
    at: '2026-11-21T10:00:00.000Z',
    matchOdds: [market(version, 2 + version / 100)],
    bookmaker: [],
    fancy: [],
    toss: [],
  };
}

function change(version: number, prevVersion = version - 1): OddsChangeMessage {
  return {
    kind: 'change',
    eventId: EVENT,
    version,
    prevVersion,
    at: '2026-11-21T10:00:01.000Z',
    matchOdds: [market(version, 3 + version / 100)],
    bookmaker: [],
    fancy: [],
    toss: [],
  };
}

vi.mock('@/shared/http/api', () => ({
  call: vi.fn(async (key: string) => {
    calls.push(key);
    if (key === 'userOddsV2') return snapshot(serverVersion);
    throw new Error('no scorecard');
  }),
}));

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const priceIn = (book: OddsBook) => {
  const m = book.getMarket('1.77.1');
  return m?.type === 'MATCH_ODDS' ? m.runners[0]?.back[0]?.price : undefined;
};

describe('useLiveOdds: the market page feed', () => {
  let connection: FakeConnection;
  beforeEach(() => {
    serverVersion = 10;
    calls.length = 0;
    connection = new FakeConnection();
    setRealtimeConnection(connection);
  });
  afterEach(() => vi.useRealTimers());

  it('joins the event group, applies version + 1, and refetches the snapshot on a gap', async () => {
    const book = new OddsBook();
    const { result, unmount } = renderHook(() => useLiveOdds(EVENT, book));
    await flush();
    expect(result.current).toBe('live');
    expect(connection.heartbeats).toBe(1);
    expect(book.version).toBe(10);
    expect(calls.filter((c) => c === 'userOddsV2')).toHaveLength(1);

    act(() => connection.push({ Code: 'OddsChange', Data: change(11) }));
    expect(book.version).toBe(11);
    expect(priceIn(book)).toBe(3.11);
    expect(calls.filter((c) => c === 'userOddsV2')).toHaveLength(1);

    // 12 was missed: 13 is not applied and a fresh snapshot is fetched.
    serverVersion = 13;
    act(() => connection.push({ Code: 'OddsChange', Data: change(13) }));
    expect(book.version).toBe(11);
    await flush();
    expect(calls.filter((c) => c === 'userOddsV2')).toHaveLength(2);
    expect(book.version).toBe(13);

    act(() => connection.push({ Code: 'OddsChange', Data: change(14) }));
    expect(book.version).toBe(14);
    unmount();
  });

  it('polls one second after each answer while the hub is down, and stops when it is back', async () => {
    vi.useFakeTimers();
    connection.state = 'Disconnected';
    const book = new OddsBook();
    const { result, unmount } = renderHook(() => useLiveOdds(EVENT, book));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe('polling');
    const polled = () => calls.filter((c) => c === 'userOddsV2').length;
    expect(polled()).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(polled()).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(polled()).toBe(2);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(polled()).toBe(3);

    act(() => connection.setState('Connected'));
    expect(result.current).toBe('live');
    expect(connection.heartbeats).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(polled()).toBe(3);
    unmount();
  });
});
