// The server side of the hub benchmark, run as a child process so its memory is measured alone.
// Mode 'hub' serves the realtime hub plugin; mode 'ws' a bare ws server pushing the same frames;
// mode 'floor' the least any server can do to speak the same SignalR connect to the same clients
// (see floorServer).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import Fastify from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { userBalancePush } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { TokenService } from '../../apps/server/src/auth/tokens';
import { createInProcessBus } from '../../apps/server/src/platform/bus';
import { encodeServerPush } from '../../apps/server/src/realtime/hub';
import { realtimeHub } from '../../apps/server/src/realtime/plugin';
import { BENCH_SECRET, benchClaims } from './tokens';

type Command =
  | { type: 'measure' }
  | { type: 'push'; round: number; clients: number; pace: { batch: number; everyMs: number } | null }
  | { type: 'count' }
  | { type: 'snapshot'; dir: string; name: string }
  | { type: 'cpu' }
  | { type: 'profile'; action: 'start'; cpu: boolean; allocations: boolean }
  | { type: 'profile'; action: 'stop'; dir: string; name: string }
  | { type: 'stop' };

const mode = process.argv[2] === 'ws' || process.argv[2] === 'floor' ? process.argv[2] : 'hub';
// CLOCK_MONOTONIC, which every process on the machine reads alike (timeOrigin + performance.now()
// may disagree between processes by a few milliseconds, enough to show negative latencies).
const now = () => Number(process.hrtime.bigint()) / 1e6;

function send(message: object): void {
  process.send?.(message);
}

/**
 * Where RSS sits by kind of mapping (Linux's /proc/self/smaps, in bytes): `brk` is the C heap's
 * main arena (malloc's memory for the main thread), `anonymous` every other private mapping (V8's
 * heap pages, other threads' malloc arenas, large mallocs), `files` code and data mapped from files.
 * Null where /proc is not there.
 */
function residentRegions(): { brk: number; anonymous: number; files: number } | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const regions = { brk: 0, anonymous: 0, files: 0 };
  let kind: keyof typeof regions = 'anonymous';
  for (const line of text.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1] ?? '';
      kind = name === '[heap]' ? 'brk' : name === '' || name.startsWith('[') ? 'anonymous' : 'files';
    } else if (line.startsWith('Rss:')) {
      regions[kind] += Number(line.slice(4).trim().split(/\s+/)[0]) * 1024;
    }
  }
  return regions;
}

function measure() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  // Where the heap's share of RSS sits: what each space has committed, and what of it is resident.
  const spaces: Record<string, number> = {};
  const residentSpaces: Record<string, number> = {};
  for (const space of getHeapSpaceStatistics()) {
    spaces[space.space_name] = space.space_size;
    residentSpaces[space.space_name] = space.physical_space_size;
  }
  return {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    spaces,
    residentSpaces,
    regions: residentRegions(),
  };
}

/** The round rides in Exposure, so the client tells the rounds apart (whole rupees on the wire). */
function balancePush(i: number, round: number) {
  return userBalancePush({ Balance: wholeRupees(i), Exposure: wholeRupees(round) });
}

/** This process's CPU time so far, user and system, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Profiles a window of the run through the inspector (the connects of the clients after the first
 * part): a CPU profile, and a sampling allocation profile that keeps what the GC collected too, so
 * it shows where the garbage of a connect comes from.
 */
const profiler = {
  session: null as Session | null,
  cpu: false,
  allocations: false,
  async start(cpu: boolean, allocations: boolean) {
    const session = new Session();
    session.connect();
    this.session = session;
    this.cpu = cpu;
    this.allocations = allocations;
    if (cpu) {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 250 });
      await session.post('Profiler.start');
    }
    if (allocations) {
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
  },
  async stop(dir: string, name: string): Promise<string[]> {
    const session = this.session;
    if (!session) return [];
    const files: string[] = [];
    if (this.cpu) {
      const { profile } = await session.post('Profiler.stop');
      const file = join(dir, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      files.push(file);
    }
    if (this.allocations) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      const file = join(dir, `${name}.heapprofile`);
      writeFileSync(file, JSON.stringify(profile));
      files.push(file);
    }
    session.disconnect();
    this.session = null;
    return files;
  },
};

const RS = '\x1e';
const NEGOTIATE_PATH = '/notify/negotiate';

/**
 * The protocol floor: what the hub's clients need from a server and nothing more, on node:http and
 * ws with no framework, no state beyond a socket per user, and no checks. Negotiate answers a fixed
 * body with a counter for the connection token (no token verified); the upgrade is accepted without
 * looking at the connection token; the user is read from the access token's payload without
 * checking its signature (only to address the pushes); the handshake is answered `{}`, and
 * RegisterClient with the balance push and its completion in one frame; pings and Acks are read and
 * dropped. No SignalR server that authenticates and keeps its promises can cost less per connect:
 * the bench reports it beside the hub and bare ws, so what the protocol's extra round trips cost
 * on this machine is measured rather than argued.
 */
async function floorServer() {
  const sockets = new Map<number, WebSocket>();
  let nextToken = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith(NEGOTIATE_PATH)) {
        res.writeHead(404, { 'content-length': 0 }).end();
        return;
      }
      nextToken += 1;
      const body =
        `{"connectionId":"c${nextToken}","negotiateVersion":1,"connectionToken":"t${nextToken}",` +
        '"availableTransports":[{"transport":"WebSockets","transferFormats":["Text","Binary"]}],' +
        '"useStatefulReconnect":true}';
      res
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        })
        .end(body);
    });
  });
  const wss = new WebSocketServer({ noServer: true, clientTracking: false });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const token = url.searchParams.get('access_token') ?? '';
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    const user = Number(payload.sub) - 1;
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(user, ws);
      let handshaken = false;
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (!handshaken) {
          handshaken = true;
          ws.send(`{}${RS}`);
          return;
        }
        if (!text.includes('"RegisterClient"')) return;
        const wire = encodeServerPush(balancePush(user, 0));
        ws.send(
          `${JSON.stringify({ type: 1, target: 'Message', arguments: [wire] })}${RS}` +
            `{"type":3,"invocationId":"0","result":null}${RS}`,
        );
      });
      ws.on('close', () => sockets.delete(user));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    push(i: number, round: number) {
      const wire = encodeServerPush(balancePush(i, round));
      sockets.get(i)?.send(`${JSON.stringify({ type: 1, target: 'Message', arguments: [wire] })}${RS}`);
    },
    count: () => sockets.size,
    async stop() {
      for (const socket of sockets.values()) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function main(): Promise<void> {
  let push: (i: number, round: number) => void;
  let count: () => number;
  let stop: () => Promise<void>;
  let port: number;

  if (mode === 'hub') {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    const tokens = new TokenService(BENCH_SECRET, 3600);
    await app.register(realtimeHub, {
      path: '/notify',
      bus: createInProcessBus(),
      isOriginAllowed: () => true,
      // As app.ts wires it: the app's TokenService, with its cache of verified tokens.
      authenticate: async (token) => {
        const verified = await tokens.verifyAccess(token);
        return verified.ok
          ? { userId: String(verified.claims.userId), sessionId: String(verified.claims.sessionId) }
          : null;
      },
    });
    // As app.ts does: every RegisterClient of a player's connection is answered with the player's
    // balance as it is now (the app reads the wallet; here it is the bench's round 0 balance).
    app.hub.onClientRegistered(async ({ connectionId, userId }) => {
      if (userId === null) return;
      await app.hub.sendToConnection(connectionId, balancePush(Number(userId) - 1, 0));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    push = (i, round) => {
      void app.hub.sendToUser(String(benchClaims(i).userId), balancePush(i, round));
    };
    count = () => app.hub.connectionCount();
    stop = () => app.close();
  } else if (mode === 'floor') {
    const floor = await floorServer();
    ({ port, push, count, stop } = floor);
  } else {
    const sockets = new Map<number, WebSocket>();
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, clientTracking: false });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    wss.on('connection', (socket, request) => {
      const user = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('user'));
      sockets.set(user, socket);
      socket.on('close', () => sockets.delete(user));
    });
    port = (wss.address() as AddressInfo).port;
    push = (i, round) => {
      // The same bytes the hub writes: the push encoded with the contract's schema (rupees on the wire).
      const wire = encodeServerPush(balancePush(i, round));
      const frame = `${JSON.stringify({ type: 1, target: 'Message', arguments: [wire] })}\x1e`;
      sockets.get(i)?.send(frame);
    };
    count = () => sockets.size;
    stop = async () => {
      for (const socket of sockets.values()) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    };
  }

  process.on('message', (command: Command) => {
    switch (command.type) {
      case 'measure':
        send({ type: 'measured', memory: measure(), connections: count() });
        break;
      case 'count':
        send({ type: 'counted', connections: count() });
        break;
      case 'cpu':
        send({ type: 'cpu', ms: cpuMs() });
        break;
      case 'profile':
        if (command.action === 'start') {
          void profiler.start(command.cpu, command.allocations).then(() => send({ type: 'profiling' }));
        } else {
          void profiler.stop(command.dir, command.name).then((files) => send({ type: 'profiled', files }));
        }
        break;
      case 'snapshot':
        send({
          type: 'snapshot',
          file: writeHeapSnapshot(join(command.dir, `${command.name}.heapsnapshot`)),
        });
        break;
      case 'push': {
        // All at once (a burst), or `batch` users every `everyMs` (a steady rate).
        const { clients, round, pace } = command;
        const sentAt = new Array<number>(clients);
        const batch = pace?.batch ?? clients;
        const pushFrom = (first: number) => {
          for (let i = first; i < Math.min(clients, first + batch); i += 1) {
            sentAt[i] = now();
            push(i, round);
          }
          if (first + batch < clients) setTimeout(() => pushFrom(first + batch), pace?.everyMs ?? 0);
          else send({ type: 'pushed', sentAt });
        };
        pushFrom(0);
        break;
      }
      case 'stop':
        void stop().then(() => process.exit(0));
        break;
    }
  });
  // Gone with the load generator, even when it dies without saying stop.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port, memory: measure() });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
