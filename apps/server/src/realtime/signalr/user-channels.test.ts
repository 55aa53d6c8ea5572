import { describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus, type BusHandler } from '../../platform/bus';
import type { Transport } from './connection';
import { SignalRHub } from './hub';

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** An in-process bus whose user-channel subscriptions wait until the test lets them through. */
function slowBus() {
  const inner = createInProcessBus();
  const waiting: (() => void)[] = [];
  const log: string[] = [];
  const bus: Bus = {
    publish: (channel, payload) => inner.publish(channel, payload),
    subscribe: async (channel, handler: BusHandler) => {
      if (channel.includes(':user:')) {
        log.push(`subscribe ${channel}`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return inner.subscribe(channel, handler);
    },
    unsubscribe: async (channel, handler) => {
      if (channel.includes(':user:')) log.push(`unsubscribe ${channel}`);
      await inner.unsubscribe(channel, handler);
    },
    hasSubscribers: (channel) => inner.hasSubscribers?.(channel) ?? true,
    close: () => inner.close(),
  };
  return { bus, log, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

function transport(): Transport & { written: string[] } {
  const written: string[] = [];
  return { kind: 'WebSockets', written, write: (frames) => written.push(frames), end: () => undefined };
}

async function startHub(bus: Bus) {
  const hub = new SignalRHub({
    bus,
    channelPrefix: 'hub:t:',
    logger: quiet,
    newCallState: () => ({}),
    keepAliveMs: 15000,
    clientTimeoutMs: 30000,
    reconnectGraceMs: 15000,
    maxMessageBytes: 32768,
    handshakeTimeoutMs: 15000,
    replayBufferBytes: 1 << 20,
    groupCommandTimeoutMs: 1000,
  });
  await hub.start();
  /** A connection of the user that sent its handshake; `answered` says when it was answered. */
  const connect = (userId: string) => {
    const conn = hub.createConnection({ userId }, false, 1);
    const socket = transport();
    hub.attach(conn, socket);
    hub.receive(conn, '{"protocol":"json","version":1}\x1e');
    return { conn, socket, answered: () => socket.written.includes('{}\x1e') };
  };
  return { hub, connect };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("a user's bus channel", () => {
  it('is subscribed once for connections arriving together, each answered once it is in place', async () => {
    const { bus, log, release } = slowBus();
    const { hub, connect } = await startHub(bus);
    const a = connect('u1');
    const b = connect('u1');
    await tick();
    expect(log).toEqual(['subscribe hub:t:user:u1']);
    expect([a.answered(), b.answered()]).toEqual([false, false]);
    release();
    await tick();
    expect([a.answered(), b.answered()]).toEqual([true, true]);
    await hub.send({ user: 'u1' }, 'Message', [1]);
    expect(a.socket.written.at(-1)).toContain('"arguments":[1]');
    expect(b.socket.written.at(-1)).toContain('"arguments":[1]');
    hub.close(a.conn);
    expect(log).toEqual(['subscribe hub:t:user:u1']);
    hub.close(b.conn);
    expect(log).toEqual(['subscribe hub:t:user:u1', 'unsubscribe hub:t:user:u1']);
    expect(hub.mayReach({ user: 'u1' })).toBe(false);
    await hub.stop();
  });

  it('is dropped when everyone left while it was subscribing, and kept when someone came back', async () => {
    const { bus, log, release } = slowBus();
    const { hub, connect } = await startHub(bus);
    const gone = connect('u2');
    await tick();
    hub.close(gone.conn);
    release();
    await tick();
    expect(log).toEqual(['subscribe hub:t:user:u2']);
    expect(hub.mayReach({ user: 'u2' })).toBe(false);

    const first = connect('u3');
    await tick();
    hub.close(first.conn);
    const back = connect('u3');
    await tick();
    release();
    await tick();
    expect(back.answered()).toBe(true);
    // One subscription, kept for the connection that came back.
    expect(log.filter((line) => line.endsWith('u3'))).toEqual(['subscribe hub:t:user:u3']);
    await hub.send({ user: 'u3' }, 'Message', [3]);
    expect(back.socket.written.at(-1)).toContain('"arguments":[3]');
    await hub.stop();
  });

  it('costs nothing per user on a bus of this process: one subscription serves every user', async () => {
    const bus = createInProcessBus();
    const { hub, connect } = await startHub(bus);
    const a = connect('u4');
    await tick();
    expect(a.answered()).toBe(true);
    // No channel of the user's own on the bus: only the hub's one subscription of every user.
    expect(bus.hasSubscribers?.('hub:t:user:u4')).toBe(true);
    await bus.publish('hub:t:user:u4', '\n{"x":1}\u001e');
    expect(a.socket.written.at(-1)).toBe('{"x":1}\u001e');
    expect(hub.mayReach({ user: 'u4' })).toBe(true);
    expect(hub.mayReach({ user: 'u5' })).toBe(false);
    // A second hub on the same bus may hold the user: then a push is made and published.
    const other = await startHub(bus);
    expect(other.hub.mayReach({ user: 'u4' })).toBe(true);
    await other.hub.send({ user: 'u4' }, 'Message', [4]);
    expect(a.socket.written.at(-1)).toContain('"arguments":[4]');
    hub.close(a.conn);
    expect(hub.mayReach({ user: 'u4' })).toBe(true);
    await other.hub.stop();
    expect(hub.mayReach({ user: 'u4' })).toBe(false);
    await hub.stop();
    expect(bus.hasSubscribers?.('hub:t:user:u4')).toBe(false);
  });
});
