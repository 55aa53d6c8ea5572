import { z } from 'zod';
import type { Bus } from '../platform/bus';

/** Where each server tells the others which players it has seen on its hub. */
export const PRESENCE_CHANNEL = 'backoffice:presence';
/** A player counts as online while seen within this (clients send a heartbeat every 20 s). */
export const ONLINE_WINDOW_MS = 60_000;
/** A player seen again is shared again only after this: every ~40 s at most while connected. */
const RESHARE_AFTER_MS = 20_000;
/** Players newly seen are shared together after this, so the bus carries about one message a second. */
const FLUSH_DELAY_MS = 1_000;

const PresenceMessageSchema = z.object({ users: z.array(z.number().int().positive()).min(1).max(100_000) });

export interface PresenceLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Who is on the realtime hub, across servers. The hub knows only its own connections, and not
 * their site; so each server notes the players whose connections registered (RegisterClient) or
 * sent a heartbeat (every 20 s) and shares them on the bus (Redis when scaled out, in process on a
 * single server), and every server keeps the union: a player is online while some server saw
 * them within ONLINE_WINDOW_MS. A player who leaves stops counting within that window; one on
 * another server starts counting about a second after their first registration there. The site of
 * each player is the database's (the service counts the ids of the operator's site).
 */
export class PresenceBoard {
  /** Player id → when some server last saw them (this server's clock when it heard). */
  private readonly seen = new Map<number, number>();
  /** Player id → when this server last shared them. */
  private readonly shared = new Map<number, number>();
  private pending = new Set<number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopped = false;

  constructor(
    private readonly bus: Bus,
    private readonly log: PresenceLog,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(PRESENCE_CHANNEL, (payload) => {
      const parsed = PresenceMessageSchema.safeParse(parseJson(payload));
      if (!parsed.success) {
        this.log.warn({ payload: payload.slice(0, 200) }, 'unreadable presence message on the bus');
        return;
      }
      const at = this.now();
      for (const userId of parsed.data.users) this.seen.set(userId, at);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

  /** A player's connection on this server registered or sent a heartbeat. */
  note(userId: number): void {
    if (!Number.isSafeInteger(userId) || userId <= 0 || this.stopped) return;
    const at = this.now();
    this.seen.set(userId, at);
    const last = this.shared.get(userId);
    if (last !== undefined && at - last < RESHARE_AFTER_MS) return;
    this.shared.set(userId, at);
    this.pending.add(userId);
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
      this.flushTimer.unref();
    }
  }

  /** Shares the players newly seen here with every server (this one hears its own message too). */
  async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.size === 0 || this.stopped) return;
    const users = [...this.pending];
    this.pending = new Set();
    this.forgetOld();
    try {
      await this.bus.publish(PRESENCE_CHANNEL, JSON.stringify({ users }));
    } catch (err) {
      // Only the other servers miss them, until the next share.
      this.log.warn({ err }, 'could not share the players on the hub');
      for (const userId of users) this.shared.delete(userId);
    }
  }

  /** The players some server saw within the window. */
  online(): number[] {
    this.forgetOld();
    return [...this.seen.keys()];
  }

  /** Forgets the players nobody saw within the window, so the maps hold the players online only. */
  private forgetOld(): void {
    const since = this.now() - ONLINE_WINDOW_MS;
    for (const [userId, at] of this.seen) if (at < since) this.seen.delete(userId);
    for (const [userId, at] of this.shared) if (at < since) this.shared.delete(userId);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
