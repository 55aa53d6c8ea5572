/**
 * A publish/subscribe bus on exact channel names. The embedded server runs the in-process bus;
 * a scaled-out deployment passes the Redis bus so every server process hears every publish.
 * Payloads are strings so a publisher serialises once for every receiver.
 */
export interface Bus {
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once messages on the channel are being delivered; returns its unsubscribe. */
  subscribe(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type BusErrorReporter = (error: unknown, channel: string) => void;

interface Subscription {
  handler: (payload: string) => void;
}

/** Delivers synchronously inside publish(); a throwing handler never stops the others. */
export function createInProcessBus(options: { onHandlerError?: BusErrorReporter } = {}): Bus {
  // A channel's one subscription as it is, a set beyond one: a server subscribes a channel per
  // local user, nearly always once.
  const handlers = new Map<string, Subscription | Set<Subscription>>();
  let closed = false;
  const report: BusErrorReporter =
    options.onHandlerError ??
    ((error, channel) => {
      console.error(`bus handler for ${channel} failed`, error);
    });
  const deliver = (entry: Subscription, channel: string, payload: string) => {
    try {
      entry.handler(payload);
    } catch (error) {
      report(error, channel);
    }
  };

  return {
    async publish(channel, payload) {
      if (closed) throw new Error('The bus is closed');
      const subscribed = handlers.get(channel);
      if (!subscribed) return;
      if (!(subscribed instanceof Set)) deliver(subscribed, channel, payload);
      else for (const entry of [...subscribed]) deliver(entry, channel, payload);
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('The bus is closed');
      // Wrap so the same function subscribed twice gets two independent subscriptions: in an
      // object, not a function, which costs a server holding one per user far less memory.
      const entry: Subscription = { handler };
      const subscribed = handlers.get(channel);
      if (subscribed === undefined) handlers.set(channel, entry);
      else if (subscribed instanceof Set) subscribed.add(entry);
      else handlers.set(channel, new Set([subscribed, entry]));
      return async () => {
        const current = handlers.get(channel);
        if (current === entry) handlers.delete(channel);
        else if (current instanceof Set && current.delete(entry) && current.size === 0)
          handlers.delete(channel);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}

export { createRedisBus } from './bus-redis';
