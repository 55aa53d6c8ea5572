import type { Paise } from '@backlay/exchange';

/*
 * Domain events: facts about money that other features react to (bonus wagering, referrals,
 * responsible-gaming counters), published only after the transaction that made them true has
 * committed, so a listener never sees a fact that was rolled back. They are in-process: each server
 * hears the events of the writes it made itself. A listener that must see every server's events
 * (none yet) would relay them over the bus.
 */

export type DomainEvent =
  /** A player's cash balance, bonus balance, holds or exposure changed. */
  | { type: 'WalletChanged'; userId: number }
  /** A player's bets on one market were settled or voided (one event per player and market). */
  | {
      type: 'BetSettled';
      userId: number;
      domainId: number;
      marketId: string;
      /** 'VOID' when the market was voided: voided stakes count for no wagering. */
      status: 'SETTLED' | 'VOID';
      betIds: number[];
      /** The matched stake of those bets. */
      stakePaise: Paise;
      /** What the player won (positive) or lost (negative) on the market, after commission. */
      netPaise: Paise;
    }
  /** Money paid in by a player reached their cash balance. */
  | { type: 'DepositCredited'; userId: number; domainId: number; amountPaise: Paise; reference: string };

export type DomainEventType = DomainEvent['type'];
type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
type Listener<T extends DomainEventType> = (event: EventOf<T>) => void | Promise<void>;
type AnyListener = (event: DomainEvent) => void | Promise<void>;

/** The in-process event bus of one server. A failing listener is logged and never stops the others. */
export class DomainEvents {
  private readonly listeners = new Map<DomainEventType, Set<AnyListener>>();

  constructor(private readonly onListenerError: (err: unknown, event: DomainEvent) => void) {}

  on<T extends DomainEventType>(type: T, listener: Listener<T>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    // Stored under its own type, so it is only ever called with events of that type.
    const any = listener as unknown as AnyListener;
    set.add(any);
    return () => set.delete(any);
  }

  /** Call only after the transaction that made the events true has committed. */
  publish(events: readonly DomainEvent[]): void {
    for (const event of events) {
      const set = this.listeners.get(event.type);
      if (!set) continue;
      for (const listener of set) {
        try {
          const done = listener(event);
          if (done instanceof Promise) done.catch((err: unknown) => this.onListenerError(err, event));
        } catch (err) {
          this.onListenerError(err, event);
        }
      }
    }
  }
}
