import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedClock, FeedSport } from '@backlay/market-feed';
import { SimulatedFeed } from './world';

const ALL: FeedSport[] = ['cricket', 'football', 'tennis', 'kabaddi', 'horseRacing'];
const START = Date.UTC(2026, 10, 21, 14, 0);

function world(clock: FeedClock) {
  return new SimulatedFeed({
    clock,
    seed: 7,
    // Two live matches of each sport and one to come: changes at most steps.
    sports: Object.fromEntries(ALL.map((s) => [s, { inPlay: 2, upcoming: 1 }])),
  });
}

/** How long after its `at` (simulated ms) each change went out, by the clock at that moment. */
function lags(feed: SimulatedFeed, clock: FeedClock): number[] {
  const seen: number[] = [];
  feed.subscribe((event) => {
    if (event.type === 'oddsChanged') seen.push(clock.now() - event.at);
  });
  return seen;
}

describe('the running world steps on time', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a step out when its time comes, whatever the phase it was started at', () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'], now: START });
    const clock = { now: () => Date.now() };
    const feed = world(clock);
    const seen = lags(feed, clock);
    // Started 7 ms off the step grid: a timer looking every 20 ms saw each step 7 ms late.
    vi.advanceTimersByTime(7);
    feed.start();
    vi.advanceTimersByTime(30_000);
    feed.stop();
    expect(seen.length).toBeGreaterThan(20);
    expect(Math.max(...seen)).toBe(0);
  });

  it('keeps up with a clock that runs ten times faster, to within a wall-clock millisecond', () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'], now: START });
    const clock = { now: () => START + (Date.now() - START) * 10 };
    const feed = world(clock);
    const seen = lags(feed, clock);
    vi.advanceTimersByTime(3);
    feed.start();
    vi.advanceTimersByTime(5_000);
    feed.stop();
    // After its first look the timer knows the pace; every later step goes out within 1 ms (10 simulated).
    const later = seen.slice(5);
    expect(later.length).toBeGreaterThan(100);
    expect(Math.max(...later)).toBeLessThanOrEqual(10);
  });

  it('tells each live match’s change before it plays the matches still to come', () => {
    const clock = { now: () => START };
    const feed = world(clock);
    const steps = new Map<number, string[]>();
    feed.subscribe((event) => {
      if (event.type !== 'oddsChanged') return;
      const upcoming = feed.fixture(event.eventId)?.status === 'UPCOMING';
      steps.set(event.at, [...(steps.get(event.at) ?? []), upcoming ? 'upcoming' : 'live']);
    });
    feed.advanceBy(600_000);
    const mixed = [...steps.values()].filter((s) => s.includes('live') && s.includes('upcoming'));
    expect(mixed.length).toBeGreaterThan(0);
    for (const step of mixed) expect(step.indexOf('upcoming')).toBeGreaterThan(step.lastIndexOf('live'));
  });
});
