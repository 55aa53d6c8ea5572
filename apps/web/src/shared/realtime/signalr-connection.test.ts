import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the official client that records what the connection service asks of it. */
const calls = vi.hoisted(() => ({
  builder: {} as Record<string, unknown[]>,
  invoked: [] as { method: string; arg: unknown }[],
  starts: 0,
  stops: 0,
  failHeartbeat: false,
  /** How many of the next starts, and of the next RegisterClient calls, fail. */
  failStarts: 0,
  failRegisters: 0,
  handlers: {} as Record<string, (arg: unknown) => void>,
  /** The onclose handler of the latest connection: the library calls it when it gives up. */
  close: null as ((error?: Error) => void) | null,
}));

vi.mock('@microsoft/signalr', () => {
  class FakeConnection {
    on(name: string, handler: (arg: unknown) => void) {
      calls.handlers[name] = handler;
    }
    onreconnecting() {}
    onreconnected() {}
    onclose(handler: (error?: Error) => void) {
      calls.close = handler;
    }
    async start() {
      calls.starts += 1;
      if (calls.failStarts > 0) {
        calls.failStarts -= 1;
        throw new Error('server down');
      }
    }
    async stop() {
      calls.stops += 1;
    }
    async invoke(method: string, arg: unknown) {
      calls.invoked.push({ method, arg });
      if (method === 'SendHeartbeat' && calls.failHeartbeat) throw new Error('gone');
      if (method === 'RegisterClient' && calls.failRegisters > 0) {
        calls.failRegisters -= 1;
        throw new Error('refused');
      }
    }
  }
  class HubConnectionBuilder {
    withUrl(...args: unknown[]) {
      calls.builder.withUrl = args;
      return this;
    }
    withAutomaticReconnect(...args: unknown[]) {
      calls.builder.withAutomaticReconnect = args;
      return this;
    }
    withServerTimeout(...args: unknown[]) {
      calls.builder.withServerTimeout = args;
      return this;
    }
    withKeepAliveInterval(...args: unknown[]) {
      calls.builder.withKeepAliveInterval = args;
      return this;
    }
    withStatefulReconnect(...args: unknown[]) {
      calls.builder.withStatefulReconnect = args;
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      return new FakeConnection();
    }
  }
  return { HubConnectionBuilder, LogLevel: { None: 6 } };
});

import { SignalRConnection } from './signalr-connection';

const info = { Browser: 'test', Domain: 'localhost', CurrentPage: '/inplay', Token: 't' };

describe('the realtime connection service', () => {
  let token: string | null;
  beforeEach(() => {
    vi.useFakeTimers();
    token = 'tok';
    calls.invoked = [];
    calls.starts = 0;
    calls.stops = 0;
    calls.failHeartbeat = false;
    calls.failStarts = 0;
    calls.failRegisters = 0;
    calls.close = null;
  });

  const registrations = () => calls.invoked.filter((i) => i.method === 'RegisterClient').length;
  afterEach(() => vi.useRealTimers());

  const make = (log = vi.fn()) =>
    new SignalRConnection({
      hubUrl: () => 'http://localhost/notify',
      accessToken: () => token,
      clientInfo: () => info,
      groupBy: () => '42',
      log,
    });

  it('builds the client with the section 9 constants', async () => {
    const c = make();
    await c.start();
    expect(calls.builder.withUrl?.[0]).toBe('http://localhost/notify');
    expect((calls.builder.withUrl?.[1] as { timeout: number }).timeout).toBe(100_000);
    expect(calls.builder.withAutomaticReconnect?.[0]).toEqual([0, 2000, 10000, 30000]);
    expect(calls.builder.withServerTimeout?.[0]).toBe(30_000);
    expect(calls.builder.withKeepAliveInterval?.[0]).toBe(15_000);
    expect(calls.builder.withStatefulReconnect?.[0]).toEqual({ bufferSize: 100_000 });
    expect(c.state).toBe('Connected');
    await c.stop();
  });

  it('registers on connect and sends a heartbeat every 20 s while a token exists', async () => {
    const c = make();
    await c.start();
    expect(calls.invoked).toEqual([{ method: 'RegisterClient', arg: info }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.invoked[1]).toEqual({ method: 'SendHeartbeat', arg: { ...info, GroupBy: '42' } });
    token = null;
    await vi.advanceTimersByTimeAsync(40_000);
    expect(calls.invoked.filter((i) => i.method === 'SendHeartbeat')).toHaveLength(1);
    await c.stop();
  });

  it('a failed heartbeat restarts the connection and registers again', async () => {
    const c = make();
    await c.start();
    calls.failHeartbeat = true;
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.waitFor(() => expect(calls.starts).toBe(2));
    expect(calls.stops).toBe(1);
    expect(calls.invoked.filter((i) => i.method === 'RegisterClient')).toHaveLength(2);
    await c.stop();
  });

  it('a failed RegisterClient restarts the connection and registers again (section 8)', async () => {
    const log = vi.fn();
    const c = make(log);
    calls.failRegisters = 1;
    await c.start();
    expect(log).toHaveBeenCalledWith('RegisterClient failed; restarting', expect.any(Error));
    await vi.waitFor(() => expect(registrations()).toBe(2));
    expect(calls.starts).toBe(2);
    expect(calls.stops).toBe(1);
    expect(c.state).toBe('Connected');
    // Registered now, so the heartbeat runs.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.invoked.at(-1)?.method).toBe('SendHeartbeat');
    await c.stop();
  });

  it('a connection the client library gave up on is restarted after 0, 2, 10, 30 s and then every 30 s while the page is open', async () => {
    const c = make();
    await c.start();
    // A long outage: the library's own reconnects failed and it closed; the next five starts fail too.
    calls.failStarts = 5;
    calls.close?.(new Error('Server timeout elapsed'));
    expect(c.state).toBe('Disconnected');
    for (const [delay, starts] of [
      [0, 2],
      [2_000, 3],
      [10_000, 4],
      [30_000, 5],
      [30_000, 6],
    ] as const) {
      expect(calls.starts).toBe(starts - 1);
      if (delay > 0) {
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(calls.starts).toBe(starts - 1);
      }
      await vi.advanceTimersByTimeAsync(delay > 0 ? 1 : 0);
      expect(calls.starts).toBe(starts);
      expect(c.state).toBe('Disconnected');
    }
    // The server is back: the next try, 30 s on, connects and registers.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.starts).toBe(7);
    expect(c.state).toBe('Connected');
    expect(registrations()).toBe(2);
    // Registered, the delays start over: a close now is retried at once.
    calls.close?.(new Error('gone again'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.starts).toBe(8);
    expect(c.state).toBe('Connected');
    await c.stop();
  });

  it('a first start that fails keeps trying; stop() ends the tries', async () => {
    const c = make();
    calls.failStarts = 2;
    await c.start();
    expect(c.state).toBe('Disconnected');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.starts).toBe(3);
    expect(c.state).toBe('Connected');
    expect(registrations()).toBe(1);

    calls.failStarts = 100;
    calls.close?.(new Error('gone'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.starts).toBe(5);
    await c.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.starts).toBe(5);
    expect(c.state).toBe('Disconnected');
  });

  it('passes parsed messages on and logs and ignores unparseable ones', async () => {
    const log = vi.fn();
    const c = make(log);
    const seen: unknown[] = [];
    c.onMessage((m) => seen.push(m));
    await c.start();
    calls.handlers.Message?.({ Code: 'UserBalance', Data: { Balance: 10, Exposure: -2 } });
    calls.handlers.Message?.('{"Code":"UserBalance","Data":{"Balance":11,"Exposure":0}}');
    calls.handlers.Message?.('{broken');
    // Rupees on the wire, paise once parsed.
    expect(seen).toEqual([
      { Code: 'UserBalance', Data: { Balance: 1000, Exposure: -200 } },
      { Code: 'UserBalance', Data: { Balance: 1100, Exposure: 0 } },
    ]);
    expect(log).toHaveBeenCalledWith('ignored an unparseable message', '{broken');
    await c.stop();
  });

  it('ignores and logs pushes that do not match the contract, and passes the next good one on', async () => {
    const log = vi.fn();
    const c = make(log);
    const seen: unknown[] = [];
    c.onMessage((m) => seen.push(m));
    await c.start();
    const malformed = [
      { Code: 'UserBalance', Data: { Balance: '10', Exposure: 0 } },
      { Code: 'UserBalance', Data: { Balance: 10.001, Exposure: 0 } },
      { Code: 'OddsChange', Data: { kind: 'change', version: 'x' } },
      { Code: 'OddsSnapshot', Data: { kind: 'change' } },
      { Code: 'Bonus', Data: { amount: 1 } },
      '{"Code":"UserBalance"}',
    ];
    for (const raw of malformed) calls.handlers.Message?.(raw);
    calls.handlers.Message?.({ Code: 'UserBalance', Data: { Balance: 12, Exposure: 0 } });
    expect(seen).toEqual([{ Code: 'UserBalance', Data: { Balance: 1200, Exposure: 0 } }]);
    for (const raw of malformed) expect(log).toHaveBeenCalledWith('ignored an unparseable message', raw);
    await c.stop();
  });

  it('login restarts: the old connection stops and a new one registers', async () => {
    const c = make();
    const states: string[] = [];
    c.onStateChange((s) => states.push(s));
    await c.start();
    await c.restart();
    expect(calls.stops).toBe(1);
    expect(calls.starts).toBe(2);
    expect(states).toEqual([
      'Connecting',
      'Connected',
      'Disconnecting',
      'Disconnected',
      'Connecting',
      'Connected',
    ]);
    await c.stop();
  });
});
