/** Where the feed reads the time. The simulator never reads the system clock itself. */
export interface FeedClock {
  now(): number;
}

export const systemClock: FeedClock = { now: () => Date.now() };

/** A clock a test moves by hand. */
export class ManualClock implements FeedClock {
  constructor(private time: number) {}
  now(): number {
    return this.time;
  }
  set(time: number): void {
    this.time = time;
  }
  advance(ms: number): number {
    this.time += ms;
    return this.time;
  }
}

/**
 * Runs simulated time faster than real time (a T20 in 20 minutes with factor 10), anchored at the
 * moment it is created so the feed starts at the real time of day.
 */
export function scaledClock(base: FeedClock, factor: number): FeedClock {
  const origin = base.now();
  return { now: () => origin + Math.round((base.now() - origin) * factor) };
}
