import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GamesError } from '../errors';
import { bytesToFloat, floats, MAX_FLOATS, pick } from './floats';
import { commitment } from './seeds';
import { clientSeedArb, nonceArb, serverSeedArb } from './test-arbitraries';

const SERVER = '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';

// Written independently of floats.ts: the big-endian uint32 over 2^32, read with Buffer.
function expectedFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let at = 0; at < 32 && out.length < count; at += 4) out.push(digest.readUInt32BE(at) / 2 ** 32);
  }
  return out;
}

describe('known answers', () => {
  it('commits to SHA-256 of the seed text', () => {
    // Computed with Python's hashlib, outside this code base.
    expect(commitment(SERVER)).toBe('b755ed18185d0448746c865d67220151f3a451b5e0cb6aa149aa2cac9448a426');
  });

  it('reads HMAC round 0 as eight floats, and round 1 for the ninth onwards', () => {
    // Python: hmac.new(seed.encode(), b'backlay:1:0', sha256) = b117f8fa fd178f3b f63c86f5 …
    const want = [
      0.6917720423080027, 0.9886407393496484, 0.9618610714096576, 0.1571460950654, 0.6647022319957614,
      0.34382302314043045, 0.8444508232641965, 0.6790429295506328, 0.7901847586035728, 0.15824490832164884,
    ];
    expect(floats(SERVER, 'backlay', 1, 10)).toEqual(want);
    expect(floats(SERVER, 'backlay', 1, 10)).toEqual(expectedFloats(SERVER, 'backlay', 1, 10));
    expect(0xb117f8fa / 2 ** 32).toBe(want[0]);
  });

  it('weights bytes by 256^-(i+1)', () => {
    expect(bytesToFloat(0, 0, 0, 0)).toBe(0);
    expect(bytesToFloat(128, 0, 0, 0)).toBe(0.5);
    expect(bytesToFloat(0, 0, 0, 1)).toBe(2 ** -32);
    expect(bytesToFloat(255, 255, 255, 255)).toBe(1 - 2 ** -32);
  });
});

describe('floats: properties', () => {
  it('match the independent computation, lie in [0, 1) and are deterministic', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, fc.integer({ min: 1, max: 60 }), (s, c, n, k) => {
        const got = floats(s, c, n, k);
        expect(got).toEqual(expectedFloats(s, c, n, k));
        expect(floats(s, c, n, k)).toEqual(got);
        for (const f of got) expect(f >= 0 && f < 1).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a longer stream starts with the shorter one', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, fc.integer({ min: 1, max: 30 }), (s, c, n, k) => {
        expect(floats(s, c, n, k + 9).slice(0, k)).toEqual(floats(s, c, n, k));
      }),
    );
  });

  it('another nonce or client seed gives another stream', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, (s, c, n) => {
        expect(floats(s, c, n + 1, 8)).not.toEqual(floats(s, c, n, 8));
        expect(floats(s, `${c}x`, n, 8)).not.toEqual(floats(s, c, n, 8));
      }),
    );
  });

  it('pick(f, n) is the integer floor(u × n / 2^32)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 10_001 }), (u, n) => {
        expect(pick(u / 2 ** 32, n)).toBe(Number((BigInt(u) * BigInt(n)) >> 32n));
      }),
    );
  });
});

describe('floats: refusals', () => {
  const code = (fn: () => unknown): string | undefined => {
    try {
      fn();
    } catch (e) {
      return e instanceof GamesError ? e.code : 'not a GamesError';
    }
    return undefined;
  };

  it('refuses bad seeds, nonces and counts with a code', () => {
    expect(code(() => floats('ABC', 'c', 0, 1))).toBe('INVALID_SEED');
    expect(code(() => floats(SERVER.toUpperCase(), 'c', 0, 1))).toBe('INVALID_SEED');
    expect(code(() => floats(SERVER, 'a:b', 0, 1))).toBe('INVALID_SEED');
    expect(code(() => floats(SERVER, '', 0, 1))).toBe('INVALID_SEED');
    expect(code(() => floats(SERVER, 'c', -1, 1))).toBe('INVALID_NONCE');
    expect(code(() => floats(SERVER, 'c', 1.5, 1))).toBe('INVALID_NONCE');
    expect(code(() => floats(SERVER, 'c', 0, 0))).toBe('INVALID_COUNT');
    expect(code(() => floats(SERVER, 'c', 0, MAX_FLOATS + 1))).toBe('INVALID_COUNT');
    expect(code(() => pick(1, 52))).toBe('INVALID_FLOAT');
    expect(code(() => pick(Number.NaN, 52))).toBe('INVALID_FLOAT');
  });
});
