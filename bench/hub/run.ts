// Hub benchmark: N clients on loopback, one balance push per user per round, through the
// realtime hub and through a bare ws server as the baseline to beat.
//
//   flock /tmp/backlay-bench.lock npx tsx bench/hub/run.ts   (HUB_CLIENTS=9000 HUB_ROUNDS=5 by default)
//
// HUB_REPORT names the report file (default bench/reports/hub.json), so a quick run with a few
// clients need not replace the recorded figures. For looking into the server:
// HUB_HEAP_SNAPSHOT=dir writes a heap snapshot of each measured server once its clients are
// connected; HUB_CPU_PROF=dir writes CPU profiles of each measured server and of the load
// generator over the connects after the first third (steady state, no start-up), and
// HUB_ALLOC_PROF=dir an allocation profile of the server over the same connects (what its garbage
// is made of); read them with cpu-summary.ts. Server and load generator CPU per connect are always
// in the report: on a shared machine they move far less than the wall clock.
//
// Each client holds a socket on each side, so the shell needs about 2 x HUB_CLIENTS + 100 open
// files: raise it first if `ulimit -n` is lower (`ulimit -n 20000`).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { TokenService } from '../../apps/server/src/auth/tokens';
import { HttpConnection } from '../lib/http-client';
import { BENCH_SECRET, benchClaims } from './tokens';

const here = dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.HUB_CLIENTS ?? 9000);
const ROUNDS = Number(process.env.HUB_ROUNDS ?? 5);
const REPORT = process.env.HUB_REPORT;
const HEAP_SNAPSHOT_DIR = process.env.HUB_HEAP_SNAPSHOT;
const CPU_PROF_DIR = process.env.HUB_CPU_PROF;
const ALLOC_PROF_DIR = process.env.HUB_ALLOC_PROF;
/**
 * Hub clients use stateful reconnect as the web client does (withStatefulReconnect: negotiate asks
 * for it, the handshake is version 2, both sides acknowledge what they receive). HUB_STATEFUL=0
 * runs them without it, as the official client's default is.
 */
const STATEFUL = process.env.HUB_STATEFUL !== '0';
/**
 * The protocol floor (server.ts's floorServer: the same SignalR connect with no framework, state or
 * checks) runs after bare ws; HUB_FLOOR=0 leaves it out.
 */
const SKIP_FLOOR = process.env.HUB_FLOOR === '0';
/** What issue 18 asks of the hub, against the bare ws server measured in the same run. */
const GOALS = {
  connectionsHeld: 9000,
  rssPerConnectionOverBareWsAtMost: 1.2,
  connectSecondsOverBareWsAtMost: 2,
  pushP99MsBelow: 50,
};
const CONNECT_CONCURRENCY = 100;
const ROUND_TIMEOUT_MS = 30000;
/**
 * Paced rounds push to `batch` users every `everyMs` (20,000 pushes a second): what the push
 * latency goal is read on. A burst round pushes to every user at once; with thousands of clients
 * its tail is the load generator working through its backlog (bare ws's as much as the hub's), so
 * it is reported beside, as the time to reach everyone and its own latencies.
 */
const PACE = { batch: 500, everyMs: 25 };
/**
 * Memory per connection is the slope between two loaded figures, after the first third of the
 * clients and after all of them, each SETTLE_MS after its connects: what one more connection
 * costs. Against the idle server (also reported) the figure carries costs paid once, code compiled
 * on first use and the young generation's state, which move RSS by tens of MiB with timing.
 */
const FIRST_PART = 1 / 3;
/** The pause before each memory figure: past the clients' Ack (1 s) and the server's (its sweep, at most 1 s). */
const SETTLE_MS = 1500;
const WATCHDOG_MS = 10 * 60 * 1000;
const RS = '\x1e';
// CLOCK_MONOTONIC, which every process on the machine reads alike (timeOrigin + performance.now()
// may disagree between processes by a few milliseconds, enough to show negative latencies).
const now = () => Number(process.hrtime.bigint()) / 1e6;
type Mode = 'hub' | 'ws' | 'floor';

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, number>;
  residentSpaces: Record<string, number>;
  regions: { brk: number; anonymous: number; files: number } | null;
}
type ChildMessage =
  | { type: 'ready'; port: number; memory: Memory }
  | { type: 'measured'; memory: Memory; connections: number }
  | { type: 'counted'; connections: number }
  | { type: 'pushed'; sentAt: number[] }
  | { type: 'snapshot'; file: string }
  | { type: 'cpu'; ms: number }
  | { type: 'profiling' }
  | { type: 'profiled'; files: string[] };

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
    const execArgv = ['--import', 'tsx', '--expose-gc'];
    const child = new ServerChild(fork(join(here, 'server.ts'), [mode], { execArgv, stdio: 'inherit' }));
    const ready = await child.next('ready');
    return { child, ready: ready as Extract<ChildMessage, { type: 'ready' }> };
  }

  next(type: ChildMessage['type']): Promise<ChildMessage> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`server exited with ${String(code)}`));
      this.process.once('exit', exited);
      this.waiters.set(type, (message) => {
        this.process.off('exit', exited);
        resolve(message);
      });
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

/**
 * POST negotiate as the official client does (its headers, an empty text body), over keep-alive
 * connections as a browser reuses its own, with the lean HTTP/1.1 client of the load generators
 * (bench/lib/http-client.ts): real HTTP over TCP, at a fraction of node:http's CPU, so the load
 * generator leaves the shared cores to the server as a remote browser would.
 */
async function negotiate(connections: HttpConnection[], port: number, token: string): Promise<unknown> {
  const connection = connections.pop() ?? new HttpConnection('127.0.0.1', port);
  try {
    const answer = await connection.post(
      `/notify/negotiate?negotiateVersion=1${STATEFUL ? '&useStatefulReconnect=true' : ''}`,
      {
        authorization: `Bearer ${token}`,
        'x-requested-with': 'XMLHttpRequest',
        'x-signalr-user-agent':
          'Microsoft SignalR/10.0 (10.0.11; Unknown OS; Browser; Unknown Runtime Version)',
        'content-type': 'text/plain;charset=UTF-8',
      },
      '',
    );
    if (answer.status !== 200) throw new Error(`negotiate answered ${answer.status}`);
    return JSON.parse(answer.body);
  } finally {
    connections.push(connection);
  }
}

async function runMode(mode: Mode, clientCount = CLIENTS, measured = true) {
  const CLIENTS = clientCount;
  // A real client already holds its token when it connects: sign them before the clock starts.
  const signer = new TokenService(BENCH_SECRET, 3600);
  const tokens =
    mode !== 'ws'
      ? await Promise.all(
          Array.from({ length: CLIENTS }, async (_, i) => (await signer.signAccess(benchClaims(i))).token),
        )
      : [];
  const { child, ready } = await ServerChild.start(mode);
  const base = ready.memory;
  const recvAt: number[][] = Array.from({ length: 2 * ROUNDS + 1 }, () => new Array<number>(CLIENTS).fill(0));
  const received = new Array<number>(2 * ROUNDS + 1).fill(0);
  let roundDone: (() => void) | null = null;
  let currentRound = 0;

  function onFrame(index: number, frame: string): void {
    const at = now();
    const message = JSON.parse(frame) as { arguments: [{ Data: { Exposure: number } }] };
    const round = message.arguments[0].Data.Exposure;
    if (recvAt[round]![index] === 0) {
      recvAt[round]![index] = at;
      received[round]! += 1;
      if (round === currentRound && received[round] === CLIENTS) roundDone?.();
    }
  }

  function onFrames(index: number, text: string): void {
    if (index >= CLIENTS) return;
    for (const frame of text.split(RS)) if (frame.startsWith('{"type":1')) onFrame(index, frame);
  }

  // Hub clients keep the official client's timers (HubConnection, MessageBuffer): a ping every 15 s
  // (the server's client timeout is 30 s), each client on its own phase as real clients are (a
  // 150th of them every 100 ms, not all at once); and under stateful reconnect an Ack of what
  // they received, 1 s after the first message not yet acknowledged.
  const opened: WebSocket[] = [];
  const PING_SLOTS = 150;
  let pingTick = 0;
  const ackQueue: { state: HubClientState; at: number }[] = [];
  let ackHead = 0;
  // Acks are due 1 s after each client's first unacknowledged message, so they leave at the pace
  // the pushes came (checked every 10 ms, not in bursts of a 100 ms tick); pings every 100 ms.
  let tick = 0;
  const timers =
    mode !== 'ws'
      ? setInterval(() => {
          tick += 1;
          if (tick % 10 === 0) {
            pingTick = (pingTick + 1) % PING_SLOTS;
            for (let i = pingTick; i < opened.length; i += PING_SLOTS) {
              const socket = opened[i]!;
              if (socket.readyState === socket.OPEN) socket.send(`{"type":6}${RS}`);
            }
          }
          const due = now();
          while (ackHead < ackQueue.length && ackQueue[ackHead]!.at <= due) {
            const { state } = ackQueue[ackHead]!;
            ackHead += 1;
            state.ackPending = false;
            if (state.socket.readyState === state.socket.OPEN)
              state.socket.send(`{"type":8,"sequenceId":${state.received}}${RS}`);
          }
          if (ackHead > 4096 && ackHead * 2 > ackQueue.length) {
            ackQueue.splice(0, ackHead);
            ackHead = 0;
          }
        }, 10)
      : null;
  // Where a hub connect spends its time, summed over the clients: negotiate, upgrade, handshake, RegisterClient.
  const phaseMs = { negotiate: 0, upgrade: 0, handshake: 0, register: 0 };
  const httpConnections: HttpConnection[] = [];

  /** What a hub client tracks: its protocol step, and under stateful reconnect what it received. */
  interface HubClientState {
    socket: WebSocket;
    index: number;
    step: 'handshake' | 'register' | 'open';
    /** Messages numbered under stateful reconnect (invocations and completions) received so far. */
    received: number;
    ackPending: boolean;
    steppedAt: number;
    done: (() => void) | null;
  }

  function onHubFrames(this: WebSocket, data: Buffer): void {
    const { state } = this as WebSocket & { state: HubClientState };
    const text = data.toString('utf8');
    let start = 0;
    for (let end = text.indexOf(RS); end >= 0; start = end + 1, end = text.indexOf(RS, start)) {
      const frame = text.slice(start, end);
      if (state.step === 'handshake') {
        // The handshake answer; the official client sends nothing else before it (start() awaits it).
        if (frame !== '{}') throw new Error(`handshake refused: ${frame}`);
        const at = now();
        phaseMs.handshake += at - state.steppedAt;
        state.steppedAt = at;
        state.step = 'register';
        this.send(
          `{"type":1,"invocationId":"0","target":"RegisterClient","arguments":[{"Browser":"bench","Domain":"bench","CurrentPage":"/","Token":"${tokens[state.index]!}"}]}${RS}`,
        );
        continue;
      }
      const type = frame.startsWith('{"type":1,') ? 1 : frame.startsWith('{"type":3,') ? 3 : 0;
      if (STATEFUL && type !== 0) {
        state.received += 1;
        if (!state.ackPending) {
          state.ackPending = true;
          ackQueue.push({ state, at: now() + 1000 });
        }
      }
      if (state.step === 'register') {
        // The registration's own balance push comes before its completion: not a round's.
        if (type === 3 && frame.includes('"invocationId":"0"')) {
          if (frame.includes('"error"')) throw new Error(`RegisterClient refused: ${frame}`);
          phaseMs.register += now() - state.steppedAt;
          state.step = 'open';
          state.done?.();
          state.done = null;
        }
        continue;
      }
      if (type === 1) onFrame(state.index, frame);
    }
  }

  async function connectClient(i: number): Promise<Client> {
    if (mode === 'ws') {
      const socket = new WebSocket(`ws://127.0.0.1:${ready.port}/?user=${i}`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.on('message', (data: Buffer) => onFrames(i, data.toString('utf8')));
      return { socket };
    }
    const token = tokens[i]!;
    const started = now();
    const { connectionToken, useStatefulReconnect } = (await negotiate(
      httpConnections,
      ready.port,
      token,
    )) as {
      connectionToken: string;
      useStatefulReconnect?: boolean;
    };
    if (STATEFUL && useStatefulReconnect !== true)
      throw new Error('negotiate did not offer stateful reconnect');
    const negotiatedAt = now();
    phaseMs.negotiate += negotiatedAt - started;
    // The browser's path: the token in the query (it cannot set headers on a WebSocket).
    const socket = new WebSocket(
      `ws://127.0.0.1:${ready.port}/notify?id=${connectionToken}&access_token=${encodeURIComponent(token)}`,
    ) as WebSocket & { state: HubClientState };
    await new Promise<void>((resolve, reject) => {
      socket.state = {
        socket,
        index: i,
        step: 'handshake',
        received: 0,
        ackPending: false,
        steppedAt: negotiatedAt,
        done: resolve,
      };
      socket.once('error', reject);
      socket.once('open', () => {
        const at = now();
        phaseMs.upgrade += at - negotiatedAt;
        socket.state.steppedAt = at;
        opened.push(socket);
        socket.send(`{"protocol":"json","version":${STATEFUL ? 2 : 1}}${RS}`);
      });
      socket.on('message', onHubFrames);
    });
    return { socket };
  }

  // Connect the first part, measure, then the rest; the connect time leaves the pause out. CPU
  // time of both processes is read around each part (no GC forced inside), and the profiles
  // (HUB_CPU_PROF, HUB_ALLOC_PROF) cover the second part's connects only: steady state, no start-up.
  const cpu = { server: 0, loadGenerator: 0 };
  async function connectPart(first: number, count: number, profile: boolean): Promise<Client[]> {
    const serverBefore = (await child.request({ type: 'cpu' }, 'cpu')).ms;
    const ownBefore = process.cpuUsage();
    const started = now();
    const part = await pool<Client>(count, CONNECT_CONCURRENCY, (k) => connectClient(first + k));
    connectMs += now() - started;
    const own = process.cpuUsage(ownBefore);
    cpu.loadGenerator += (own.user + own.system) / 1000;
    cpu.server += (await child.request({ type: 'cpu' }, 'cpu')).ms - serverBefore;
    if (profile && ownSession) {
      const { profile: own } = await ownSession.post('Profiler.stop');
      ownSession.disconnect();
      const file = join(CPU_PROF_DIR!, `${mode}-${CLIENTS}-connect-load-generator.cpuprofile`);
      writeFileSync(file, JSON.stringify(own));
      console.log(`profile of the load generator: ${file}`);
    }
    if (profile) {
      const { files } = await child.request(
        {
          type: 'profile',
          action: 'stop',
          dir: CPU_PROF_DIR ?? ALLOC_PROF_DIR,
          name: `${mode}-${CLIENTS}-connect`,
        },
        'profiled',
      );
      for (const file of files) console.log(`profile of ${count} connects: ${file}`);
    }
    return part;
  }
  const firstPart = Math.round(CLIENTS * FIRST_PART);
  let connectMs = 0;
  const clients = await connectPart(0, firstPart, false);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const partial = await child.request({ type: 'measure' }, 'measured');
  const profile = measured && (CPU_PROF_DIR !== undefined || ALLOC_PROF_DIR !== undefined);
  // The load generator's own CPU profile of the same window, beside the server's.
  let ownSession: Session | null = null;
  if (profile && CPU_PROF_DIR !== undefined) {
    ownSession = new Session();
    ownSession.connect();
    await ownSession.post('Profiler.enable');
    await ownSession.post('Profiler.setSamplingInterval', { interval: 250 });
    await ownSession.post('Profiler.start');
  }
  if (profile) {
    await child.request(
      {
        type: 'profile',
        action: 'start',
        cpu: CPU_PROF_DIR !== undefined,
        allocations: ALLOC_PROF_DIR !== undefined,
      },
      'profiling',
    );
  }
  clients.push(...(await connectPart(firstPart, CLIENTS - firstPart, profile)));
  const connectSeconds = connectMs / 1000;
  for (const connection of httpConnections) connection.close();

  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const loaded = await child.request({ type: 'measure' }, 'measured');
  if (measured && HEAP_SNAPSHOT_DIR) {
    const { file } = await child.request(
      { type: 'snapshot', dir: HEAP_SNAPSHOT_DIR, name: `${mode}-${CLIENTS}` },
      'snapshot',
    );
    console.log(`heap snapshot: ${file}`);
  }

  const latencies: number[] = [];
  const burstLatencies: number[] = [];
  const roundMs: number[] = [];
  const pacedRoundMs: number[] = [];
  let missing = 0;
  // Round 0 warms up both sides and is not counted; rounds 1..ROUNDS are bursts, the next ROUNDS paced.
  for (let round = 0; round <= 2 * ROUNDS; round += 1) {
    currentRound = round;
    const paced = round > ROUNDS;
    const done = new Promise<boolean>((resolve) => {
      roundDone = () => resolve(true);
      setTimeout(() => resolve(false), ROUND_TIMEOUT_MS).unref();
    });
    const { sentAt } = await child.request(
      { type: 'push', round, clients: CLIENTS, pace: paced ? PACE : null },
      'pushed',
    );
    const complete = received[round] === CLIENTS || (await done);
    if (round === 0) continue;
    if (!complete) missing += CLIENTS - received[round]!;
    let last = 0;
    for (let i = 0; i < CLIENTS; i += 1) {
      const at = recvAt[round]![i]!;
      if (at === 0) continue;
      (paced ? latencies : burstLatencies).push(at - sentAt[i]!);
      last = Math.max(last, at);
    }
    (paced ? pacedRoundMs : roundMs).push(last - sentAt[0]!);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const held = await child.request({ type: 'count' }, 'counted');
  if (timers) clearInterval(timers);

  const open = clients.filter(({ socket }) => socket.readyState === socket.OPEN).length;
  for (const { socket } of clients) socket.terminate();
  await child.stop();

  latencies.sort((a, b) => a - b);
  burstLatencies.sort((a, b) => a - b);
  const added = CLIENTS - firstPart;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const round3 = (n: number) => Math.round(n * 1000) / 1000;
  return {
    connectionsHeld: held.connections,
    clientSocketsOpen: open,
    connectSeconds: round2(connectSeconds),
    // CPU milliseconds per connect (user + system) of the server and of the load generator, over
    // the connect windows: less noisy than the wall clock on a shared machine.
    connectCpuMsPerConnection: {
      server: round3(cpu.server / CLIENTS),
      loadGenerator: round3(cpu.loadGenerator / CLIENTS),
    },
    // Mean milliseconds of each step of one connect (hub only), with CONNECT_CONCURRENCY in flight.
    connectPhasesMs:
      mode !== 'ws'
        ? {
            negotiate: round2(phaseMs.negotiate / CLIENTS),
            upgrade: round2(phaseMs.upgrade / CLIENTS),
            handshake: round2(phaseMs.handshake / CLIENTS),
            register: round2(phaseMs.register / CLIENTS),
          }
        : null,
    memory: {
      baselineRssBytes: base.rss,
      partialRssBytes: partial.memory.rss,
      loadedRssBytes: loaded.memory.rss,
      // Per connection: the slope from the first part of the clients to all of them (FIRST_PART).
      rssPerConnectionBytes: Math.round((loaded.memory.rss - partial.memory.rss) / added),
      heapPerConnectionBytes: Math.round((loaded.memory.heapUsed - partial.memory.heapUsed) / added),
      heapCommittedPerConnectionBytes: Math.round(
        (loaded.memory.heapTotal - partial.memory.heapTotal) / added,
      ),
      externalPerConnectionBytes: Math.round((loaded.memory.external - partial.memory.external) / added),
      // The older reading, against the idle server: with the costs paid once in it.
      rssPerConnectionFromIdleBytes: Math.round((loaded.memory.rss - base.rss) / CLIENTS),
      heapPerConnectionFromIdleBytes: Math.round((loaded.memory.heapUsed - base.heapUsed) / CLIENTS),
      // Each heap space's committed bytes: idle, after the first part, loaded.
      baselineSpaces: base.spaces,
      partialSpaces: partial.memory.spaces,
      loadedSpaces: loaded.memory.spaces,
      // What of each space is resident (V8's physical size), after the first part and loaded.
      partialResidentSpaces: partial.memory.residentSpaces,
      loadedResidentSpaces: loaded.memory.residentSpaces,
      // RSS by kind of mapping (server.ts residentRegions), per connection like the slope above:
      // brk is the C heap's main arena, so what malloc keeps apart from V8's heap shows here.
      regionsPerConnectionBytes:
        partial.memory.regions && loaded.memory.regions
          ? {
              brk: Math.round((loaded.memory.regions.brk - partial.memory.regions.brk) / added),
              anonymous: Math.round(
                (loaded.memory.regions.anonymous - partial.memory.regions.anonymous) / added,
              ),
              files: Math.round((loaded.memory.regions.files - partial.memory.regions.files) / added),
            }
          : null,
    },
    // Paced pushes (PACE): from the server calling send for a user to that client receiving it.
    latencyMs: {
      pushesPerSecond: Math.round((PACE.batch * 1000) / PACE.everyMs),
      samples: latencies.length,
      missing,
      p50: round2(percentile(latencies, 50)),
      p99: round2(percentile(latencies, 99)),
      max: round2(latencies[latencies.length - 1] ?? Number.NaN),
    },
    pacedRoundMs: pacedRoundMs.map(round2),
    // Every user at once: the time until the last client had its push, and each push's latency.
    burstLatencyMs: {
      samples: burstLatencies.length,
      p50: round2(percentile(burstLatencies, 50)),
      p99: round2(percentile(burstLatencies, 99)),
      max: round2(burstLatencies[burstLatencies.length - 1] ?? Number.NaN),
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
  await runMode('ws', Math.min(CLIENTS, 1000), false);
  const hub = await runMode('hub');
  const ws = await runMode('ws');
  const floor = SKIP_FLOOR ? null : await runMode('floor');
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const hubOverBareWs = {
    rssPerConnection: ratio(hub.memory.rssPerConnectionBytes, ws.memory.rssPerConnectionBytes),
    heapPerConnection: ratio(hub.memory.heapPerConnectionBytes, ws.memory.heapPerConnectionBytes),
    connectSeconds: ratio(hub.connectSeconds, ws.connectSeconds),
    latencyP50: ratio(hub.latencyMs.p50, ws.latencyMs.p50),
    latencyP99: ratio(hub.latencyMs.p99, ws.latencyMs.p99),
    burstLatencyP99: ratio(hub.burstLatencyMs.p99, ws.burstLatencyMs.p99),
  };
  // The protocol floor against bare ws: what the SignalR connect's round trips cost any server
  // here; and the hub against the floor: what is the hub's own.
  const floorOverBareWs = floor && {
    rssPerConnection: ratio(floor.memory.rssPerConnectionBytes, ws.memory.rssPerConnectionBytes),
    heapPerConnection: ratio(floor.memory.heapPerConnectionBytes, ws.memory.heapPerConnectionBytes),
    connectSeconds: ratio(floor.connectSeconds, ws.connectSeconds),
    serverCpuPerConnect: ratio(floor.connectCpuMsPerConnection.server, ws.connectCpuMsPerConnection.server),
  };
  const hubOverFloor = floor && {
    rssPerConnection: ratio(hub.memory.rssPerConnectionBytes, floor.memory.rssPerConnectionBytes),
    heapPerConnection: ratio(hub.memory.heapPerConnectionBytes, floor.memory.heapPerConnectionBytes),
    connectSeconds: ratio(hub.connectSeconds, floor.connectSeconds),
    serverCpuPerConnect: ratio(hub.connectCpuMsPerConnection.server, floor.connectCpuMsPerConnection.server),
  };
  const goalsMet = {
    connectionsHeld:
      CLIENTS >= GOALS.connectionsHeld &&
      hub.connectionsHeld >= GOALS.connectionsHeld &&
      hub.latencyMs.missing === 0,
    rssPerConnection: hubOverBareWs.rssPerConnection <= GOALS.rssPerConnectionOverBareWsAtMost,
    connectSeconds: hubOverBareWs.connectSeconds <= GOALS.connectSecondsOverBareWsAtMost,
    pushP99: hub.latencyMs.p99 < GOALS.pushP99MsBelow,
  };
  const report = {
    benchmark: 'hub',
    date: new Date().toISOString(),
    clients: CLIENTS,
    rounds: ROUNDS,
    stateful: STATEFUL,
    node: process.version,
    cpu: `${availableParallelism()} x ${cpus()[0]?.model ?? 'unknown'}`,
    // Latency on a shared machine moves with whatever else runs; this says how busy it was.
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    notes:
      'Server in a child process. Memory per connection (RSS, heap after GC): the slope between the figures after ' +
      "the first third of the clients and after all, each 1.5 s after connecting (past both sides' acknowledgements), so costs paid once (code " +
      'compiled on first use, the young generation growing) stay out; the reading against the idle server is kept ' +
      'as *FromIdle*. Latency: from the server calling ' +
      'send for a user to that client receiving the frame, across processes on one clock. The hub path is ' +
      'negotiate + WebSocket + handshake + RegisterClient with a JWT (the token in the query and in RegisterClient, as the ' +
      "web client sends it; verified by the app's TokenService as app.ts wires it), pushes through sendToUser and the in-process bus. " +
      'Hub clients do what the web client does with the official client: negotiate asking for stateful reconnect, the ' +
      'version 2 handshake, RegisterClient only once the handshake is answered, an Ack 1 s after what they received, a ' +
      "ping every 15 s; the server answers each RegisterClient with the player's balance, as app.ts does (stateful: false " +
      'is HUB_STATEFUL=0, without stateful reconnect). ' +
      'Both servers send the same wire frame (the push encoded with the contract schema). Tokens are signed before ' +
      'the connect clock starts, as a real client already holds one. Ratios are hub / bare ws, measured in the same run.',
    goals: GOALS,
    goalsMet: { ...goalsMet, all: Object.values(goalsMet).every(Boolean) },
    hub,
    bareWs: ws,
    hubOverBareWs,
    floor,
    floorOverBareWs,
    hubOverFloor,
  };
  const reportPath = REPORT ?? join(here, '..', 'reports', 'hub.json');
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

  const row = (name: string, r: typeof hub) =>
    `${name.padEnd(8)} held ${String(r.connectionsHeld).padStart(6)}  rss/conn ${String(r.memory.rssPerConnectionBytes).padStart(7)} B  ` +
    `heap/conn ${String(r.memory.heapPerConnectionBytes).padStart(7)} B  p50 ${String(r.latencyMs.p50).padStart(7)} ms  ` +
    `p99 ${String(r.latencyMs.p99).padStart(7)} ms  burst p99 ${String(r.burstLatencyMs.p99).padStart(7)} ms  ` +
    `missing ${r.latencyMs.missing}  connect ${r.connectSeconds} s`;
  console.log(row('hub', hub));
  console.log(row('bare ws', ws));
  if (floor) console.log(row('floor', floor));
  console.log('hub / bare ws:', JSON.stringify(report.hubOverBareWs));
  if (floor) {
    console.log('floor / bare ws:', JSON.stringify(floorOverBareWs));
    console.log('hub / floor:', JSON.stringify(hubOverFloor));
  }
  console.log('goals met:', JSON.stringify(report.goalsMet));
  console.log(`report: ${reportPath}`);
  clearTimeout(watchdog);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
