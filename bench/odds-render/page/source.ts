import type { MatchOddsMarket, OddsChangeMessage, OddsV2 } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';

/** mulberry32: the same seed gives the same run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const EVENT_ID = 9_000_001;
export const MARKETS = 50;
export const RUNNERS = 3;
/** Markets each update touches (one change message). */
export const MARKETS_PER_UPDATE = 3;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A deterministic odds source for the render bench: 50 match-odds markets of 3 runners, and a
 * stream of change messages in the contract's shape (version + 1 each), each re-pricing a few
 * markets by a tick or two and now and then suspending one for a moment. It feeds the book as the
 * hub connection does after parsing, so money is in paise (the same whole-rupee figures as before).
 */
export function createSource(seed = 2026) {
  const rand = prng(seed);
  let version = 1;
  const mids: number[][] = [];
  const suspendedUntil: number[] = [];
  const marketVersion: number[] = [];
  for (let m = 0; m < MARKETS; m++) {
    mids.push(Array.from({ length: RUNNERS }, () => round2(1.5 + rand() * 8)));
    suspendedUntil.push(0);
    marketVersion.push(version);
  }

  const market = (m: number): MatchOddsMarket => ({
    id: `1.${EVENT_ID}.${m}`,
    eventId: EVENT_ID,
    name: `Market ${m + 1}`,
    type: 'MATCH_ODDS',
    status: suspendedUntil[m]! > version ? 'SUSPENDED' : 'OPEN',
    inPlay: true,
    betDelayMs: 5000,
    minStake: wholeRupees(100),
    maxStake: wholeRupees(50000),
    maxProfit: wholeRupees(500000),
    version: marketVersion[m]!,
    runners: mids[m]!.map((mid, r) => ({
      id: m * 10 + r + 1,
      name: `Runner ${m + 1}.${r + 1}`,
      sortPriority: r,
      status: 'ACTIVE' as const,
      back: [0, 1, 2].map((l) => ({
        price: round2(Math.max(1.01, mid - 0.02 * (l + 1))),
        size: wholeRupees(100 + Math.floor(rand() * 90_000)),
      })),
      lay: [0, 1, 2].map((l) => ({
        price: round2(mid + 0.02 * l),
        size: wholeRupees(100 + Math.floor(rand() * 90_000)),
      })),
    })),
  });

  return {
    snapshot(): OddsV2 {
      return {
        eventId: EVENT_ID,
        version,
        at: new Date().toISOString(),
        matchOdds: mids.map((_, m) => market(m)),
        bookmaker: [],
        fancy: [],
        toss: [],
      };
    },
    next(): OddsChangeMessage {
      const prevVersion = version;
      version += 1;
      const touched = new Set<number>();
      // A suspension that ends now is a change of its own.
      for (let m = 0; m < MARKETS; m++) if (suspendedUntil[m] === version) touched.add(m);
      while (touched.size < MARKETS_PER_UPDATE) touched.add(Math.floor(rand() * MARKETS));
      for (const m of touched) {
        const runner = Math.floor(rand() * RUNNERS);
        const step = (rand() < 0.5 ? -1 : 1) * (1 + Math.floor(rand() * 2)) * 0.02;
        mids[m]![runner] = round2(Math.min(50, Math.max(1.1, mids[m]![runner]! + step)));
        if (rand() < 0.02) suspendedUntil[m] = version + 20;
        marketVersion[m] = version;
      }
      for (const m of touched) {
        marketVersion[m] = version;
      }
      return {
        kind: 'change',
        eventId: EVENT_ID,
        version,
        prevVersion,
        at: new Date().toISOString(),
        matchOdds: [...touched].map(market),
        bookmaker: [],
        fancy: [],
        toss: [],
      };
    },
  };
}
