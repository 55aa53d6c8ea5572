import type { BetChange } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import type { FeedMarket } from '@backlay/market-feed';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../platform/bus';
import type { LapseScope, OrderChange } from './order-service';
import { RestingNotices, RestingOrders, type RestingOrderBook } from './resting-orders';

/*
 * When the driver calls the order book: these tests record its calls on a book that answers what
 * it is told (the orders' own changes are OrderService's, tested through the API in
 * test/resting-orders.test.ts). Runs of one market never overlap, a burst of changes makes one
 * more run at the prices of then, and the lapses follow the market's status and in-play turn.
 */

const log = pino({ level: 'silent' });
const RUNNERS = [
  { id: 1, name: 'Home', back: [2.0], lay: [2.02] },
  { id: 2, name: 'Away', back: [2.0], lay: [2.02] },
];

type Call =
  | { kind: 'match'; marketId: string; back: number | undefined }
  | { kind: 'lapse'; marketId: string; which: LapseScope; reason: string };

function change(betId: number, marketId: string): OrderChange {
  const bet: BetChange = {
    betId,
    eventId: 1,
    marketId,
    status: 'MATCHED',
    matchedStake: paise(10_000),
    unmatchedStake: paise(0),
    fills: [],
    message: 'matched',
  };
  return { userId: 7, change: bet };
}

/** A book that records the calls, holds each match until released, and answers given changes. */
class RecordingBook implements RestingOrderBook {
  readonly calls: Call[] = [];
  resting: string[] = [];
  active = 0;
  maxActive = 0;
  private gates: (() => void)[] = [];
  hold = false;
  answer: OrderChange[] = [];

  async matchResting(market: FeedMarket): Promise<OrderChange[]> {
    const back = market.type === 'MATCH_ODDS' ? market.runners[0]?.back[0]?.price : undefined;
    this.calls.push({ kind: 'match', marketId: market.id, back });
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    if (this.hold) await new Promise<void>((resolve) => this.gates.push(resolve));
    this.active -= 1;
    return this.answer;
  }
  async lapse(marketId: string, which: LapseScope, reason: string): Promise<OrderChange[]> {
    this.calls.push({ kind: 'lapse', marketId, which, reason });
    return [];
  }
  async restingMarketIds(): Promise<string[]> {
    return [...this.resting];
  }
  release(): void {
    const gates = this.gates;
    this.gates = [];
    for (const g of gates) g();
  }
  waiting(): number {
    return this.gates.length;
  }
}

async function setUp(resting: string[], options: { notices?: boolean } = {}) {
  const feed = new TestFeed();
  for (const [i, id] of ['1.1', '1.2', '1.3'].entries()) {
    feed.setMarket(matchOddsMarket({ id, eventId: 100 + i, runners: RUNNERS }));
  }
  const book = new RecordingBook();
  book.resting = resting;
  const pushed: OrderChange[] = [];
  const bus = createInProcessBus();
  const notices = options.notices ? new RestingNotices(bus, log) : undefined;
  const driver = new RestingOrders({
    orders: book,
    feed,
    push: async (changes) => {
      pushed.push(...changes);
    },
    ...(notices ? { notices } : {}),
    log,
    refreshMs: 3_600_000,
  });
  await driver.start();
  await driver.idle();
  // Started, nothing is looked at yet: the feed may not have played on to now.
  const beforeReady = [...book.calls];
  driver.checkAll();
  await driver.idle();
  return { feed, book, driver, pushed, notices, beforeReady };
}

const eventOf = (marketId: string) => 100 + ['1.1', '1.2', '1.3'].indexOf(marketId);

describe('the driver of resting orders', () => {
  it('matches a resting market on each change of its prices, at the prices of then, and pushes what changed', async () => {
    const { feed, book, driver, pushed, beforeReady } = await setUp(['1.1']);
    expect(beforeReady).toEqual([]);
    // Ready: the resting market is looked at once, at its prices of then.
    expect(book.calls).toEqual([{ kind: 'match', marketId: '1.1', back: 200 }]);
    book.calls.length = 0;
    book.answer = [change(5, '1.1')];
    feed.setPrices('1.1', 1, [2.2], [2.22]);
    feed.emitChange(eventOf('1.1'), ['1.1']);
    // A market with nothing resting is not looked at.
    feed.setPrices('1.2', 1, [2.2], [2.22]);
    feed.emitChange(eventOf('1.2'), ['1.2']);
    await driver.idle();
    expect(book.calls).toEqual([{ kind: 'match', marketId: '1.1', back: 220 }]);
    expect(pushed).toEqual([change(5, '1.1')]);
    await driver.stop();
  });

  it('runs one market once at a time, and folds a burst of changes into one more run at the latest prices', async () => {
    const { feed, book, driver } = await setUp(['1.1', '1.2']);
    book.calls.length = 0;
    book.hold = true;
    feed.setPrices('1.1', 1, [2.1], [2.12]);
    feed.emitChange(eventOf('1.1'), ['1.1']);
    feed.emitChange(eventOf('1.2'), ['1.2']);
    // Both markets run at once (one lane each); market 1.1 is held inside its match.
    while (book.waiting() < 2) await new Promise((r) => setImmediate(r));
    for (const back of [2.3, 2.4, 2.5, 2.6]) {
      feed.setPrices('1.1', 1, [back], [back + 0.02]);
      feed.emitChange(eventOf('1.1'), ['1.1']);
    }
    expect(book.calls.filter((c) => c.marketId === '1.1')).toHaveLength(1);
    book.hold = false;
    book.release();
    await driver.idle();
    const runs = book.calls.filter((c) => c.marketId === '1.1');
    expect(runs).toEqual([
      { kind: 'match', marketId: '1.1', back: 210 },
      { kind: 'match', marketId: '1.1', back: 260 },
    ]);
    expect(book.maxActive).toBe(2); // the two markets, never one market twice
    await driver.stop();
  });

  it('lapses all on suspend and close, the persistence-cancel orders on the turn in play, nothing on a ball running', async () => {
    const { feed, book, driver } = await setUp(['1.1', '1.2', '1.3']);
    book.calls.length = 0;

    feed.update('1.1', { status: 'BALL_RUNNING' });
    feed.emitChange(eventOf('1.1'), ['1.1']);
    await driver.idle();
    expect(book.calls).toEqual([]);

    feed.update('1.1', { status: 'SUSPENDED' });
    feed.emitChange(eventOf('1.1'), ['1.1']);
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '1.1', which: 'all', reason: 'the market was suspended' },
    ]);
    book.calls.length = 0;

    feed.update('1.2', { inPlay: true });
    feed.emitChange(eventOf('1.2'), ['1.2']);
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '1.2', which: 'in-play', reason: 'the market turned in play' },
      { kind: 'match', marketId: '1.2', back: 200 },
    ]);
    book.calls.length = 0;
    // Already in play: a change lapses nothing more.
    feed.emitChange(eventOf('1.2'), ['1.2']);
    await driver.idle();
    expect(book.calls).toEqual([{ kind: 'match', marketId: '1.2', back: 200 }]);
    book.calls.length = 0;

    feed.update('1.3', { status: 'CLOSED', result: { kind: 'winner', runnerId: 1 } });
    feed.emitChange(eventOf('1.3'), ['1.3']);
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '1.3', which: 'all', reason: 'the market closed' },
    ]);
    expect(driver.markets().sort()).toEqual(['1.1', '1.2']);
    await driver.stop();
  });

  it("started before its feed plays on: the catch-up's turn in play lapses, and nothing runs at the prices of before", async () => {
    const feed = new TestFeed();
    feed.setMarket(matchOddsMarket({ id: '2.1', eventId: 200, runners: RUNNERS }));
    const book = new RecordingBook();
    book.resting = ['2.1'];
    const driver = new RestingOrders({
      orders: book,
      feed,
      push: async () => undefined,
      log,
      refreshMs: 3_600_000,
    });
    await driver.start();
    // The feed plays on to now (main.ts starts it after the app is built): the match has started.
    feed.update('2.1', { inPlay: true });
    feed.setPrices('2.1', 1, [2.5], [2.52]);
    feed.emitChange(200, ['2.1']);
    await driver.idle();
    driver.checkAll();
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '2.1', which: 'in-play', reason: 'the market turned in play' },
      { kind: 'match', marketId: '2.1', back: 250 },
      { kind: 'match', marketId: '2.1', back: 250 },
    ]);
    await driver.stop();
  });

  it('hears of a new resting market from a notice or from its look at the book, and looks at it at once', async () => {
    const { feed, book, driver, notices } = await setUp([], { notices: true });
    expect(book.calls).toEqual([]);
    notices?.announce({ marketId: '1.1', inPlay: false });
    await new Promise((r) => setImmediate(r));
    await driver.idle();
    expect(book.calls).toEqual([{ kind: 'match', marketId: '1.1', back: 200 }]);
    book.calls.length = 0;

    // An order decided before the turn in play that committed after it: lapsed on arrival.
    feed.update('1.2', { inPlay: true });
    feed.emitChange(eventOf('1.2'), ['1.2']);
    notices?.announce({ marketId: '1.2', inPlay: false });
    await new Promise((r) => setImmediate(r));
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '1.2', which: 'in-play', reason: 'the market turned in play' },
      { kind: 'match', marketId: '1.2', back: 200 },
    ]);
    book.calls.length = 0;

    // Found by the look at the book (no notice): a suspended market's orders lapse at once.
    feed.update('1.3', { status: 'SUSPENDED' });
    book.resting = ['1.1', '1.3'];
    await driver.refresh();
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '1.3', which: 'all', reason: 'the market was suspended' },
    ]);
    // 1.2 holds nothing any more: it leaves the set.
    expect(driver.markets().sort()).toEqual(['1.1', '1.3']);
    await driver.stop();
  });

  it('does not look at a market for a notice of the prices it still shows, and watches it from then on', async () => {
    const { feed, book, driver, notices } = await setUp([], { notices: true });
    const version = (id: string) => feed.market(id)?.version ?? 0;
    // Decided on the prices of now: matched all these prices give (its rest records it), nothing to run.
    notices?.announce({ marketId: '1.1', inPlay: false, version: version('1.1') });
    await new Promise((r) => setImmediate(r));
    await driver.idle();
    expect(book.calls).toEqual([]);
    expect(driver.markets()).toEqual(['1.1']);
    // The next prices match it.
    feed.setPrices('1.1', 1, [2.2], [2.22]);
    feed.emitChange(eventOf('1.1'), ['1.1']);
    await driver.idle();
    expect(book.calls).toEqual([{ kind: 'match', marketId: '1.1', back: 220 }]);
    book.calls.length = 0;

    // Decided on older prices, or without a version: looked at once.
    const before = version('1.2');
    feed.setPrices('1.2', 1, [2.1], [2.12]);
    notices?.announce({ marketId: '1.2', inPlay: false, version: before });
    notices?.announce({ marketId: '1.3', inPlay: false });
    await new Promise((r) => setImmediate(r));
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'match', marketId: '1.2', back: 210 },
      { kind: 'match', marketId: '1.3', back: 200 },
    ]);
    book.calls.length = 0;

    // At the same version but suspended meanwhile, or past the turn in play: still acted on.
    feed.update('1.1', { status: 'SUSPENDED' });
    notices?.announce({ marketId: '1.1', inPlay: false, version: version('1.1') });
    await new Promise((r) => setImmediate(r));
    await driver.idle();
    expect(book.calls).toEqual([
      { kind: 'lapse', marketId: '1.1', which: 'all', reason: 'the market was suspended' },
    ]);
    await driver.stop();
  });
});
