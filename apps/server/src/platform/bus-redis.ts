import { Redis } from 'ioredis';
import type { Bus, BusErrorReporter } from './bus';

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

  const handlers = new Map<string, Set<(payload: string) => void>>();
  const subscribedAtRedis = new Set<string>();
  // Redis SUBSCRIBE/UNSUBSCRIBE for one channel run one after another, each reconciling the
  // wanted state (any local handler?) with the state at Redis, so racing joins and leaves settle
  // on the right answer.
  const chains = new Map<string, Promise<void>>();
  let closed = false;

  sub.on('message', (fullChannel: string, payload: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    const channel = fullChannel.slice(prefix.length);
    const set = handlers.get(channel);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(payload);
      } catch (error) {
        report(error, channel);
      }
    }
  });

  function reconcile(channel: string): Promise<void> {
    const previous = chains.get(channel) ?? Promise.resolve();
    const next = previous.then(async () => {
      const wanted = (handlers.get(channel)?.size ?? 0) > 0;
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

  return {
    async publish(channel, payload) {
      if (closed) throw new Error('The bus is closed');
      await pub.publish(prefix + channel, payload);
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('The bus is closed');
      const entry = (payload: string) => handler(payload);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(entry);
      const remove = () => {
        const current = handlers.get(channel);
        if (!current) return false;
        const removed = current.delete(entry);
        if (current.size === 0) handlers.delete(channel);
        return removed;
      };
      try {
        await reconcile(channel);
      } catch (error) {
        remove();
        throw error;
      }
      return async () => {
        if (!remove() || closed) return;
        await reconcile(channel);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.allSettled([...chains.values()]);
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
