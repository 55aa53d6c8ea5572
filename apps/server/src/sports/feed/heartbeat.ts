/*
 * The feed's heartbeat. The process that owns the feed says on the bus every couple of seconds that
 * it is alive and how far its numbering has got (`publishFeed` sends it); every mirror notes when it
 * last heard from that publisher in step (`FeedFreshness`). A mirror that hears nothing past the
 * threshold holds frozen prices: it reads every open market as SUSPENDED, bets are refused with
 * PRICES_STALE, and each server tells its own hub connections, until the owner is heard again.
 */

/** How often the owner beats, and how long a mirror waits in silence before it suspends. */
export const HEARTBEAT_DEFAULTS = { everyMs: 2000, staleAfterMs: 10_000 } as const;

/** What the owner sends on `feed:heartbeat`: who it is and the number of its last events message. */
export interface HeartbeatMessage {
  publisher: string;
  seq: number;
}

export interface HeartbeatOptions {
  /** Between two beats of the owner. Default 2 s. */
  everyMs?: number;
  /** Silence after which a mirror suspends its markets. Default 10 s. */
  staleAfterMs?: number;
  /** How often a mirror looks at the silence. Default a quarter of the threshold, at most 1 s. */
  checkEveryMs?: number;
  /** The clock silence is measured on (tests pass a controllable one). Default Date.now. */
  now?: () => number;
}

/** Calls `beat` every `everyMs` until stopped; the timer never keeps the process alive. */
export function startHeartbeat(beat: () => void, everyMs: number = HEARTBEAT_DEFAULTS.everyMs): () => void {
  const timer = setInterval(beat, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * A mirror's view of its publisher's liveness: stale until first heard, fresh while the last sign of
 * life in step is within `staleAfterMs`, stale again after that. Listeners hear each change, from the
 * check timer or from the read that noticed it first.
 */
export class FeedFreshness {
  private readonly staleAfterMs: number;
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  private lastHeardAt: number | null = null;
  private stale = true;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listeners = new Set<(stale: boolean) => void>();

  constructor(options: HeartbeatOptions = {}) {
    this.staleAfterMs = options.staleAfterMs ?? HEARTBEAT_DEFAULTS.staleAfterMs;
    this.checkEveryMs = options.checkEveryMs ?? Math.min(1000, Math.max(10, this.staleAfterMs / 4));
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.update(), this.checkEveryMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The publisher was heard, in step: a heartbeat, an events message or a state. */
  heard(): void {
    this.lastHeardAt = this.now();
    this.update();
  }

  /** True while nothing in step has been heard for longer than the threshold (or ever). */
  isStale(): boolean {
    this.update();
    return this.stale;
  }

  /** How long the publisher has been silent, or null when it was never heard. */
  silentForMs(): number | null {
    return this.lastHeardAt === null ? null : this.now() - this.lastHeardAt;
  }

  onChange(listener: (stale: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(): void {
    const silent = this.silentForMs();
    const stale = silent === null || silent > this.staleAfterMs;
    if (stale === this.stale) return;
    this.stale = stale;
    for (const listener of [...this.listeners]) listener(stale);
  }
}
