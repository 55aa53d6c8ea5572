import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeedState, publicSeeds, rotate, takeNonce, type SeedState } from './rotation';
import { commitment, newClientSeed, newServerSeed, type RandomSource } from './seeds';
import { revealedFloats, verifyCommitment } from './verify';
import { floats } from './floats';
import { clientSeedArb } from './test-arbitraries';

/** A counter-based source: distinct, predictable seeds without real entropy. */
function countingSource(): RandomSource {
  let next = 0;
  return (size) => Uint8Array.from({ length: size }, () => (next++ * 37) % 256);
}

describe('seeds', () => {
  it('a server seed is 32 random bytes as 64 lowercase hex characters', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(seed);
    expect(newServerSeed(() => new Uint8Array(32).fill(0xab))).toBe('ab'.repeat(32));
    expect(() => newServerSeed(() => new Uint8Array(31))).toThrow(/32 random bytes/);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the commitment is the SHA-256 hex of the seed text', () => {
    expect(commitment('0'.repeat(64))).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
  });
});

describe('seed rotation', () => {
  it('shows hashes, never a live server seed', () => {
    const state = createSeedState('player1', countingSource());
    const shown = JSON.stringify(publicSeeds(state));
    expect(shown).not.toContain(state.active.serverSeed);
    expect(shown).not.toContain(state.next.serverSeed);
    expect(publicSeeds(state)).toEqual({
      serverSeedHash: commitment(state.active.serverSeed),
      clientSeed: 'player1',
      nextNonce: 0,
      nextServerSeedHash: commitment(state.next.serverSeed),
    });
    expect(() => createSeedState('bad:seed')).toThrow(/client seed/);
  });

  it('each round takes the next nonce once, and the state is never mutated', () => {
    const s0 = createSeedState('p', countingSource());
    const a = takeNonce(s0);
    const b = takeNonce(a.state);
    expect([a.round.nonce, b.round.nonce, b.state.active.nextNonce]).toEqual([0, 1, 2]);
    expect(s0.active.nextNonce).toBe(0);
    expect(a.round).toEqual({ serverSeedHash: s0.active.serverSeedHash, clientSeed: 'p', nonce: 0 });
  });

  it('rotation reveals the old seed, promotes the committed next one and commits a fresh one', () => {
    let state: SeedState = createSeedState('p', countingSource());
    const committedNext = state.next.serverSeedHash;
    state = takeNonce(takeNonce(state).state).state;
    const { state: after, revealed } = rotate(state, 'p2', countingSource());
    expect(revealed).toEqual({
      serverSeed: state.active.serverSeed,
      serverSeedHash: state.active.serverSeedHash,
      clientSeed: 'p',
      noncesUsed: 2,
    });
    expect(verifyCommitment(revealed.serverSeed, revealed.serverSeedHash)).toBe(true);
    expect(after.active.serverSeedHash).toBe(committedNext);
    expect(after.active).toMatchObject({ clientSeed: 'p2', nextNonce: 0 });
    expect(after.next.serverSeedHash).not.toBe(committedNext);
  });

  it('any sequence of rounds and rotations: every round recomputes from its reveal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('play' as const), clientSeedArb), { maxLength: 20 }),
        (steps) => {
          let state = createSeedState('start');
          const rounds: { hash: string; clientSeed: string; nonce: number; floats: number[] }[] = [];
          const reveals = new Map<string, string>();
          for (const step of steps) {
            if (step === 'play') {
              const taken = takeNonce(state);
              state = taken.state;
              const { serverSeedHash, clientSeed, nonce } = taken.round;
              // The live seed is used only inside the provider; the record keeps the hash.
              rounds.push({
                hash: serverSeedHash,
                clientSeed,
                nonce,
                floats: floats(state.active.serverSeed, clientSeed, nonce, 3),
              });
            } else {
              const rotated = rotate(state, step);
              reveals.set(rotated.revealed.serverSeedHash, rotated.revealed.serverSeed);
              state = rotated.state;
            }
          }
          for (const r of rounds) {
            const serverSeed = reveals.get(r.hash);
            if (serverSeed === undefined) continue; // still the live pair: not yet verifiable, by design
            expect(
              revealedFloats(
                { serverSeed, serverSeedHash: r.hash, clientSeed: r.clientSeed, nonce: r.nonce },
                3,
              ),
            ).toEqual(r.floats);
          }
          expect(new Set(rounds.map((r) => `${r.hash}/${r.nonce}`)).size).toBe(rounds.length);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('verify', () => {
  it('refuses a seed that does not match its commitment', () => {
    const seed = newServerSeed();
    const other = newServerSeed();
    expect(verifyCommitment(seed, commitment(seed))).toBe(true);
    expect(verifyCommitment(seed, commitment(seed).toUpperCase())).toBe(true);
    expect(verifyCommitment(other, commitment(seed))).toBe(false);
    expect(verifyCommitment('not hex', commitment(seed))).toBe(false);
    expect(() =>
      revealedFloats({ serverSeed: other, serverSeedHash: commitment(seed), clientSeed: 'c', nonce: 0 }, 1),
    ).toThrow(/does not hash/);
  });
});
