import { Redis } from 'ioredis';
import type { Bus, BusErrorReporter, BusHandler } from './bus';

export interface RedisBusOptions {
  /** Namespace for every channel, e.g. 'backlay:' so several apps can share one Redis. */
  prefix: string;
  onHandlerError?: BusErrorReporter;
  onConnectionError?: (error: unknown) => void;
}

/**
 * Redis pub/sub with one publisher and one subscriber connection. Local handlers are counted per
 * channel so any number of subscribers to one channel share a single Redis SUBSCRIBE, which is
 * dropped when the last of them leaves.
 */
export function createRedisBus(redisUrl: string, options: RedisBusOptions): Bus {
  const { prefix } = options;
  const report: BusErrorReporter =
    options.onHandlerError ??
    ((error, channel) => {
      console.error(`bus handler for ${channel} failed`, error);
    });
  const onConnectionError =
    options.onConnectionError ??
    ((error: unknown) => {
      console.error('redis bus connection error', error);
    });

  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  // The subscriber re-subscribes by itself after a reconnect (ioredis autoResubscribe).
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: 3, enableReadyCheck: false });
  pub.on('error', onConnectionError);
  sub.on('error', onConnectionError);

  // A channel's one handler as it is, an array beyond one (the same function subscribed twice is
  // two subscriptions): a hub subscribes a channel per local user, nearly always once.
  const handlers = new Map<string, BusHandler | BusHandler[]>();
  const subscribedAtRedis = new Set<string>();
  // Redis SUBSCRIBE/UNSUBSCRIBE for one channel run one after another, each reconciling the
  // wanted state (any local handler?) with the state at Redis, so racing joins and leaves settle
  // on the right answer.
  const chains = new Map<string, Promise<void>>();
  let closed = false;

  sub.on('message', (fullChannel: string, payload: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    const channel = fullChannel.slice(prefix.length);
    const subscribed = handlers.get(channel);
    if (subscribed === undefined) return;
    for (const handler of Array.isArray(subscribed) ? [...subscribed] : [subscribed]) {
      try {
        handler(payload, channel);
      } catch (error) {
        report(error, channel);
      }
    }
  });

  function reconcile(channel: string): Promise<void> {
    const previous = chains.get(channel) ?? Promise.resolve();
    const next = previous.then(async () => {
      const wanted = handlers.has(channel);
      const present = subscribedAtRedis.has(channel);
      if (wanted && !present) {
        await sub.subscribe(prefix + channel);
        subscribedAtRedis.add(channel);
      } else if (!wanted && present) {
        subscribedAtRedis.delete(channel);
        await sub.unsubscribe(prefix + channel);
      }
    });
    const settled = next.catch(() => undefined);
    chains.set(channel, settled);
    void settled.then(() => {
      if (chains.get(channel) === settled) chains.delete(channel);
    });
    return next;
  }

  function remove(channel: string, handler: BusHandler): boolean {
    const current = handlers.get(channel);
    if (current === handler) {
      handlers.delete(channel);
      return true;
    }
    if (!Array.isArray(current)) return false;
    const at = current.indexOf(handler);
    if (at < 0) return false;
    current.splice(at, 1);
    if (current.length === 1) handlers.set(channel, current[0]!);
    return true;
  }

  async function unsubscribe(channel: string, handler: BusHandler): Promise<void> {
    if (!remove(channel, handler) || closed) return;
    await reconcile(channel);
  }

  return {
    async publish(channel, payload) {
      if (closed) throw new Error('The bus is closed');
      await pub.publish(prefix + channel, payload);
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('The bus is closed');
      const subscribed = handlers.get(channel);
      if (subscribed === undefined) handlers.set(channel, handler);
      else if (Array.isArray(subscribed)) subscribed.push(handler);
      else handlers.set(channel, [subscribed, handler]);
      try {
        await reconcile(channel);
      } catch (error) {
        remove(channel, handler);
        throw error;
      }
      return () => unsubscribe(channel, handler);
    },
    unsubscribe,
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.allSettled([...chains.values()]);
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
