// Hub benchmark: N clients on loopback, one balance push per user per round, through the
// realtime hub and through a bare ws server as the baseline to beat.
//
//   npx tsx bench/hub/run.ts            (HUB_CLIENTS=5000 HUB_ROUNDS=5 by default)
//
// HUB_REPORT names the report file (default bench/reports/hub.json), so a quick run with a few
// clients need not replace the recorded figures.
//
// Each client holds a socket on each side, so the shell needs about 2 x HUB_CLIENTS + 100 open
// files: raise it first if `ulimit -n` is lower (`ulimit -n 20000`).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import WebSocket from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.HUB_CLIENTS ?? 5000);
const ROUNDS = Number(process.env.HUB_ROUNDS ?? 5);
const REPORT = process.env.HUB_REPORT;
const CONNECT_CONCURRENCY = 100;
const ROUND_TIMEOUT_MS = 30000;
const WATCHDOG_MS = 10 * 60 * 1000;
const RS = '\x1e';
const SECRET = new TextEncoder().encode('hub-bench-secret-not-used-anywhere-else');
const now = () => performance.timeOrigin + performance.now();
type Mode = 'hub' | 'ws';

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
type ChildMessage =
  | { type: 'ready'; port: number; memory: Memory }
  | { type: 'measured'; memory: Memory; connections: number }
  | { type: 'counted'; connections: number }
  | { type: 'pushed'; sentAt: number[] };

class ServerChild {
  private waiters = new Map<string, (message: ChildMessage) => void>();
  private constructor(readonly process: ChildProcess) {
    process.on('message', (message: ChildMessage) => {
      const waiter = this.waiters.get(message.type);
      if (waiter) {
        this.waiters.delete(message.type);
        waiter(message);
      }
    });
  }

  static async start(
    mode: Mode,
  ): Promise<{ child: ServerChild; ready: Extract<ChildMessage, { type: 'ready' }> }> {
    const child = new ServerChild(
      fork(join(here, 'server.ts'), [mode], {
        execArgv: ['--import', 'tsx', '--expose-gc'],
        stdio: 'inherit',
      }),
    );
    const ready = await child.next('ready');
    return { child, ready: ready as Extract<ChildMessage, { type: 'ready' }> };
  }

  next(type: ChildMessage['type']): Promise<ChildMessage> {
    return new Promise((resolve, reject) => {
      this.waiters.set(type, resolve);
      this.process.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    });
  }

  async request<T extends ChildMessage['type']>(
    command: object,
    reply: T,
  ): Promise<Extract<ChildMessage, { type: T }>> {
    const answer = this.next(reply);
    this.process.send(command);
    return (await answer) as Extract<ChildMessage, { type: T }>;
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
    this.process.send({ type: 'stop' });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (this.process.exitCode === null) this.process.kill('SIGKILL');
  }
}

interface Client {
  socket: WebSocket;
}

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function runMode(mode: Mode, clientCount = CLIENTS) {
  const CLIENTS = clientCount;
  const { child, ready } = await ServerChild.start(mode);
  const base = ready.memory;
  const recvAt: number[][] = Array.from({ length: ROUNDS + 1 }, () => new Array<number>(CLIENTS).fill(0));
  const received = new Array<number>(ROUNDS + 1).fill(0);
  let roundDone: (() => void) | null = null;
  let currentRound = 0;

  function onFrames(index: number, text: string): void {
    for (const frame of text.split(RS)) {
      if (!frame.startsWith('{"type":1')) continue;
      const at = now();
      const message = JSON.parse(frame) as { arguments: [{ Data: { Exposure: number } }] };
      const round = message.arguments[0].Data.Exposure;
      if (recvAt[round]![index] === 0) {
        recvAt[round]![index] = at;
        received[round]! += 1;
        if (round === currentRound && received[round] === CLIENTS) roundDone?.();
      }
    }
  }

  const connectStarted = now();
  const clients = await pool<Client>(CLIENTS, CONNECT_CONCURRENCY, async (i) => {
    if (mode === 'ws') {
      const socket = new WebSocket(`ws://127.0.0.1:${ready.port}/?user=${i}`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.on('message', (data: Buffer) => onFrames(i, data.toString('utf8')));
      return { socket };
    }
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(`u${i}`)
      .setExpirationTime('1h')
      .sign(SECRET);
    const negotiated = await fetch(`http://127.0.0.1:${ready.port}/notify/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const socket = new WebSocket(
      `ws://127.0.0.1:${ready.port}/notify?id=${connectionToken}&access_token=${encodeURIComponent(token)}`,
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(
          `{"protocol":"json","version":1}${RS}` +
            `{"type":1,"invocationId":"1","target":"RegisterClient","arguments":[{"Browser":"bench","Domain":"bench","CurrentPage":"/"}]}${RS}`,
        );
      });
      socket.on('message', function first(data: Buffer) {
        const text = data.toString('utf8');
        if (text.includes('"invocationId":"1"')) {
          socket.off('message', first);
          socket.on('message', (more: Buffer) => onFrames(i, more.toString('utf8')));
          resolve();
        }
      });
    });
    return { socket };
  });
  const connectSeconds = (now() - connectStarted) / 1000;

  // Hub clients ping like the official client, so the server's client timeout never fires.
  const pinger =
    mode === 'hub'
      ? setInterval(() => {
          for (const { socket } of clients)
            if (socket.readyState === socket.OPEN) socket.send(`{"type":6}${RS}`);
        }, 10000)
      : null;

  await new Promise((resolve) => setTimeout(resolve, 500));
  const loaded = await child.request({ type: 'measure' }, 'measured');

  const latencies: number[] = [];
  const roundMs: number[] = [];
  let missing = 0;
  // Round 0 warms up both sides and is not counted.
  for (let round = 0; round <= ROUNDS; round += 1) {
    currentRound = round;
    const done = new Promise<boolean>((resolve) => {
      roundDone = () => resolve(true);
      setTimeout(() => resolve(false), ROUND_TIMEOUT_MS).unref();
    });
    const { sentAt } = await child.request({ type: 'push', round, clients: CLIENTS }, 'pushed');
    const complete = received[round] === CLIENTS || (await done);
    if (round === 0) continue;
    if (!complete) missing += CLIENTS - received[round]!;
    let last = 0;
    for (let i = 0; i < CLIENTS; i += 1) {
      const at = recvAt[round]![i]!;
      if (at === 0) continue;
      latencies.push(at - sentAt[i]!);
      last = Math.max(last, at);
    }
    roundMs.push(last - sentAt[0]!);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const held = await child.request({ type: 'count' }, 'counted');
  if (pinger) clearInterval(pinger);

  const open = clients.filter(({ socket }) => socket.readyState === socket.OPEN).length;
  for (const { socket } of clients) socket.terminate();
  await child.stop();

  latencies.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    connectionsHeld: held.connections,
    clientSocketsOpen: open,
    connectSeconds: round2(connectSeconds),
    memory: {
      baselineRssBytes: base.rss,
      loadedRssBytes: loaded.memory.rss,
      rssPerConnectionBytes: Math.round((loaded.memory.rss - base.rss) / CLIENTS),
      heapPerConnectionBytes: Math.round((loaded.memory.heapUsed - base.heapUsed) / CLIENTS),
    },
    latencyMs: {
      samples: latencies.length,
      missing,
      p50: round2(percentile(latencies, 50)),
      p99: round2(percentile(latencies, 99)),
      max: round2(latencies[latencies.length - 1] ?? Number.NaN),
    },
    roundMs: roundMs.map(round2),
  };
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`hub bench: gave up after ${WATCHDOG_MS / 1000} s`);
    process.exit(1);
  }, WATCHDOG_MS);
  console.log(`hub bench: ${CLIENTS} clients, ${ROUNDS} rounds of one balance push per user, loopback`);
  // A short discarded run first, so neither measured side pays for the load generator's warm-up.
  await runMode('ws', Math.min(CLIENTS, 1000));
  const hub = await runMode('hub');
  const ws = await runMode('ws');
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const report = {
    benchmark: 'hub',
    date: new Date().toISOString(),
    clients: CLIENTS,
    rounds: ROUNDS,
    node: process.version,
    cpu: `${availableParallelism()} x ${cpus()[0]?.model ?? 'unknown'}`,
    // Latency on a shared machine moves with whatever else runs; this says how busy it was.
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    notes:
      'Server in a child process (RSS/heap after GC, minus its idle baseline). Latency: from the server calling ' +
      'send for a user to that client receiving the frame, across processes on one clock. The hub path is ' +
      'negotiate + WebSocket + handshake + RegisterClient with a JWT, pushes through sendToUser and the in-process bus.',
    hub,
    bareWs: ws,
    hubOverBareWs: {
      rssPerConnection: ratio(hub.memory.rssPerConnectionBytes, ws.memory.rssPerConnectionBytes),
      heapPerConnection: ratio(hub.memory.heapPerConnectionBytes, ws.memory.heapPerConnectionBytes),
      latencyP50: ratio(hub.latencyMs.p50, ws.latencyMs.p50),
      latencyP99: ratio(hub.latencyMs.p99, ws.latencyMs.p99),
    },
  };
  const reportPath = REPORT ?? join(here, '..', 'reports', 'hub.json');
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

  const row = (name: string, r: typeof hub) =>
    `${name.padEnd(8)} held ${String(r.connectionsHeld).padStart(6)}  rss/conn ${String(r.memory.rssPerConnectionBytes).padStart(7)} B  ` +
    `heap/conn ${String(r.memory.heapPerConnectionBytes).padStart(7)} B  p50 ${String(r.latencyMs.p50).padStart(7)} ms  ` +
    `p99 ${String(r.latencyMs.p99).padStart(7)} ms  missing ${r.latencyMs.missing}  connect ${r.connectSeconds} s`;
  console.log(row('hub', hub));
  console.log(row('bare ws', ws));
  console.log('hub / bare ws:', JSON.stringify(report.hubOverBareWs));
  console.log(`report: ${reportPath}`);
  clearTimeout(watchdog);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
