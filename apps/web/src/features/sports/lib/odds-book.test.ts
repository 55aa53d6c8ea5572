import { describe, expect, it, vi } from 'vitest';
import type { FancyMarket, MatchOddsMarket, OddsChangeMessage, OddsV2 } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { OddsBook } from './odds-book';

const EVENT = 42;

function matchOdds(id: string, version: number, back = 2.5, status: MatchOddsMarket['status'] = 'OPEN') {
  return {
    id,
    eventId: EVENT,
    name: 'Match Odds',
    type: 'MATCH_ODDS',
    status,
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
        name: 'India',
        sortPriority: 0,
        status: 'ACTIVE',
        back: [{ price: back, size: wholeRupees(1200) }],
        lay: [{ price: back + 0.02, size: wholeRupees(900) }],
      },
    ],
  } satisfies MatchOddsMarket;
}

function fancy(id: string, version: number, yesLine = 50): FancyMarket {
  return {
    id,
    eventId: EVENT,
    name: '6 over runs IND',
    type: 'FANCY',
    status: 'OPEN',
    inPlay: true,
    betDelayMs: 0,
    minStake: wholeRupees(100),
    maxStake: wholeRupees(25000),
    maxProfit: wholeRupees(100000),
    version,
    noLine: yesLine - 1,
    noRate: 100,
    yesLine,
    yesRate: 100,
  };
}

function snapshot(version: number, markets: MatchOddsMarket[], fancies: FancyMarket[] = []): OddsV2 {
  return {
    eventId: EVENT,
    version,
    at: '2026-11-21T10:00:00.000Z',
    matchOdds: markets,
    bookmaker: [],
    fancy: fancies,
    toss: [],
  };
}

function change(
  version: number,
  markets: MatchOddsMarket[],
  extra: Partial<OddsChangeMessage> = {},
): OddsChangeMessage {
  return {
    kind: 'change',
    eventId: EVENT,
    version,
    prevVersion: version - 1,
    at: '2026-11-21T10:00:01.000Z',
    matchOdds: markets,
    bookmaker: [],
    fancy: [],
    toss: [],
    ...extra,
  };
}

function bookAt(version: number) {
  const book = new OddsBook();
  book.reset(EVENT);
  book.applySnapshot(
    snapshot(version, [matchOdds('1.1', version), matchOdds('1.2', version)], [fancy('f1', 1)]),
  );
  return book;
}

describe('odds book: snapshots and versioned changes', () => {
  it('a snapshot fills the book by group, and an older one is stale', () => {
    const book = bookAt(5);
    expect(book.version).toBe(5);
    expect(book.getIds()).toEqual({ matchOdds: ['1.1', '1.2'], bookmaker: [], fancy: ['f1'], toss: [] });
    expect(book.applySnapshot(snapshot(4, []))).toBe('stale');
    expect(book.size).toBe(3);
  });

  it('a change numbered held + 1 applies, and only that market notifies', () => {
    const book = bookAt(5);
    const one = vi.fn();
    const two = vi.fn();
    const list = vi.fn();
    book.subscribeMarket('1.1', one);
    book.subscribeMarket('1.2', two);
    book.subscribeIds(list);
    expect(book.applyChange(change(6, [matchOdds('1.1', 6, 2.6)]))).toBe('applied');
    expect(book.version).toBe(6);
    const market = book.getMarket('1.1');
    expect(market?.type === 'MATCH_ODDS' && market.runners[0]?.back[0]?.price).toBe(2.6);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).not.toHaveBeenCalled();
    expect(list).not.toHaveBeenCalled();
  });

  it('a gap is reported (the caller refetches) and changes nothing', () => {
    const book = bookAt(5);
    expect(book.applyChange(change(7, [matchOdds('1.1', 7, 3)]))).toBe('gap');
    expect(book.version).toBe(5);
    const market = book.getMarket('1.1');
    expect(market?.type === 'MATCH_ODDS' && market.runners[0]?.back[0]?.price).toBe(2.5);
  });

  it('a change already held is stale; a change before any snapshot is a gap', () => {
    const book = bookAt(5);
    expect(book.applyChange(change(5, [matchOdds('1.1', 5, 9)]))).toBe('stale');
    const fresh = new OddsBook();
    fresh.reset(EVENT);
    expect(fresh.applyChange(change(1, []))).toBe('gap');
  });

  it('a change whose prevVersion does not match is a gap even when version is held + 1', () => {
    const book = bookAt(5);
    expect(book.applyChange(change(6, [], { prevVersion: 4 }))).toBe('gap');
  });

  it('after a gap, the refetched snapshot is taken and the next change applies', () => {
    const book = bookAt(5);
    expect(book.applyChange(change(8, []))).toBe('gap');
    expect(book.applySnapshot(snapshot(8, [matchOdds('1.1', 8, 4)]))).toBe('applied');
    expect(book.getIds().matchOdds).toEqual(['1.1']);
    expect(book.getIds().fancy).toEqual([]);
    expect(book.applyChange(change(9, [matchOdds('1.1', 9, 4.2)]))).toBe('applied');
  });

  it('a CLOSED market leaves the list; a new one joins it; event status and score follow', () => {
    const book = bookAt(5);
    const list = vi.fn();
    book.subscribeIds(list);
    book.applyChange(
      change(6, [matchOdds('1.2', 6, 2.5, 'CLOSED'), matchOdds('1.3', 6)], {
        event: { status: 'IN_PLAY', matchDate: 'In-Play', score: 'IND 45/1 (6.0 ov)' },
      }),
    );
    expect(book.getIds().matchOdds).toEqual(['1.1', '1.3']);
    expect(list).toHaveBeenCalledTimes(1);
    expect(book.getLive()).toEqual({ status: 'IN_PLAY', score: 'IND 45/1 (6.0 ov)' });
  });

  it('messages of another event are ignored', () => {
    const book = bookAt(5);
    expect(book.applyChange({ ...change(6, []), eventId: 7 })).toBe('ignored');
    expect(book.applySnapshot({ ...snapshot(9, []), eventId: 7 })).toBe('ignored');
  });

  it('a snapshot keeps unchanged markets as they are (no notify, same object)', () => {
    const book = bookAt(5);
    const held = book.getMarket('1.2');
    const two = vi.fn();
    book.subscribeMarket('1.2', two);
    book.applySnapshot(snapshot(6, [matchOdds('1.1', 6, 3), matchOdds('1.2', 5)], [fancy('f1', 1)]));
    expect(book.getMarket('1.2')).toBe(held);
    expect(two).not.toHaveBeenCalled();
  });
});
