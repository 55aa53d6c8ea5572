import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createInProcessBus, createRedisBus, type Bus } from './bus';

function inbox() {
  const items: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    items,
    handler: (payload: string) => {
      items.push(payload);
      for (const waiter of [...waiters]) {
        if (items.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    },
    waitFor: (count: number) =>
      items.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
  };
}

describe('in-process bus', () => {
  it('delivers to every subscriber of the exact channel until each unsubscribes', async () => {
    const bus = createInProcessBus();
    const a = inbox();
    const b = inbox();
    const other = inbox();
    const offA = await bus.subscribe('user:1', a.handler);
    const offB = await bus.subscribe('user:1', b.handler);
    await bus.subscribe('user:10', other.handler);
    await bus.publish('user:1', 'one');
    await offA();
    await bus.publish('user:1', 'two');
    await offB();
    await bus.publish('user:1', 'three');
    expect(a.items).toEqual(['one']);
    expect(b.items).toEqual(['one', 'two']);
    expect(other.items).toEqual([]);
    await bus.close();
    await expect(bus.publish('user:1', 'x')).rejects.toThrow(/closed/);
  });

  it('knows whether a channel has a subscriber, from the moment subscribe is called until unsubscribe is', async () => {
    const bus = createInProcessBus();
    expect(bus.hasSubscribers?.('group:a')).toBe(false);
    // Synchronously, before the subscription's promise settles: a publisher asking in between must not skip.
    const subscribing = bus.subscribe('group:a', () => undefined);
    expect(bus.hasSubscribers?.('group:a')).toBe(true);
    const offA = await subscribing;
    const offB = await bus.subscribe('group:a', () => undefined);
    const unsubscribing = offA();
    expect(bus.hasSubscribers?.('group:a')).toBe(true);
    await unsubscribing;
    void offB();
    expect(bus.hasSubscribers?.('group:a')).toBe(false);
    expect(bus.hasSubscribers?.('group:ab')).toBe(false);
    await bus.close();
  });

  it('tells a handler its channel, and takes a subscription back by channel and handler', async () => {
    const bus = createInProcessBus();
    const heard: string[] = [];
    const handler = (payload: string, channel: string) => heard.push(`${channel}=${payload}`);
    await bus.subscribe('user:1', handler);
    await bus.subscribe('user:2', handler);
    await bus.subscribe('user:2', handler);
    await bus.publish('user:1', 'a');
    await bus.publish('user:2', 'b');
    await bus.unsubscribe?.('user:2', handler);
    await bus.publish('user:2', 'c');
    await bus.unsubscribe?.('user:2', handler);
    await bus.unsubscribe?.('user:1', handler);
    await bus.publish('user:1', 'd');
    await bus.publish('user:2', 'e');
    expect(heard).toEqual(['user:1=a', 'user:2=b', 'user:2=b', 'user:2=c']);
    expect(bus.hasSubscribers?.('user:1')).toBe(false);
    expect(bus.hasSubscribers?.('user:2')).toBe(false);
    await bus.close();
  });

  it('delivers every channel of a prefix to one subscription, and tells who else subscribes', async () => {
    const bus = createInProcessBus();
    const heard: string[] = [];
    const mine = (payload: string, channel: string) => heard.push(`${channel}=${payload}`);
    const theirs = () => undefined;
    const stop = bus.subscribePrefix!('user:', mine);
    await bus.publish('user:1', 'a');
    await bus.publish('user:22', 'b');
    await bus.publish('group:1', 'c');
    expect(heard).toEqual(['user:1=a', 'user:22=b']);
    expect(bus.hasSubscribers?.('user:9')).toBe(true);
    // Leaving the asker's own subscription out: nobody else.
    expect(bus.hasSubscribers?.('user:9', mine)).toBe(false);
    await bus.subscribe('user:9', theirs);
    expect(bus.hasSubscribers?.('user:9', mine)).toBe(true);
    const stopTheirs = bus.subscribePrefix!('user:', theirs);
    expect(bus.hasSubscribers?.('user:10', mine)).toBe(true);
    stopTheirs();
    expect(bus.hasSubscribers?.('user:10', mine)).toBe(false);
    stop();
    await bus.publish('user:1', 'd');
    expect(heard).toHaveLength(2);
    expect(bus.hasSubscribers?.('user:10')).toBe(false);
    await bus.close();
  });

  it('keeps delivering when one handler throws', async () => {
    const errors: string[] = [];
    const bus = createInProcessBus({ onHandlerError: (_error, channel) => errors.push(channel) });
    const ok = inbox();
    await bus.subscribe('c', () => {
      throw new Error('boom');
    });
    await bus.subscribe('c', ok.handler);
    await bus.publish('c', 'p');
    expect(ok.items).toEqual(['p']);
    expect(errors).toEqual(['c']);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('Redis bus', () => {
  const url = redisUrl ?? '';

  async function subscribersAtRedis(channel: string): Promise<number> {
    const probe = new Redis(url);
    try {
      const answer = (await probe.pubsub('NUMSUB', channel)) as [string, number];
      return Number(answer[1]);
    } finally {
      probe.disconnect();
    }
  }

  it('crosses processes: a publish on one bus reaches subscribers on another', async () => {
    const prefix = `test:${randomUUID()}:`;
    const one: Bus = createRedisBus(url, { prefix });
    const two: Bus = createRedisBus(url, { prefix });
    const received = inbox();
    await two.subscribe('user:7', received.handler);
    await one.publish('user:7', 'hello');
    await received.waitFor(1);
    expect(received.items).toEqual(['hello']);
    // Other processes subscribe on their own, so the bus cannot say a channel has nobody, nor
    // take a whole kind of channel in one subscription (every server would hear every user).
    expect(one.hasSubscribers).toBeUndefined();
    expect(one.subscribePrefix).toBeUndefined();
    await one.close();
    await two.close();
  });

  it('shares one SUBSCRIBE among local subscribers and drops it after the last leaves', async () => {
    const prefix = `test:${randomUUID()}:`;
    const bus = createRedisBus(url, { prefix });
    const channel = `${prefix}group:x`;
    const a = inbox();
    const b = inbox();
    const offA = await bus.subscribe('group:x', a.handler);
    const offB = await bus.subscribe('group:x', b.handler);
    expect(await subscribersAtRedis(channel)).toBe(1);
    await bus.publish('group:x', 'both');
    await Promise.all([a.waitFor(1), b.waitFor(1)]);
    await offA();
    expect(await subscribersAtRedis(channel)).toBe(1);
    await offB();
    expect(await subscribersAtRedis(channel)).toBe(0);
    // Racing leave and join settle on the wanted state.
    const c = inbox();
    const offC = bus.subscribe('group:x', c.handler);
    const offD = await bus.subscribe('group:x', () => undefined);
    await offD();
    await offC;
    expect(await subscribersAtRedis(channel)).toBe(1);
    await bus.publish('group:x', 'c');
    await c.waitFor(1);
    expect(c.items).toEqual(['c']);
    await bus.close();
  });

  it('takes a subscription back by channel and handler, and drops the SUBSCRIBE with the last', async () => {
    const prefix = `test:${randomUUID()}:`;
    const bus = createRedisBus(url, { prefix });
    const heard = inbox();
    const handler = (payload: string, channel: string) => heard.handler(`${channel}=${payload}`);
    await bus.subscribe('user:3', handler);
    await bus.subscribe('user:3', handler);
    await bus.publish('user:3', 'twice');
    await heard.waitFor(2);
    await bus.unsubscribe?.('user:3', handler);
    expect(await subscribersAtRedis(`${prefix}user:3`)).toBe(1);
    await bus.publish('user:3', 'once');
    await heard.waitFor(3);
    await bus.unsubscribe?.('user:3', handler);
    expect(await subscribersAtRedis(`${prefix}user:3`)).toBe(0);
    expect(heard.items).toEqual(['user:3=twice', 'user:3=twice', 'user:3=once']);
    await bus.close();
  });
});
