// Bet benchmark (issue 18): bets accepted per second and latency on PostgreSQL with 64 concurrent
// players on zero-delay markets, with the casino wallet's load beside them (bench/casino-wallet, 64
// players of its own, started at the same moment against the same PostgreSQL server), and then
// pgbench's simple-update TPS (-N) on the same machine in the same run as the physical limit.
// BENCH_ROUNDS (3) rounds of the two, one after the other: a round's ratio compares bets and
// pgbench a minute apart, and the round of the median ratio is reported (with every round's
// figures beside it), so one noisy minute on a shared machine neither hides nor fakes a change.
//
//   npx tsx bench/bets/run.ts     (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test)
//
// Creates fresh databases on that server for the run and drops them afterwards. Knobs:
// BENCH_PLAYERS (64), BENCH_SECONDS (15), BENCH_WARMUP_SECONDS (5), BENCH_POOL (24),
// BENCH_RESTING_SHARE (0.1): the share of orders asked at a price not offered, which rest unmatched
// (issue 13; docs/exchange-matching.md). They are reported apart from the bets matched at once
// (`resting`); `betsPerSecond` counts every accepted order. After the run the prices move to
// reach every resting order and `restingMatch` times the feed owner matching them all; then the
// books are checked (every order's rows, every market's exposure recomputed from its bets, the
// wallets, the ledger). BENCH_WITH_CASINO=0 runs the bets alone (the report says so: the goals are
// judged with the casino beside). The report names each goal with whether it was met.
// With the casino beside, each round also runs pgbench -N a second time with the casino's load
// beside it, started as beside the bets (BENCH_PGBENCH_BESIDE=0 leaves it out): the cheapest
// transaction there is, in the goal's conditions. Its TPS against pgbench alone is what the casino
// takes from the machine, measured rather than argued.
// BENCH_PROF=dir writes the bet server's CPU profile of the measured window alone
// (dir/bets-window.cpuprofile; read it with bench/hub/cpu-summary.ts, --per the bets accepted).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { marketExposure } from '@backlay/exchange';
import pg from 'pg';
import { positionOf, type StoredBet } from '../../apps/server/src/betting/positions';
import { MARKET_COUNT, RESTING, RUNNERS, type ServerMessage, type ServerStats } from './shared';
import { HttpConnection } from '../lib/http-client';
import { machineWindow } from '../lib/machine';
import { percentile } from '../lib/percentile';
import { pgbenchTps } from '../lib/pgbench';
import { sampleWaits, type WaitSummary } from '../lib/pg-waits';
import { BASE_URL, databaseUrl, withAdmin } from '../lib/scratch-postgres';

const here = dirname(fileURLToPath(import.meta.url));
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const RESTING_SHARE = Number(process.env.BENCH_RESTING_SHARE ?? 0.1);
const RESTING_MATCH_TIMEOUT_MS = 120_000;
const WITH_CASINO = process.env.BENCH_WITH_CASINO !== '0';
const WITH_PGBENCH_BESIDE = WITH_CASINO && process.env.BENCH_PGBENCH_BESIDE !== '0';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The goals of issue 18: at least pgbench's TPS, a p99 of at most 25 ms, with the casino beside. */
const GOAL_RATIO = 1.0;
const GOAL_P99_MS = 25;
const r2 = (n: number) => Math.round(n * 100) / 100;

interface Answer {
  status: number;
  /** The error's code when refused. */
  code: string | null;
  /** PlaceBetResult.status when accepted (MATCHED, PARTIALLY_MATCHED, UNMATCHED); null from a server before issue 13. */
  orderStatus: string | null;
}

/** Whether the n-th order of player i rests: a fixed spread of RESTING_SHARE of the orders. */
function rests(i: number, n: number): boolean {
  const h = (Math.imul(n, 2654435761) ^ Math.imul(i + 1, 40503)) >>> 0;
  return h % 1000 < RESTING_SHARE * 1000;
}

/** Latency and outcome of one kind of order (placed at once, or asked to rest). */
class Tally {
  readonly latencies: number[] = [];
  readonly statuses = new Map<string, number>();
  readonly refusals = new Map<string, number>();
  accepted = 0;
  add(ms: number, answer: Answer): void {
    this.latencies.push(ms);
    if (answer.status === 200) {
      this.accepted += 1;
      const status = answer.orderStatus ?? 'unknown';
      this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    } else {
      const code = answer.code ?? String(answer.status);
      this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
    }
  }
  summary(): Record<string, unknown> {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      orders: this.latencies.length,
      accepted: this.accepted,
      perSecond: Math.round((this.accepted / SECONDS) * 10) / 10,
      statuses: Object.fromEntries(this.statuses),
      refused: Object.fromEntries(this.refusals),
      latencyMs: {
        p50: Math.round(percentile(sorted, 50) * 100) / 100,
        p90: Math.round(percentile(sorted, 90) * 100) / 100,
        p99: Math.round(percentile(sorted, 99) * 100) / 100,
        max: Math.round((sorted.at(-1) ?? Number.NaN) * 100) / 100,
      },
    };
  }
}

/** The answer of PlaceBetV2 as the benchmark reads it. */
function answerOf(status: number, text: string): Answer {
  let code: string | null = null;
  let orderStatus: string | null = null;
  try {
    const parsed = JSON.parse(text) as {
      error?: { code?: string };
      result?: { status?: unknown } | null;
    };
    if (status !== 200) code = parsed.error?.code ?? null;
    else if (typeof parsed.result?.status === 'string') orderStatus = parsed.result.status;
  } catch {
    code = 'unparsable';
  }
  return { status, code, orderStatus };
}

/** A player's connection: Node's http.Agent, or (BENCH_HTTP_CLIENT=lean, the default) bench/lib's lean client. */
function placer(port: number, token: string): { place(body: string): Promise<Answer>; close(): void } {
  if (process.env.BENCH_HTTP_CLIENT === 'node') {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    return {
      place: (body) =>
        new Promise((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/Bet/PlaceBetV2',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                authorization: `Bearer ${token}`,
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve(answerOf(res.statusCode ?? 0, Buffer.concat(chunks).toString())));
            },
          );
          req.on('error', reject);
          req.end(body);
        }),
      close: () => agent.destroy(),
    };
  }
  const connection = new HttpConnection('127.0.0.1', port);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return {
    place: async (body) => {
      const answer = await connection.post('/Bet/PlaceBetV2', headers, body);
      return answerOf(answer.status, answer.body);
    },
    close: () => connection.close(),
  };
}

/** Rows still resting: UNMATCHED rows and their stake (0 from a server before issue 13). */
async function unmatched(db: pg.Client): Promise<{ rows: number; stakePaise: number }> {
  const r = await db.query<{ n: string; stake: string | null }>(
    `select count(*) as n, sum(stake_paise) as stake from bets where status = 'UNMATCHED'`,
  );
  return { rows: Number(r.rows[0]?.n ?? 0), stakePaise: Number(r.rows[0]?.stake ?? 0) };
}

/**
 * After the run: move every market's prices to reach the resting orders and time the feed owner
 * matching them all (polling the database every 100 ms, so the time is to within 0.1 s).
 */
async function matchResting(child: ReturnType<typeof fork>, db: pg.Client): Promise<Record<string, unknown>> {
  const before = await unmatched(db).catch((err: unknown) => ({ error: String(err) }));
  if ('error' in before) return { skipped: before.error };
  if (before.rows === 0) return { skipped: 'no resting orders' };
  const crossed = new Promise<void>((resolve) => {
    const on = (m: ServerMessage) => {
      if (m.type !== 'crossed') return;
      child.off('message', on);
      resolve();
    };
    child.on('message', on);
  });
  const t0 = performance.now();
  child.send({ type: 'cross' });
  await crossed;
  let left = before;
  while (left.rows > 0 && performance.now() - t0 < RESTING_MATCH_TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 100));
    left = await unmatched(db);
  }
  const seconds = (performance.now() - t0) / 1000;
  const matchedOrders = before.rows - left.rows;
  return {
    restingOrders: before.rows,
    matched: matchedOrders,
    stillResting: left.rows,
    seconds: Math.round(seconds * 100) / 100,
    ordersPerSecond: Math.round((matchedOrders / seconds) * 10) / 10,
    timedOut: left.rows > 0,
  };
}

/** What the combined run does at the moments of the bet run: the servers are ready, the window opens and closes. */
interface RunHooks {
  /** Awaited once the bet server is ready, before the clock starts (the casino's load starts with it). */
  ready?: (database: string) => Promise<void>;
  windowStart?: () => void;
  windowEnd?: () => void;
}

/**
 * Where every account's balance is read: the ledger's view (a house account summed over its
 * stripes, migration 0020), or the accounts themselves on a server from before it.
 */
async function balancesRelation(db: pg.Client): Promise<string> {
  const r = await db.query<{ v: string | null }>(`select to_regclass('ledger_account_balances')::text as v`);
  return r.rows[0]?.v ? 'ledger_account_balances' : '(select id as account_id, balance from ledger_accounts)';
}

interface OrderRow {
  user_id: string;
  market_id: string;
  side: StoredBet['side'];
  runner_id: string | null;
  price_hundredths: string | null;
  rate: string | null;
  line: string | null;
  stake_paise: string;
  status: string;
}

/**
 * The books after the run: the orders the clients were told were placed are the orders stored,
 * every (player, market) exposure is what @backlay/exchange computes from its stored bets (matched
 * and resting), each wallet's exposure is the sum of its markets' and fits its cash, and the ledger
 * balances with every account equal to its lines.
 */
async function betBooks(db: pg.Client, acceptedWithWarmUp: number): Promise<Record<string, unknown>> {
  const orders = Number(
    (await db.query<{ n: string }>('select count(*) as n from bets where id = order_id')).rows[0]?.n ?? 0,
  );
  const rows = await db.query<OrderRow>(
    `select user_id, market_id, side, runner_id, price_hundredths, rate, line, stake_paise, status
       from bets where status in ('MATCHED', 'UNMATCHED')`,
  );
  const positions = new Map<string, { bets: StoredBet[]; unmatched: StoredBet[] }>();
  for (const r of rows.rows) {
    const key = `${r.user_id}|${r.market_id}`;
    const p = positions.get(key) ?? { bets: [], unmatched: [] };
    const bet: StoredBet = {
      side: r.side,
      runnerId: r.runner_id === null ? null : Number(r.runner_id),
      priceHundredths: r.price_hundredths === null ? null : Number(r.price_hundredths),
      rate: r.rate === null ? null : Number(r.rate),
      line: r.line === null ? null : Number(r.line),
      stakePaise: Number(r.stake_paise) as StoredBet['stakePaise'],
    };
    (r.status === 'MATCHED' ? p.bets : p.unmatched).push(bet);
    positions.set(key, p);
  }
  const stored = await db.query<{ user_id: string; market_id: string; exposure_paise: string }>(
    'select user_id, market_id, exposure_paise from market_exposures',
  );
  let exposureMismatches = 0;
  const storedKeys = new Set<string>();
  for (const e of stored.rows) {
    const key = `${e.user_id}|${e.market_id}`;
    storedKeys.add(key);
    const p = positions.get(key) ?? { bets: [], unmatched: [] };
    const runnerIds = RUNNERS.map((r) => r.id);
    const expected = marketExposure(positionOf('MATCH_ODDS', runnerIds, p.bets, p.unmatched));
    if (expected !== Number(e.exposure_paise)) exposureMismatches += 1;
  }
  const positionsWithoutExposureRow = [...positions.keys()].filter((k) => !storedKeys.has(k)).length;
  const walletDrift = await db.query<{ n: string }>(
    `select count(*) as n from wallets w
       left join (select user_id, sum(exposure_paise) as s from market_exposures group by user_id) e on e.user_id = w.user_id
      where w.exposure <> coalesce(e.s, 0)`,
  );
  const overdrawn = await db.query<{ n: string }>(
    `select count(*) as n from wallets w join ledger_accounts a on a.id = w.cash_account_id where a.balance - w.exposure < 0`,
  );
  const ledger = await db.query<{ total: string | null }>('select sum(amount) as total from journal_lines');
  const accountDrift = await db.query<{ n: string }>(
    `select count(*) as n from ${await balancesRelation(db)} b
      where b.balance <> coalesce((select sum(amount) from journal_lines l where l.account_id = b.account_id), 0)`,
  );
  const check = {
    ordersStored: orders,
    ordersAcceptedByClients: acceptedWithWarmUp,
    positions: positions.size,
    exposureMismatches,
    positionsWithoutExposureRow,
    walletsDriftingFromMarkets: Number(walletDrift.rows[0]?.n ?? 0),
    walletsOverdrawn: Number(overdrawn.rows[0]?.n ?? 0),
    ledgerSumPaise: Number(ledger.rows[0]?.total ?? 0),
    accountsDriftingFromLines: Number(accountDrift.rows[0]?.n ?? 0),
  };
  const ok =
    check.ordersStored === check.ordersAcceptedByClients &&
    check.exposureMismatches === 0 &&
    check.positionsWithoutExposureRow === 0 &&
    check.walletsDriftingFromMarkets === 0 &&
    check.walletsOverdrawn === 0 &&
    check.ledgerSumPaise === 0 &&
    check.accountsDriftingFromLines === 0;
  return { ok, ...check };
}

async function betRun(hooks: RunHooks = {}): Promise<Record<string, unknown>> {
  const name = `backlay_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const child = fork(join(here, 'server.ts'), [databaseUrl(name), String(PLAYERS)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  try {
    const ready = await new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
      child.once('message', (m: ServerMessage) =>
        m.type === 'ready' ? resolve(m) : reject(new Error('bad start')),
      );
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    await hooks.ready?.(name);
    let seq = 0;
    const started = performance.now();
    const warmupEnds = started + WARMUP_SECONDS * 1000;
    const ends = warmupEnds + SECONDS * 1000;
    const latencies: number[] = [];
    const refusals = new Map<string, number>();
    const atOnce = new Tally();
    const resting = new Tally();
    let accepted = 0;
    let acceptedWithWarmUp = 0;
    let errors = 0;
    let clientCpu = process.cpuUsage();
    let clientCpuAt = performance.now();
    let clientUsed = { user: 0, system: 0 };
    let clientWallMs = 1;

    const player = async (i: number) => {
      const connection = placer(ready.port, ready.tokens[i] as string);
      let n = 0;
      while (performance.now() < ends) {
        n += 1;
        const market = (i + n) % MARKET_COUNT;
        const runner = RUNNERS[n % RUNNERS.length] as (typeof RUNNERS)[number];
        const backing = n % 2 === 0;
        const rest = rests(i, n);
        const asked = backing ? RESTING.back : RESTING.lay;
        const body = JSON.stringify({
          requestId: `bench-${i}-${++seq}-${n}`,
          type: backing ? 1 : 2,
          rate: rest ? asked.rate : backing ? runner.back[0] : runner.lay[0],
          stake: 100 + (n % 5) * 100,
          runnerId: rest ? asked.runnerId : runner.id,
          marketId: `b.${market}`,
          eventId: 7000 + market,
          persistence: 'keep',
        });
        const t0 = performance.now();
        let answer: Answer;
        try {
          answer = await connection.place(body);
        } catch {
          errors += 1;
          continue;
        }
        const t1 = performance.now();
        if (answer.status === 200) acceptedWithWarmUp += 1;
        if (t0 < warmupEnds) continue;
        if (t1 > ends) break;
        latencies.push(t1 - t0);
        (rest ? resting : atOnce).add(t1 - t0, answer);
        if (answer.status === 200) accepted += 1;
        else {
          const code = answer.code ?? String(answer.status);
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
        }
      }
      connection.close();
    };
    const marker = setTimeout(() => {
      child.send({ type: 'mark' });
      clientCpu = process.cpuUsage();
      clientCpuAt = performance.now();
      hooks.windowStart?.();
    }, warmupEnds - performance.now());
    const statsAtEnd = new Promise<ServerStats>((resolve) => {
      setTimeout(() => {
        child.once('message', (m: ServerMessage) =>
          resolve(m.type === 'stats' ? m.stats : { wallMs: 0, userCpuMs: 0, systemCpuMs: 0 }),
        );
        child.send({ type: 'stats' });
        clientUsed = process.cpuUsage(clientCpu);
        clientWallMs = performance.now() - clientCpuAt;
        hooks.windowEnd?.();
      }, ends - performance.now());
    });
    await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(i)));
    clearTimeout(marker);
    const serverStats = await statsAtEnd;
    latencies.sort((a, b) => a - b);
    const db = new pg.Client({ connectionString: databaseUrl(name) });
    await db.connect();
    const counted = Number((await db.query<{ n: string }>('select count(*) as n from bets')).rows[0]?.n ?? 0);
    const restingMatch = await matchResting(child, db);
    const books = await betBooks(db, acceptedWithWarmUp);
    await db.end();
    const serverCpuMs = serverStats.userCpuMs + serverStats.systemCpuMs;
    const clientCpuMs = (clientUsed.user + clientUsed.system) / 1000;
    return {
      seconds: SECONDS,
      players: PLAYERS,
      markets: MARKET_COUNT,
      accepted,
      refused: Object.fromEntries(refusals),
      transportErrors: errors,
      betsInDatabaseWithWarmUp: counted,
      betsPerSecond: Math.round((accepted / SECONDS) * 10) / 10,
      restingShare: RESTING_SHARE,
      atOnce: atOnce.summary(),
      resting: resting.summary(),
      restingMatch,
      serverCpu: {
        busyShareOfOneCore: r2(serverCpuMs / serverStats.wallMs),
        msPerBet: Math.round((serverCpuMs / Math.max(1, accepted)) * 1000) / 1000,
        systemShare: r2(serverStats.systemCpuMs / Math.max(1, serverCpuMs)),
      },
      clientCpu: {
        busyShareOfOneCore: r2(clientCpuMs / clientWallMs),
        msPerBet: Math.round((clientCpuMs / Math.max(1, accepted)) * 1000) / 1000,
      },
      latencyMs: {
        p50: r2(percentile(latencies, 50)),
        p90: r2(percentile(latencies, 90)),
        p99: r2(percentile(latencies, 99)),
        max: r2(latencies.at(-1) ?? Number.NaN),
      },
      books,
    };
  } finally {
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/**
 * The casino wallet's benchmark as a companion process: `go` waits until it is ready, starts its
 * load and answers its database's name; `result` is its figures once its run is over.
 */
function casinoCompanion(): {
  child: ChildProcess;
  go: () => Promise<string>;
  result: Promise<Record<string, unknown>>;
} {
  const child = fork(join(here, '..', 'casino-wallet', 'run.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_COMPANION: '1', BENCH_PLAYERS: String(PLAYERS) },
    stdio: 'inherit',
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`casino companion exited with ${code}`)));
  });
  const ready = Promise.race([
    new Promise<string>((resolve) => {
      const on = (m: { type: string; database?: string }) => {
        if (m.type !== 'ready') return;
        child.off('message', on);
        resolve(m.database ?? '');
      };
      child.on('message', on);
    }),
    exited,
  ]);
  const result = Promise.race([
    new Promise<Record<string, unknown>>((resolve) => {
      const on = (m: { type: string; wallet?: Record<string, unknown> }) => {
        if (m.type !== 'result') return;
        child.off('message', on);
        resolve(m.wallet ?? {});
      };
      child.on('message', on);
    }),
    exited,
  ]);
  ready.catch(() => undefined);
  result.catch(() => undefined);
  const go = async () => {
    const database = await ready;
    child.send({ type: 'go' });
    return database;
  };
  return { child, go, result };
}

/** The companion's run passed: its books exact, no error or rollback outcome it did not expect. */
function casinoRunPassed(wallet: Record<string, unknown>): boolean {
  const books = wallet.consistency as { ok: boolean } | undefined;
  return books?.ok === true && wallet.unexpectedErrors === 0 && wallet.unexpectedRollbackOutcomes === 0;
}

/** a / b to three places; null without a b. */
function ratioOf(a: number, b: number | null): number | null {
  return b ? Math.round((a / b) * 1000) / 1000 : null;
}

/**
 * pgbench -N with the casino's load beside it: the companion started as beside the bets (its 64
 * players, its warm-up), then pgbench's clock for as long as the casino's measured window. What the
 * casino leaves of the two cores to the cheapest transaction there is.
 */
async function pgbenchBesideCasino(): Promise<{
  tps: number | null;
  casinoCallsPerSecond: number | null;
  casinoPassed: boolean;
  error?: string;
}> {
  const casino = casinoCompanion();
  let started = false;
  const pgbench = await pgbenchTps(PLAYERS, SECONDS, {
    beforeRun: async () => {
      await casino.go();
      started = true;
      await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    },
  });
  if (!started) {
    // pgbench's database could not be made: the casino never got its go, so no figures will come.
    casino.child.kill();
    return {
      tps: null,
      casinoCallsPerSecond: null,
      casinoPassed: false,
      error: 'error' in pgbench ? pgbench.error : 'pgbench did not start',
    };
  }
  const wallet = await casino.result;
  return {
    tps: 'tps' in pgbench ? Math.round(pgbench.tps) : null,
    casinoCallsPerSecond: (wallet.callsPerSecond as number | undefined) ?? null,
    casinoPassed: casinoRunPassed(wallet),
    ...('error' in pgbench ? { error: pgbench.error } : {}),
  };
}

/**
 * One round: the bets (with the casino beside unless BENCH_WITH_CASINO=0), then pgbench -N, then
 * (with the casino) pgbench -N with the casino beside.
 */
async function round() {
  const casino = WITH_CASINO ? casinoCompanion() : null;
  let machineBusy: number | null = null;
  let window: { end(): number | null } | null = null;
  let sampler: Awaited<ReturnType<typeof sampleWaits>> | null = null;
  let casinoDatabase = '';
  let waitsDone: Promise<WaitSummary> | null = null;
  const bets = await betRun({
    ready: async (database) => {
      if (casino) casinoDatabase = await casino.go();
      // Sampling starts now (idle until the warm-up ends would cost nothing; the window is what counts).
      sampler = await sampleWaits(casino ? [database, casinoDatabase] : [database]);
    },
    windowStart: () => {
      window = machineWindow();
    },
    windowEnd: () => {
      machineBusy = window?.end() ?? null;
      // The window only: not the resting orders' matching and the books after it.
      waitsDone = sampler?.stop() ?? null;
    },
  });
  const waits: WaitSummary | null = waitsDone ? await (waitsDone as Promise<WaitSummary>) : null;
  const wallet = casino ? await casino.result : null;
  const pgbench = await pgbenchTps(PLAYERS, SECONDS);
  const pgTps = 'tps' in pgbench ? Math.round(pgbench.tps) : null;
  const ratio = ratioOf(bets.betsPerSecond as number, pgTps);
  const casinoBooks = wallet?.consistency as
    { ok: boolean; houseCasino?: { stripesUsed: number; matchesPlayersCasinoLines: boolean } } | undefined;
  const beside = WITH_PGBENCH_BESIDE ? await pgbenchBesideCasino() : null;
  const casinoPassed = wallet !== null && casinoRunPassed(wallet) && (beside === null || beside.casinoPassed);
  return { bets, wallet, waits, machineBusy, pgbench, pgTps, ratio, casinoBooks, casinoPassed, beside };
}

const loadAtStart = loadavg().map(r2);
const rounds: Awaited<ReturnType<typeof round>>[] = [];
for (let i = 1; i <= ROUNDS; i++) {
  const r = await round();
  rounds.push(r);
  console.log(
    `round ${i} of ${ROUNDS}: ${String(r.bets.betsPerSecond)} bets/s, pgbench -N ${String(r.pgTps)} TPS, ratio ${String(r.ratio)}, p99 ${String((r.bets.latencyMs as { p99: number }).p99)} ms` +
      (r.beside ? `; pgbench -N with the casino beside ${String(r.beside.tps)} TPS` : ''),
  );
}
// The round of the median ratio is the one reported in full (the lower middle of an even count).
const chosen = [...rounds].sort((a, b) => (a.ratio ?? -1) - (b.ratio ?? -1))[Math.floor((ROUNDS - 1) / 2)]!;
const { bets, wallet, waits, machineBusy, pgbench, pgTps, ratio, casinoBooks, beside } = chosen;
const besideRatio = beside?.tps != null ? ratioOf(beside.tps, pgTps) : null;
const loadAtEnd = loadavg().map(r2);
const p99 = (bets.latencyMs as { p99: number }).p99;
// Every round's books must be exact, not only the reported one's.
const betBooksOk = rounds.every((r) => (r.bets.books as { ok: boolean }).ok);
const casinoPassed = rounds.every((r) => r.casinoPassed);
const report = {
  at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    loadavgAtStart: loadAtStart,
    loadavgAtEnd: loadAtEnd,
    busyShareOfAllCoresDuringWindow: machineBusy,
  },
  postgres: BASE_URL.replace(/\/\/[^@]*@/, '//'),
  mode: WITH_CASINO
    ? 'bets with the casino wallet load beside them, then pgbench'
    : 'bets alone, then pgbench',
  // Each round is the bets then pgbench; the figures below are the round of the median ratio.
  rounds: rounds.map((r) => ({
    betsPerSecond: r.bets.betsPerSecond,
    pgbenchTps: r.pgTps,
    ratio: r.ratio,
    p99Ms: (r.bets.latencyMs as { p99: number }).p99,
    casinoCallsPerSecond: r.wallet?.callsPerSecond ?? null,
    pgbenchBesideCasinoTps: r.beside?.tps ?? null,
    betBooksConsistent: (r.bets.books as { ok: boolean }).ok,
    casinoPassed: r.wallet ? r.casinoPassed : null,
  })),
  reportedRound: rounds.indexOf(chosen) + 1,
  bets,
  casino: wallet
    ? {
        callsPerSecond: wallet.callsPerSecond,
        roundsPerSecond: wallet.roundsPerSecond,
        latencyMs: wallet.latencyMs,
        serverCpu: wallet.serverCpu,
        clientCpu: wallet.clientCpu,
        errors: wallet.errors,
        transportErrors: wallet.transportErrors,
        booksConsistent: casinoBooks?.ok ?? false,
        houseCasino: casinoBooks?.houseCasino ?? null,
        passed: casinoPassed,
        wallet,
      }
    : null,
  postgresWaits: waits,
  pgbench:
    'tps' in pgbench
      ? { tps: pgTps, clients: PLAYERS, threads: 2, seconds: SECONDS, mode: '-N simple-update' }
      : pgbench,
  betsPerPgbenchTps: ratio,
  // The cheapest transaction in the goal's conditions: pgbench -N with the casino beside, against alone.
  pgbenchBesideCasino: beside
    ? {
        tps: beside.tps,
        ofPgbenchAlone: besideRatio,
        casinoCallsPerSecond: beside.casinoCallsPerSecond,
        casinoPassed: beside.casinoPassed,
        ...(beside.error ? { error: beside.error } : {}),
      }
    : null,
  goals: {
    betsAtLeastPgbench: {
      target: `≥ ${GOAL_RATIO}× pgbench -N`,
      value: ratio,
      met: ratio !== null && ratio >= GOAL_RATIO,
    },
    p99AtMost25ms: { target: `p99 ≤ ${GOAL_P99_MS} ms`, value: p99, met: p99 <= GOAL_P99_MS },
    restingShare: { target: 0.1, value: RESTING_SHARE, met: RESTING_SHARE >= 0.1 },
    casinoBeside: {
      target: 'bench/casino-wallet running at the same time',
      value: WITH_CASINO,
      met: WITH_CASINO,
    },
    casinoBooksConsistent: {
      target: 'books exact, house = its lines',
      value: casinoBooks?.ok ?? null,
      met: casinoPassed,
    },
    betBooksConsistent: {
      target: 'orders, exposures, wallets and ledger exact',
      value: betBooksOk,
      met: betBooksOk,
    },
  },
};
const casinoLine = wallet
  ? `casino beside:   ${String(wallet.callsPerSecond)} calls/s  ${JSON.stringify(wallet.latencyMs)}  books ${casinoBooks?.ok ? 'consistent' : 'INCONSISTENT'}`
  : 'casino beside:   (not run)';
console.log(`\nbets accepted/s: ${String(bets.betsPerSecond)}   ${JSON.stringify(bets.latencyMs)}`);
console.log(`matched at once: ${JSON.stringify(bets.atOnce)}`);
console.log(`asked to rest:   ${JSON.stringify(bets.resting)}`);
console.log(`resting matched: ${JSON.stringify(bets.restingMatch)}`);
console.log(`bet books:       ${JSON.stringify(bets.books)}`);
console.log(casinoLine);
console.log(`pgbench -N TPS:  ${String(pgTps)}   bets/pgbench: ${String(ratio)}`);
if (beside) {
  console.log(
    `pgbench -N TPS with the casino beside: ${String(beside.tps)} (${String(besideRatio)} of alone; casino ${String(beside.casinoCallsPerSecond)} calls/s)`,
  );
}
for (const [goal, g] of Object.entries(report.goals)) {
  console.log(`  ${g.met ? 'met    ' : 'NOT MET'} ${goal}: ${JSON.stringify(g.value)} (${String(g.target)})`);
}
// BENCH_REPORT: somewhere else than bench/reports (a short or exploratory run).
const out = process.env.BENCH_REPORT ?? join(here, '..', 'reports', 'bets.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${out}`);
if (!betBooksOk || (WITH_CASINO && !casinoPassed)) {
  console.error('bets: inconsistent books or casino errors (see the report)');
  process.exit(1);
}
