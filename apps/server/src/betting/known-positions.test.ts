import { marketExposure, paise } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { withGrouped, type BetPosition } from './bet-write-repository';
import { KnownPositions } from './known-positions';
import { positionOf } from './positions';

const position = (balance: number, bets: BetPosition['bets'] = []): BetPosition => ({
  balancePaise: paise(balance),
  exposurePaise: paise(0),
  status: 'active',
  excludedUntilMs: null,
  timedOutUntilMs: null,
  loss: null,
  isDemo: false,
  marketOpen: true,
  existingBetId: null,
  bets,
  unmatched: [],
});

describe('KnownPositions', () => {
  it('answers what it was told, per user and market, with the wallet shared across markets', () => {
    const known = new KnownPositions();
    known.remember(1, 'm1', position(100), 3);
    known.remember(1, 'm2', position(90), 1);
    expect(known.get(1, 'm1')).toEqual({ position: position(90), placed: 3 });
    expect(known.get(1, 'm2')?.placed).toBe(1);
    expect(known.get(1, 'm3')).toBeNull();
    expect(known.get(2, 'm1')).toBeNull();
  });

  it('forgets a user, and the least recently used one when full', () => {
    const known = new KnownPositions(2);
    known.remember(1, 'm', position(1), 0);
    known.remember(2, 'm', position(2), 0);
    known.remember(1, 'm', position(1), 1);
    known.remember(3, 'm', position(3), 0);
    expect(known.get(2, 'm')).toBeNull();
    expect(known.get(1, 'm')?.placed).toBe(1);
    known.forget(1);
    expect(known.get(1, 'm')).toBeNull();
  });
});

describe('a remembered position stays grouped', () => {
  const bet = (side: 'back' | 'lay', runnerId: number, price: number, stake: number) => ({
    side,
    runnerId,
    priceHundredths: price,
    rate: null,
    line: null,
    stakePaise: paise(stake),
  });

  it('sums a bet into the group of the same side, runner and price, and keeps the others apart', () => {
    const groups = withGrouped([bet('back', 1, 200, 10_000)], [bet('back', 1, 200, 5_000)]);
    expect(groups).toEqual([bet('back', 1, 200, 15_000)]);
    const more = withGrouped(groups, [
      bet('lay', 1, 200, 100),
      bet('back', 2, 200, 100),
      bet('back', 1, 210, 100),
    ]);
    expect(more).toHaveLength(4);
    // A group values exactly as its bets one by one.
    const runnerIds = [1, 2];
    const apart = [bet('back', 1, 200, 10_000), bet('back', 1, 200, 5_000), bet('lay', 2, 250, 700)];
    const grouped = withGrouped([], apart);
    expect(grouped).toHaveLength(2);
    expect(marketExposure(positionOf('MATCH_ODDS', runnerIds, grouped, grouped))).toBe(
      marketExposure(positionOf('MATCH_ODDS', runnerIds, apart, apart)),
    );
  });
});
