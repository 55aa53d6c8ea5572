/**
 * A publish/subscribe bus on exact channel names. The embedded server runs the in-process bus;
 * a scaled-out deployment passes the Redis bus so every server process hears every publish.
 * Payloads are strings so a publisher serialises once for every receiver.
 */
export interface Bus {
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Resolves once messages on the channel are being delivered; returns its unsubscribe. The
   * handler is told the channel too, so one function can serve many channels.
   */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Ends one subscription of `handler` to the channel, as the function subscribe returned would:
   * for a subscriber of many channels that keeps no function per subscription.
   */
  unsubscribe?(channel: string, handler: BusHandler): Promise<void>;
  /**
   * False only when a publish on the channel provably reaches nobody, so a publisher may skip
   * making the payload; true when it may reach someone. A bus that cannot know (Redis: other
   * processes subscribe on their own) leaves it out, and publishers treat that as true.
   */
  hasSubscribers?(channel: string): boolean;
  close(): Promise<void>;
}

export type BusHandler = (payload: string, channel: string) => void;

export type BusErrorReporter = (error: unknown, channel: string) => void;

interface Subscription {
  handler: BusHandler;
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
  /** Removes the first subscription of the channel that matches. */
  const remove = (channel: string, matches: (entry: Subscription) => boolean) => {
    const current = handlers.get(channel);
    if (current === undefined) return;
    if (!(current instanceof Set)) {
      if (matches(current)) handlers.delete(channel);
      return;
    }
    for (const entry of current) {
      if (!matches(entry)) continue;
      current.delete(entry);
      if (current.size === 1) handlers.set(channel, current.values().next().value!);
      else if (current.size === 0) handlers.delete(channel);
      return;
    }
  };
  const deliver = (entry: Subscription, channel: string, payload: string) => {
    try {
      entry.handler(payload, channel);
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
        remove(channel, (candidate) => candidate === entry);
      };
    },
    async unsubscribe(channel, handler) {
      remove(channel, (candidate) => candidate.handler === handler);
    },
    // Every subscriber of this bus is in this process: the map is the whole truth, kept in step
    // synchronously by subscribe and unsubscribe.
    hasSubscribers(channel) {
      return handlers.has(channel);
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}

export { createRedisBus } from './bus-redis';
