// Settled rounds (and dice rolls) by id, for `GET P/rounds/:roundId` and the verify links: bounded,
// the oldest forgotten first. A seed is written in only once it is revealed.
import type { RoundSeeds } from '../fair/rotation';
import type { GameId } from '../games/game';

export interface RoundEntry {
  readonly roundId: string;
  readonly game: GameId;
  /** The table's round number; none for a dice roll. */
  readonly number: number | undefined;
  readonly seeds: RoundSeeds;
  /** The revealed server seed: absent until its pair is retired. */
  serverSeed: string | undefined;
  readonly outcome: unknown;
  readonly settledAt: number;
}

export class RoundBook {
  private readonly byId = new Map<string, RoundEntry>();

  constructor(private readonly size = 5_000) {}

  add(entry: RoundEntry): void {
    this.byId.set(entry.roundId, entry);
    while (this.byId.size > this.size) this.byId.delete(this.byId.keys().next().value!);
  }

  get(roundId: string): RoundEntry | undefined {
    return this.byId.get(roundId);
  }

  /** A retired pair's seed, written into the rounds it played (a player's dice rolls). */
  reveal(roundIds: readonly string[], serverSeedHash: string, serverSeed: string): void {
    for (const id of roundIds) {
      const entry = this.byId.get(id);
      if (entry && entry.seeds.serverSeedHash === serverSeedHash) entry.serverSeed = serverSeed;
    }
  }
}
