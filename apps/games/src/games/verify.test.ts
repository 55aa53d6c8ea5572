import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floats } from '../fair/floats';
import { clientSeedArb, nonceArb, serverSeedArb } from '../fair/test-arbitraries';
import { commitment } from '../fair/seeds';
import { GAMES, recomputeRound, verifyRound } from './verify';
import { errorCode, SERVER } from './test-support';

const reveal = { serverSeed: SERVER, serverSeedHash: commitment(SERVER), clientSeed: 'backlay', nonce: 1 };

describe('verifying a round from its revealed seeds', () => {
  it('recomputes each game’s known answer', () => {
    expect(recomputeRound('dice', reveal).outcome).toEqual({ roll: 6_918 });
    expect(recomputeRound('dragon-tiger', reveal).outcome).toMatchObject({ winner: 'dragon' });
    expect(recomputeRound('teen-patti-2020', reveal).outcome).toMatchObject({ winner: 'playerB' });
    expect(recomputeRound('andar-bahar', reveal).outcome).toMatchObject({ winner: 'andar' });
    expect(recomputeRound('lucky-7', reveal).outcome).toMatchObject({ value: 10, band: 'high' });
    expect(recomputeRound('lucky-7', reveal).floats).toEqual(floats(SERVER, 'backlay', 1, 1));
  });

  it('accepts the recorded outcome after a trip through JSON, keys in any order', () => {
    const recorded = JSON.parse(JSON.stringify(recomputeRound('teen-patti-2020', reveal).outcome)) as Record<
      string,
      unknown
    >;
    const reordered = Object.fromEntries(Object.entries(recorded).reverse());
    expect(verifyRound('teen-patti-2020', reveal, reordered).ok).toBe(true);
  });

  it('rejects an outcome the seeds did not make', () => {
    const recorded = recomputeRound('dragon-tiger', reveal).outcome as Record<string, unknown>;
    expect(verifyRound('dragon-tiger', reveal, { ...recorded, winner: 'tiger' }).ok).toBe(false);
    expect(verifyRound('dice', reveal, { roll: 6_919 }).ok).toBe(false);
    expect(verifyRound('dice', reveal, { roll: 6_918, extra: 1 }).ok).toBe(false);
    expect(verifyRound('dice', { ...reveal, nonce: 2 }, { roll: 6_918 }).ok).toBe(false);
  });

  it('refuses a seed that does not match the commitment, and an unknown game', () => {
    const other = 'f'.repeat(64);
    expect(errorCode(() => recomputeRound('dice', { ...reveal, serverSeed: other }))).toBe(
      'COMMITMENT_MISMATCH',
    );
    expect(errorCode(() => recomputeRound('roulette', reveal))).toBe('UNKNOWN_GAME');
    expect(errorCode(() => recomputeRound('toString', reveal))).toBe('UNKNOWN_GAME');
  });

  it('any game and seeds: the outcome comes from the seeds alone and verifies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(GAMES)),
        serverSeedArb,
        clientSeedArb,
        nonceArb,
        (id, s, c, n) => {
          const r = { serverSeed: s, serverSeedHash: commitment(s), clientSeed: c, nonce: n };
          const first = recomputeRound(id, r);
          expect(recomputeRound(id, r)).toEqual(first);
          expect(verifyRound(id, r, JSON.parse(JSON.stringify(first.outcome))).ok).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
