// Bet benchmark: bets accepted per second and latency on PostgreSQL with 64 concurrent players on
// zero-delay markets, beside pgbench's simple-update TPS on the same machine as the physical limit.
//
//   npx tsx bench/bets/run.ts     (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test)
//
// Creates fresh databases on that server for the run and drops them afterwards. Knobs:
// BENCH_PLAYERS (64), BENCH_SECONDS (15), BENCH_WARMUP_SECONDS (5), BENCH_POOL (24),
// BENCH_RESTING_SHARE (0.1): the share of orders asked at a price not offered, which rest unmatched
// (issue 13; docs/exchange-matching.md). They are reported apart from the bets matched at once
// (`resting`); `betsPerSecond` counts every accepted order as before. After the run the prices move to
// reach every resting order and `restingMatch` times the feed owner matching them all.
import { execFileSync } from 'node:child_process';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MARKET_COUNT, RESTING, RUNNERS, type ServerMessage, type ServerStats } from './shared';
import { percentile } from '../lib/percentile';
import { BASE_URL, databaseUrl, withAdmin } from '../lib/scratch-postgres';

const here = dirname(fileURLToPath(import.meta.url));
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const RESTING_SHARE = Number(process.env.BENCH_RESTING_SHARE ?? 0.1);
const RESTING_MATCH_TIMEOUT_MS = 120_000;

/** pgbench's simple-update run (-N) on a scratch database: the machine's physical limit for small writes. */
async function pgbenchTps(): Promise<{ tps: number; output: string } | { error: string }> {
  const name = `backlay_pgbench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const url = databaseUrl(name);
    execFileSync('pgbench', ['-i', '-q', url], { stdio: 'pipe' });
    const output = execFileSync(
      'pgbench',
      ['-N', '-c', String(PLAYERS), '-j', '2', '-T', String(SECONDS), url],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const match =
      /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
        output,
      );
    return { tps: match ? Number(match[1]) : Number.NaN, output };
  } catch (err) {
    return { error: String(err) };
  } finally {
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

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

function post(agent: http.Agent, port: number, token: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
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
        res.on('end', () => {
          let code: string | null = null;
          let orderStatus: string | null = null;
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString()) as {
              error?: { code?: string };
              result?: { status?: unknown } | null;
            };
            if (res.statusCode !== 200) code = parsed.error?.code ?? null;
            else if (typeof parsed.result?.status === 'string') orderStatus = parsed.result.status;
          } catch {
            code = 'unparsable';
          }
          resolve({ status: res.statusCode ?? 0, code, orderStatus });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
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

async function betRun(): Promise<Record<string, unknown>> {
  const name = `backlay_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const child = fork(join(here, 'server.ts'), [databaseUrl(name), String(PLAYERS)], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    stdio: 'inherit',
  });
  try {
    const ready = await new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
      child.once('message', (m: ServerMessage) =>
        m.type === 'ready' ? resolve(m) : reject(new Error('bad start')),
      );
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS });
    let seq = 0;
    const started = performance.now();
    const warmupEnds = started + WARMUP_SECONDS * 1000;
    const ends = warmupEnds + SECONDS * 1000;
    const latencies: number[] = [];
    const refusals = new Map<string, number>();
    const atOnce = new Tally();
    const resting = new Tally();
    let accepted = 0;
    let errors = 0;

    const player = async (i: number) => {
      const token = ready.tokens[i] as string;
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
          answer = await post(agent, ready.port, token, body);
        } catch {
          errors += 1;
          continue;
        }
        const t1 = performance.now();
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
    };
    const marker = setTimeout(() => child.send({ type: 'mark' }), warmupEnds - performance.now());
    const statsAtEnd = new Promise<ServerStats>((resolve) => {
      setTimeout(() => {
        child.once('message', (m: ServerMessage) =>
          resolve(m.type === 'stats' ? m.stats : { wallMs: 0, userCpuMs: 0, systemCpuMs: 0 }),
        );
        child.send({ type: 'stats' });
      }, ends - performance.now());
    });
    await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(i)));
    clearTimeout(marker);
    const serverStats = await statsAtEnd;
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const db = new pg.Client({ connectionString: databaseUrl(name) });
    await db.connect();
    const counted = Number((await db.query<{ n: string }>('select count(*) as n from bets')).rows[0]?.n ?? 0);
    const restingMatch = await matchResting(child, db);
    await db.end();
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
        busyShareOfOneCore:
          Math.round(((serverStats.userCpuMs + serverStats.systemCpuMs) / serverStats.wallMs) * 100) / 100,
        msPerBet:
          Math.round(((serverStats.userCpuMs + serverStats.systemCpuMs) / Math.max(1, accepted)) * 1000) /
          1000,
        systemShare:
          Math.round(
            (serverStats.systemCpuMs / Math.max(1, serverStats.userCpuMs + serverStats.systemCpuMs)) * 100,
          ) / 100,
      },
      latencyMs: {
        p50: Math.round(percentile(latencies, 50) * 100) / 100,
        p90: Math.round(percentile(latencies, 90) * 100) / 100,
        p99: Math.round(percentile(latencies, 99) * 100) / 100,
        max: Math.round((latencies.at(-1) ?? Number.NaN) * 100) / 100,
      },
    };
  } finally {
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

const bets = await betRun();
const pgbench = await pgbenchTps();
const pgTps = 'tps' in pgbench ? Math.round(pgbench.tps) : null;
const ratio = pgTps ? Math.round(((bets.betsPerSecond as number) / pgTps) * 1000) / 1000 : null;
const report = {
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadavg: loadavg() },
  postgres: BASE_URL.replace(/\/\/[^@]*@/, '//'),
  bets,
  pgbench:
    'tps' in pgbench
      ? { tps: pgTps, clients: PLAYERS, threads: 2, seconds: SECONDS, mode: '-N simple-update' }
      : pgbench,
  betsPerPgbenchTps: ratio,
  goals: {
    betsPerSecondAtLeast1500: (bets.betsPerSecond as number) >= 1500,
    atLeastHalfOfPgbench: ratio !== null ? ratio >= 0.5 : null,
  },
};
console.log(`\nbets accepted/s: ${String(bets.betsPerSecond)}   p50 ${JSON.stringify(bets.latencyMs)}`);
console.log(`matched at once: ${JSON.stringify(bets.atOnce)}`);
console.log(`asked to rest:   ${JSON.stringify(bets.resting)}`);
console.log(`resting matched: ${JSON.stringify(bets.restingMatch)}`);
console.log(`pgbench -N TPS:  ${String(pgTps)}   bets/pgbench: ${String(ratio)}`);
console.log(JSON.stringify(report, null, 2));
const out = join(here, '..', 'reports', 'bets.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${out}`);
