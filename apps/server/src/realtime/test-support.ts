// Shared helpers for the hub's tests: a listening server with the plugin, signed test tokens,
// and the official client.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import * as signalR from '@microsoft/signalr';
import WebSocket from 'ws';
import { userBalancePush, type ServerPushWire } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { createInProcessBus, type Bus } from '../platform/bus';
import { realtimeHub, type RealtimeHubOptions } from './plugin';

const secret = new TextEncoder().encode('hub-test-secret-not-used-anywhere-else');
export const ALLOWED_ORIGIN = 'http://allowed.example';

export async function signToken(userId: string, expiresAt?: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(expiresAt ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(secret);
}

export async function expiredToken(userId: string): Promise<string> {
  return signToken(userId, Math.floor(Date.now() / 1000) - 60);
}

export async function authenticate(token: string): Promise<{ userId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? { userId: payload.sub } : null;
  } catch {
    return null;
  }
}

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:port/notify */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export async function startHubServer(
  overrides: Partial<RealtimeHubOptions> & { bus?: Bus } = {},
): Promise<TestServer> {
  // The client's fetch may hold a connection with no request on it, which a plain close waits for.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(realtimeHub, {
    path: '/notify',
    bus: overrides.bus ?? createInProcessBus(),
    authenticate,
    isOriginAllowed: (origin) => origin === ALLOWED_ORIGIN,
    ...overrides,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { app, url: `${origin}/notify`, origin, close: () => app.close() };
}

export interface ClientOptions {
  transport: signalR.HttpTransportType;
  stateful?: boolean;
  token?: string;
  automaticReconnect?: boolean;
}

export function buildClient(url: string, options: ClientOptions): signalR.HubConnection {
  const { token } = options;
  let builder = new signalR.HubConnectionBuilder()
    .withUrl(url, {
      transport: options.transport,
      ...(token ? { accessTokenFactory: () => token } : {}),
    })
    .configureLogging(signalR.LogLevel.None);
  if (options.stateful) builder = builder.withStatefulReconnect();
  if (options.automaticReconnect) builder = builder.withAutomaticReconnect([0, 0, 0]);
  return builder.build();
}

/** Collects what arrives through the client method `Message`; waits for a count, never a time. */
export function collectMessages(connection: signalR.HubConnection) {
  const items: unknown[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  connection.on('Message', (message: unknown) => {
    items.push(message);
    for (const waiter of [...waiters]) {
      if (items.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return {
    items,
    waitFor(count: number): Promise<void> {
      if (items.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

export async function until(check: () => boolean, pollMs = 5): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, pollMs));
}

export const RS = '\x1e';

/** A raw WebSocket speaking the JSON hub protocol by hand, as a browser would. */
export class RawClient {
  readonly frames: string[] = [];
  private buffer = '';
  private waiters: { match: (frame: string) => boolean; resolve: (frame: string) => void }[] = [];
  closed: Promise<{ code: number }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.buffer += data.toString('utf8');
      const parts = this.buffer.split(RS);
      this.buffer = parts.pop() ?? '';
      for (const part of parts) {
        this.frames.push(part);
        for (const waiter of [...this.waiters]) {
          if (waiter.match(part)) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(part);
          }
        }
      }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code: number) => resolve({ code })));
  }

  static connect(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once('open', () => resolve(new RawClient(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(...messages: (object | string)[]): void {
    this.socket.send(messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)) + RS).join(''));
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** The first frame, seen or still to come, that matches. */
  next(match: (frame: string) => boolean): Promise<string> {
    const seen = this.frames.find(match);
    if (seen !== undefined) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => {
      this.waiters.push({
        match,
        resolve: (frame) => {
          this.frames.splice(this.frames.indexOf(frame), 1);
          resolve(frame);
        },
      });
    });
  }

  nextOfType(type: number): Promise<Record<string, unknown>> {
    return this.next((frame) => {
      try {
        return (JSON.parse(frame) as { type?: number }).type === type;
      } catch {
        return false;
      }
    }).then((frame) => JSON.parse(frame) as Record<string, unknown>);
  }

  async handshake(version = 1): Promise<void> {
    this.send({ protocol: 'json', version });
    const answer = await this.next(() => true);
    if (answer !== '{}') throw new Error(`Handshake failed: ${answer}`);
  }

  close(): void {
    this.socket.terminate();
  }
}

export async function negotiate(
  url: string,
  query = 'negotiateVersion=1',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${url}/negotiate?${query}`, { method: 'POST', headers });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

export function wsUrl(url: string, query: string): string {
  return `${url.replace(/^http/, 'ws')}?${query}`;
}

/** Rupees as paise; a figure with a fraction of a paisa stays fractional, so the hub must refuse it. */
function rupeesAsPaise(rupees: number): Paise {
  const p = rupees * 100;
  return (Math.abs(p - Math.round(p)) < 1e-6 ? Math.round(p) : p) as Paise;
}

/** A UserBalance push as the server holds it (paise), from rupee figures. */
export const balance = (Balance: number, Exposure = 0) =>
  userBalancePush({ Balance: rupeesAsPaise(Balance), Exposure: rupeesAsPaise(Exposure) });

/** The same push as a client receives it: the contract's codec has turned the paise into rupees. */
export const balanceOnWire = (Balance: number, Exposure = 0): ServerPushWire => ({
  Code: 'UserBalance',
  Data: { Balance, Exposure },
});
