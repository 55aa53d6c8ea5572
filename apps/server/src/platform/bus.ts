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

/** Delivers synchronously inside publish(); a throwing handler never stops the others. */
export function createInProcessBus(options: { onHandlerError?: BusErrorReporter } = {}): Bus {
  const handlers = new Map<string, Set<{ handler: (payload: string) => void }>>();
  let closed = false;
  const report: BusErrorReporter =
    options.onHandlerError ??
    ((error, channel) => {
      console.error(`bus handler for ${channel} failed`, error);
    });

  return {
    async publish(channel, payload) {
      if (closed) throw new Error('The bus is closed');
      const set = handlers.get(channel);
      if (!set) return;
      for (const entry of [...set]) {
        try {
          entry.handler(payload);
        } catch (error) {
          report(error, channel);
        }
      }
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('The bus is closed');
      // Wrap so the same function subscribed twice gets two independent subscriptions: in an
      // object, not a function, which costs a server holding one per user far less memory.
      const entry = { handler };
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(entry);
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) handlers.delete(channel);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}

export { createRedisBus } from './bus-redis';
