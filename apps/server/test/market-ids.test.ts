import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MARKETS_PER_EVENT, SimulatedFeed, marketIdOf } from '@backlay/feed-simulator';
import { ManualClock } from '@backlay/market-feed';

/*
 * Market ids survive a client that reads them as JavaScript numbers (a V1 client of the family does
 * `parseFloat(marketId)`): every id the simulator makes comes back unchanged from
 * `String(parseFloat(id))`, so no id turns into another and no two ids meet as the same number.
 */
const roundTrips = (id: string) => String(parseFloat(id)) === id;
/** Event ids as the simulator and the database have them: positive, below 2^31. */
const eventIdArb = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const marketIndexArb = fc.integer({ min: 1, max: MAX_MARKETS_PER_EVENT });

describe('market ids through parseFloat', () => {
  it('the id of any market of any event reads back unchanged', () => {
    fc.assert(
      fc.property(eventIdArb, marketIndexArb, (eventId, n) => {
        const id = marketIdOf(eventId, n);
        expect(roundTrips(id)).toBe(true);
        // 15 significant digits at most, never a trailing zero after the point.
        expect(id).toMatch(/^1\.\d{13}[1-9]$/);
      }),
      { numRuns: 20_000 },
    );
  });

  it('two different markets never meet as the same number', () => {
    fc.assert(
      fc.property(eventIdArb, marketIndexArb, eventIdArb, marketIndexArb, (e1, n1, e2, n2) => {
        fc.pre(e1 !== e2 || n1 !== n2);
        expect(parseFloat(marketIdOf(e1, n1))).not.toBe(parseFloat(marketIdOf(e2, n2)));
      }),
      { numRuns: 20_000 },
    );
    // Neighbours, where a lost trailing zero used to land: markets 9, 10, 11 and 90 of one event, and
    // the same index at the neighbouring events.
    const ids = [9, 10, 11, 90, 900, 8_999, 9_000].flatMap((n) =>
      [257_380_000, 257_380_001, 25_738_000].map((e) => marketIdOf(e, n)),
    );
    expect(new Set(ids.map((id) => parseFloat(id))).size).toBe(ids.length);
  });

  it('no id of this scheme is an id of the old one (1.<event id × 1000 + n>, at most 13 digits)', () => {
    fc.assert(
      fc.property(eventIdArb, marketIndexArb, (eventId, n) => {
        expect(marketIdOf(eventId, n).length - 2).toBe(14);
        expect(String((2 ** 31 - 1) * 1000 + 999).length).toBeLessThanOrEqual(13);
      }),
    );
  });

  it('refuses what does not fit rather than making an id that would not survive', () => {
    expect(() => marketIdOf(1, MAX_MARKETS_PER_EVENT + 1)).toThrow(RangeError);
    expect(() => marketIdOf(10_000_000_000, 1)).toThrow(RangeError);
    expect(() => marketIdOf(0, 1)).toThrow(RangeError);
    expect(() => marketIdOf(5, 0)).toThrow(RangeError);
  });

  it('every market of simulated worlds (any seed, any start) reads back unchanged and apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        // Any minute of ten years: the event ids come from the start time (defaultEventIdBase).
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (seed, start) => {
          const clock = new ManualClock(start);
          const feed = new SimulatedFeed({
            clock,
            seed,
            stepMs: 5_000,
            sports: {
              cricket: { inPlay: 2, upcoming: 1 },
              football: { inPlay: 1, upcoming: 1 },
              tennis: { inPlay: 1, upcoming: 0 },
              kabaddi: { inPlay: 1, upcoming: 0 },
              horseRacing: { inPlay: 1, upcoming: 1 },
            },
          });
          const seen = new Map<number, string>();
          const look = () => {
            for (const odds of feed.state().odds) {
              for (const market of odds.markets) {
                expect(roundTrips(market.id), market.id).toBe(true);
                const other = seen.get(parseFloat(market.id));
                if (other !== undefined) expect(other).toBe(market.id);
                seen.set(parseFloat(market.id), market.id);
              }
            }
          };
          look();
          // Two hours of play: wickets, overs and goals open new markets as they go.
          for (let i = 0; i < 8; i++) {
            clock.set(clock.now() + 15 * 60_000);
            feed.advanceTo(clock.now());
            look();
          }
          expect(seen.size).toBeGreaterThan(10);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
