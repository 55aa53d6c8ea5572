import { z } from 'zod';
import type { Bus } from '../platform/bus';
import type { Executor } from '../platform/db/database';
import { sessionsRevokedSince } from './session-revocation-repository';

/** Where a server that revoked sign-in sessions tells the others: one message per revocation. */
export const SESSION_REVOCATIONS_CHANNEL = 'sessions:revoked';

const RevocationMessageSchema = z.object({
  sessionIds: z.array(z.number().int().positive()).min(1),
});

/**
 * Beyond the access-token lifetime, how long a revoked session is still remembered: covers clocks
 * of different servers that disagree a little, and a refresh that read the session just before it
 * was revoked and signed one more token.
 */
export const REVOCATION_GRACE_MS = 60_000;

/** How often a server reads recent revocations from the database, in case it missed a message. */
export const DEFAULT_CATCH_UP_MS = 30_000;

export interface RevocationsLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the account code needs: tell every server that these sessions ended. */
export interface SessionRevocationAnnouncer {
  announce(sessionIds: readonly number[]): Promise<void>;
}

/**
 * Sign-in sessions (refresh_tokens rows) revoked recently enough that access tokens naming them may
 * still be unexpired. Access tokens are checked against this set in memory, so a revoked session
 * is refused at once without a database read per request.
 *
 * Every server keeps the set: the server that revoked records it at once and tells the others on
 * the bus; a server that starts reads the revocations of the last access-token lifetime from the
 * database before it serves; and every server reads them again every `catchUpMs`, so a message lost
 * on the bus (a Redis reconnect, a failed publish) costs seconds, not the token's lifetime.
 * An entry is dropped once every token of its session has expired.
 */
export class SessionRevocations implements SessionRevocationAnnouncer {
  /** Session id → when it may be forgotten (ms since the epoch). */
  private readonly revoked = new Map<number, number>();
  private readonly listeners = new Set<(sessionIds: number[]) => void>();
  private unsubscribe: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly retentionMs: number;
  private readonly catchUpMs: number;

  constructor(
    private readonly bus: Bus,
    private readonly db: Executor,
    private readonly log: RevocationsLog,
    opts: { accessTokenTtlSeconds: number; catchUpMs?: number },
  ) {
    this.retentionMs = opts.accessTokenTtlSeconds * 1000 + REVOCATION_GRACE_MS;
    this.catchUpMs = opts.catchUpMs ?? DEFAULT_CATCH_UP_MS;
  }

  /** Listens on the bus first, then reads the database, so a revocation made meanwhile is not missed. */
  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(SESSION_REVOCATIONS_CHANNEL, (payload) => {
      const parsed = RevocationMessageSchema.safeParse(parseJson(payload));
      if (parsed.success) this.record(parsed.data.sessionIds, Date.now());
      else this.log.warn({ payload }, 'unreadable session revocation on the bus');
    });
    await this.catchUp();
    this.timer = setInterval(() => {
      this.catchUp().catch((err: unknown) => {
        this.log.error({ err }, 'could not read revoked sessions');
      });
    }, this.catchUpMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

  /**
   * Records sessions whose revocation has been committed, here at once, and tells the other
   * servers. Never throws: the revocation stands in the database whatever the bus does, and the
   * others read it there at their next catch-up.
   */
  async announce(sessionIds: readonly number[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const ids = [...sessionIds];
    this.record(ids, Date.now());
    try {
      await this.bus.publish(SESSION_REVOCATIONS_CHANNEL, JSON.stringify({ sessionIds: ids }));
    } catch (err) {
      this.log.error({ err, sessionIds: ids }, 'could not announce revoked sessions on the bus');
    }
  }

  /** Called on every authenticated request: a map lookup, nothing more. */
  has(sessionId: number): boolean {
    return this.revoked.has(sessionId);
  }

  get size(): number {
    return this.revoked.size;
  }

  /** Calls `listener` with sessions newly learnt as revoked from now on; answers the unsubscribe. */
  onRevoked(listener: (sessionIds: number[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the sessions revoked within the retention window and forgets the entries past it. */
  async catchUp(): Promise<void> {
    const now = Date.now();
    const rows = await sessionsRevokedSince(this.db, new Date(now - this.retentionMs));
    for (const [id, forgetAt] of this.revoked) if (forgetAt <= now) this.revoked.delete(id);
    const fresh: number[] = [];
    for (const row of rows) {
      if (!row.revokedAt || this.revoked.has(row.id)) continue;
      this.revoked.set(row.id, row.revokedAt.getTime() + this.retentionMs);
      fresh.push(row.id);
    }
    this.notify(fresh);
  }

  private record(sessionIds: readonly number[], revokedAt: number): void {
    const fresh: number[] = [];
    for (const id of sessionIds) {
      if (this.revoked.has(id)) continue;
      this.revoked.set(id, revokedAt + this.retentionMs);
      fresh.push(id);
    }
    this.notify(fresh);
  }

  private notify(sessionIds: number[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(sessionIds);
      } catch (err) {
        this.log.error({ err, sessionIds }, 'a session revocation listener failed');
      }
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
