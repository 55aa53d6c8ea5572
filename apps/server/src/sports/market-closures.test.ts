import type { MarketResult } from '@backlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOddsMarket } from '@backlay/feed-simulator/test-feed';
import type { EventOdds } from '@backlay/market-feed';
import { createInProcessBus } from '../platform/bus';
import { openDatabase, type Database } from '../platform/db/database';
import { MARKET_CLOSURES_CHANNEL, MarketClosures, type MarketClosure } from './market-closures';

const VOID: MarketResult = { kind: 'void', reason: 'Abandoned' };
const runners = [{ id: 1, name: 'A', back: [2], lay: [2.02] }];

function logs() {
  const warnings: string[] = [];
  return {
    warnings,
    log: { warn: (_: object, msg?: string) => void warnings.push(msg ?? ''), error: () => undefined },
  };
}

describe('MarketClosures', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('records a closure here at once, tells the other servers once, and leaves it out of odds', async () => {
    const bus = createInProcessBus();
    const here = new MarketClosures(bus, database.db, logs().log);
    const there = new MarketClosures(bus, database.db, logs().log);
    await here.start();
    await there.start();
    const heard: MarketClosure[] = [];
    there.onClosed((c) => heard.push(c));
    const odds: EventOdds = {
      eventId: 7,
      version: 3,
      at: 0,
      markets: [
        matchOddsMarket({ id: '1.1', eventId: 7, runners }),
        matchOddsMarket({ id: '1.2', eventId: 7, runners }),
      ],
    };
    expect(there.offered(odds)).toBe(odds);

    const closure = { marketId: '1.1', eventId: 7, result: VOID };
    await here.announce(closure);
    await here.announce(closure);
    expect(here.has('1.1')).toBe(true);
    expect(heard).toEqual([closure]);
    expect(there.offered(odds)).toEqual({ ...odds, markets: [odds.markets[1]] });

    there.forgetEvent(7);
    expect(there.has('1.1')).toBe(false);
    expect(there.offered(odds)).toBe(odds);
    await here.stop();
    await there.stop();
  });

  it('ignores, and reports, a message it cannot read', async () => {
    const bus = createInProcessBus();
    const { log, warnings } = logs();
    const closures = new MarketClosures(bus, database.db, log);
    await closures.start();
    await bus.publish(MARKET_CLOSURES_CHANNEL, 'not json');
    await bus.publish(MARKET_CLOSURES_CHANNEL, JSON.stringify({ marketId: '1.3', eventId: 1 }));
    expect(closures.all()).toEqual([]);
    expect(warnings).toEqual([
      'unreadable market closure on the bus',
      'unreadable market closure on the bus',
    ]);
    await closures.stop();
    await bus.publish(MARKET_CLOSURES_CHANNEL, JSON.stringify({ marketId: '1.4', eventId: 1, result: VOID }));
    expect(closures.all()).toEqual([]);
  });
});
