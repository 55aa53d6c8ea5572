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
  unsubscribe(channel: string, handler: BusHandler): Promise<void>;
  /**
   * False only when a publish on the channel provably reaches nobody (a subscription of `except`
   * left out), so a publisher may skip making the payload; true when it may reach someone. A bus
   * that cannot know (Redis: other processes subscribe on their own) leaves it out, and publishers
   * treat that as true.
   */
  hasSubscribers?(channel: string, except?: BusHandler): boolean;
  /**
   * Every channel that begins with `prefix`, at once and until the returned function is called:
   * only a bus whose subscribers all live in this process has it (the in-process bus), where one
   * subscription of a kind of channel costs less than one per channel and reaches no one more.
   */
  subscribePrefix?(prefix: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

export type BusHandler = (payload: string, channel: string) => void;

export type BusErrorReporter = (error: unknown, channel: string) => void;

/**
 * A channel's subscriptions: its one handler as it is, an array beyond one. The same function
 * subscribed twice is two subscriptions, and each unsubscribe ends one of them.
 */
type Subscribed = BusHandler | BusHandler[];

/** Delivers synchronously inside publish(); a throwing handler never stops the others. */
export function createInProcessBus(options: { onHandlerError?: BusErrorReporter } = {}): Bus {
  // A server subscribes a channel per local user, nearly always once: nothing but the handler.
  const handlers = new Map<string, Subscribed>();
  let closed = false;
  const report: BusErrorReporter =
    options.onHandlerError ??
    ((error, channel) => {
      console.error(`bus handler for ${channel} failed`, error);
    });
  const remove = (channel: string, handler: BusHandler) => {
    const current = handlers.get(channel);
    if (current === handler) handlers.delete(channel);
    else if (Array.isArray(current)) {
      const at = current.indexOf(handler);
      if (at < 0) return;
      current.splice(at, 1);
      if (current.length === 1) handlers.set(channel, current[0]!);
    }
  };
  const deliver = (handler: BusHandler, channel: string, payload: string) => {
    try {
      handler(payload, channel);
    } catch (error) {
      report(error, channel);
    }
  };

  /** Prefix subscriptions: a handful (one per kind of channel and subscriber), checked in order. */
  let prefixes: readonly { prefix: string; handler: BusHandler }[] = [];

  return {
    async publish(channel, payload) {
      if (closed) throw new Error('The bus is closed');
      const subscribed = handlers.get(channel);
      if (subscribed !== undefined) {
        if (!Array.isArray(subscribed)) deliver(subscribed, channel, payload);
        else for (const handler of [...subscribed]) deliver(handler, channel, payload);
      }
      for (const entry of prefixes) {
        if (channel.startsWith(entry.prefix)) deliver(entry.handler, channel, payload);
      }
    },
    subscribePrefix(prefix, handler) {
      if (closed) throw new Error('The bus is closed');
      const entry = { prefix, handler };
      prefixes = [...prefixes, entry];
      return () => {
        prefixes = prefixes.filter((other) => other !== entry);
      };
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('The bus is closed');
      const subscribed = handlers.get(channel);
      if (subscribed === undefined) handlers.set(channel, handler);
      else if (Array.isArray(subscribed)) subscribed.push(handler);
      else handlers.set(channel, [subscribed, handler]);
      return async () => remove(channel, handler);
    },
    async unsubscribe(channel, handler) {
      remove(channel, handler);
    },
    // Every subscriber of this bus is in this process: the map is the whole truth, kept in step
    // synchronously by subscribe and unsubscribe.
    hasSubscribers(channel, except) {
      const subscribed = handlers.get(channel);
      if (subscribed !== undefined && subscribed !== except) {
        if (!Array.isArray(subscribed) || subscribed.some((handler) => handler !== except)) return true;
      }
      return prefixes.some((entry) => entry.handler !== except && channel.startsWith(entry.prefix));
    },
    async close() {
      closed = true;
      handlers.clear();
      prefixes = [];
    },
  };
}

export { createRedisBus } from './bus-redis';
