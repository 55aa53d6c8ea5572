// The server side of the hub benchmark, run as a child process so its memory is measured alone.
// Mode 'hub' serves the realtime hub plugin; mode 'ws' a bare ws server pushing the same frames.
import { writeFileSync } from 'node:fs';
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

const mode = process.argv[2] === 'ws' ? 'ws' : 'hub';
// CLOCK_MONOTONIC, which every process on the machine reads alike (timeOrigin + performance.now()
// may disagree between processes by a few milliseconds, enough to show negative latencies).
const now = () => Number(process.hrtime.bigint()) / 1e6;

function send(message: object): void {
  process.send?.(message);
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
