// The verification page's own stream (Web Crypto, src/browser/floats.ts) against the node one, and
// the pure helpers the pages share. Node 20 has globalThis.crypto.subtle, as browsers do.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floats } from '../fair/floats';
import { commitment } from '../fair/seeds';
import { recomputeRound } from '../games/verify';
import { browserFloats, sha256Hex, streamInputProblem } from '../browser/floats';
import { BROWSER_GAMES, hundredthsOf, outcomeView, rupeesText, sameValue } from '../browser/outcome-view';

const KNOWN_SEED = '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';
const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const clientSeed = fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/);

describe('the browser’s float source', () => {
  it('gives the README’s known answer', async () => {
    expect(await sha256Hex(KNOWN_SEED)).toBe(
      'b755ed18185d0448746c865d67220151f3a451b5e0cb6aa149aa2cac9448a426',
    );
    const [f0] = await browserFloats(KNOWN_SEED, 'backlay', 1, 1);
    expect(f0).toBe(0xb117f8fa / 2 ** 32);
    expect(f0).toBe(0.6917720423080027);
  });

  it('equals the node stream float for float, across HMAC rounds, for any seeds and nonce', async () => {
    await fc.assert(
      fc.asyncProperty(
        hexSeed,
        clientSeed,
        fc.nat(1_000_000),
        fc.integer({ min: 1, max: 60 }),
        async (s, c, n, count) => {
          expect(await browserFloats(s, c, n, count)).toEqual(floats(s, c, n, count));
          expect(await sha256Hex(s)).toBe(commitment(s));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('replays every game to the outcome the node verifier computes', async () => {
    await fc.assert(
      fc.asyncProperty(hexSeed, clientSeed, fc.nat(10_000), async (serverSeed, c, nonce) => {
        const serverSeedHash = commitment(serverSeed);
        for (const [id, game] of Object.entries(BROWSER_GAMES)) {
          const outcome = game.outcome(await browserFloats(serverSeed, c, nonce, game.floatsPerRound));
          const node = recomputeRound(id, { serverSeed, serverSeedHash, clientSeed: c, nonce });
          expect(sameValue(outcome, JSON.parse(JSON.stringify(node.outcome)))).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuses what the node stream refuses', async () => {
    expect(streamInputProblem(KNOWN_SEED.toUpperCase(), 'a', 0)).toMatch(/64 lowercase hex/);
    expect(streamInputProblem(KNOWN_SEED, 'a:b', 0)).toMatch(/client seed/);
    expect(streamInputProblem(KNOWN_SEED, 'a', -1)).toMatch(/nonce/);
    await expect(browserFloats(KNOWN_SEED, 'a', 0, 0)).rejects.toThrow(/count/);
  });
});

describe('the pages’ pure helpers', () => {
  it('reads amounts and targets by text, never through a float', () => {
    expect(hundredthsOf('100')).toBe(10_000);
    expect(hundredthsOf('12.5')).toBe(1_250);
    expect(hundredthsOf(' 0.07 ')).toBe(7);
    expect(hundredthsOf('1.005')).toBeUndefined();
    expect(hundredthsOf('-1')).toBeUndefined();
    expect(hundredthsOf('1e3')).toBeUndefined();
  });

  it('writes rupees with Indian grouping', () => {
    expect(rupeesText(0)).toBe('₹0.00');
    expect(rupeesText(1_000)).toBe('₹10.00');
    expect(rupeesText(12_345_678)).toBe('₹1,23,456.78');
    expect(rupeesText(10_000_000_000)).toBe('₹10,00,00,000.00');
  });

  it('names each game’s winner', () => {
    const o = recomputeRound('teen-patti-2020', {
      serverSeed: KNOWN_SEED,
      serverSeedHash: commitment(KNOWN_SEED),
      clientSeed: 'backlay',
      nonce: 1,
    }).outcome;
    const view = outcomeView('teen-patti-2020', o);
    expect(view.hands.map((h) => h.cards.length)).toEqual([3, 3]);
    // The README's deck starts 8♠ 7♠ 6♣ K♣ 3♦ 7♥: A gets 8♠ 6♣ 3♦, B gets 7♠ K♣ 7♥ (a pair of 7s).
    expect(view.hands[0]!.cards.map((c) => c.text)).toEqual(['8♠', '6♣', '3♦']);
    expect(view.hands[1]!.cards.map((c) => c.text)).toEqual(['7♠', 'K♣', '7♥']);
    expect(view.headline).toBe('Player B wins');
    expect(outcomeView('dice', { roll: 4217 }).headline).toBe('Roll 42.17');
  });
});
