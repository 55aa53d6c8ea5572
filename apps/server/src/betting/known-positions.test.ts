import { paise } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import type { BetPosition } from './bet-write-repository';
import { KnownPositions } from './known-positions';

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
