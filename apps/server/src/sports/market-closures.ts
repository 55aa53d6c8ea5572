import { MarketResultSchema, type MarketResult } from '@backlay/contract';
import { z } from 'zod';
import type { Bus } from '../platform/bus';
import type { Executor } from '../platform/db/database';
import type { EventOdds } from '@backlay/market-feed';
import { closedMarketsOfLiveEvents } from './market-repository';

/** Where a server that closes a market by hand tells the others: one message per market. */
export const MARKET_CLOSURES_CHANNEL = 'markets:closed';

export interface MarketClosure {
  marketId: string;
  /** Its event, when known: closures are forgotten when the event leaves the feed. */
  eventId: number | null;
  result: MarketResult;
}

const ClosureMessageSchema = z.object({
  marketId: z.string().min(1),
  eventId: z.number().int().nullable(),
  result: MarketResultSchema,
});

export interface ClosuresLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Markets the database has closed while a feed may still quote them: an operator settled or voided
 * them by hand. Every server keeps the list, so none offers their prices any more: the server that
 * closed one records it at once and tells the others on the bus, and a server that starts reads the
 * list from the database (the closed markets of events still on). Odds reads and pushes leave these
 * markets out; the owner of the feed also takes them off the feed (see SportsService).
 */
export class MarketClosures {
  private readonly closed = new Map<string, MarketClosure>();
  private readonly listeners = new Set<(closure: MarketClosure) => void>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly db: Executor,
    private readonly log: ClosuresLog,
  ) {}

  /** Listens on the bus first, then reads the database, so a closure made meanwhile is not missed. */
  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(MARKET_CLOSURES_CHANNEL, (payload) => {
      const parsed = ClosureMessageSchema.safeParse(parseJson(payload));
      if (parsed.success) this.record(parsed.data);
      else this.log.warn({ payload }, 'unreadable market closure on the bus');
    });
    const rows = await closedMarketsOfLiveEvents(this.db);
    for (const row of rows) {
      const result = MarketResultSchema.safeParse(
        typeof row.result === 'string' ? parseJson(row.result) : row.result,
      );
      if (result.success) this.record({ marketId: row.marketId, eventId: row.eventId, result: result.data });
    }
  }

  async stop(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

  /** Records a closure here at once (this server's next read leaves it out) and tells the others. */
  async announce(closure: MarketClosure): Promise<void> {
    this.record(closure);
    await this.bus.publish(MARKET_CLOSURES_CHANNEL, JSON.stringify(closure));
  }

  has(marketId: string): boolean {
    return this.closed.has(marketId);
  }

  all(): MarketClosure[] {
    return [...this.closed.values()];
  }

  /** Calls `listener` for each closure recorded from now on; answers the unsubscribe function. */
  onClosed(listener: (closure: MarketClosure) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The event's odds without the markets closed here: the same object when none of them is. */
  offered(odds: EventOdds): EventOdds {
    if (this.closed.size === 0) return odds;
    const open = odds.markets.filter((m) => !this.closed.has(m.id));
    return open.length === odds.markets.length ? odds : { ...odds, markets: open };
  }

  /** Forgets the closures of an event the feed has dropped: nothing quotes its markets any more. */
  forgetEvent(eventId: number): void {
    for (const [marketId, closure] of this.closed) {
      if (closure.eventId === eventId) this.closed.delete(marketId);
    }
  }

  private record(closure: MarketClosure): void {
    if (this.closed.has(closure.marketId)) return;
    this.closed.set(closure.marketId, closure);
    for (const listener of [...this.listeners]) {
      try {
        listener(closure);
      } catch (err) {
        this.log.error({ err, marketId: closure.marketId }, 'a market closure listener failed');
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
