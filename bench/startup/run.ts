// Start-up benchmark: how long `npm start` takes to answer the players' first page when the web
// client is already built, and how much memory the server holds once it idles, beside bare Node.js
// measured the same way in the same run (its start and its RSS are the physical floor).
//
//   npx tsx bench/startup/run.ts     (STARTUP_RUNS=3 warm starts; STARTUP_IDLE_SECONDS=30)
//
// `node scripts/start.mjs` is what `npm start` runs (npm's own start-up is not counted, nor is it
// in the baseline). Each start gets a free port for the server and one for the games provider.
// The first start is on a fresh data folder (PGlite loads the migrated copy the server's build made and
// seeds the demo data: a new machine's first `npm start`); the warm starts reuse that folder (every
// later `npm start`). "Answers" means GET / gives 200 with the page (the server-drawn first screen
// needs the site's settings and sport tree from the database and the feed). The idle RSS is read
// from /proc of the server process (not the games provider's, not the launcher's) after
// STARTUP_IDLE_SECONDS with no client, the simulated feed running as it always does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { clientBuildIsFresh } from '../../scripts/web-build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const WARM_RUNS = Math.max(1, Number(process.env.STARTUP_RUNS ?? 3));
const IDLE_SECONDS = Number(process.env.STARTUP_IDLE_SECONDS ?? 30);
const GIVE_UP_MS = 120_000;
export const STARTUP_GOAL = { answerMs: 3000, idleRssMB: 150 };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET / every 25 ms until it answers 200; the time from `startedAt`. */
async function firstAnswer(port: number, startedAt: number, child: ChildProcess): Promise<number> {
  while (performance.now() - startedAt < GIVE_UP_MS) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { host: `localhost:${port}`, accept: 'text/html' },
        signal: AbortSignal.timeout(2000),
      });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`no answer within ${GIVE_UP_MS} ms`);
}

/** RSS of a process in bytes, from /proc. */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

/** The direct children of a process. */
function childrenOf(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter(Boolean).map(Number);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

interface Start {
  answerMs: number;
  idleRssMB?: number;
  idleHeapNote?: string;
}

/** The shell's environment less what would move the product off its embedded default. */
function productEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL']) delete env[name];
  return { ...env, ...settings };
}

async function startProduct(
  dataDir: string,
  measureIdle: boolean,
  extra: Record<string, string> = {},
): Promise<Start> {
  const port = await freePort();
  const gamesPort = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: productEnv({
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...extra,
    }),
  });
  try {
    const answerMs = await firstAnswer(port, startedAt, child);
    if (!measureIdle) return { answerMs: Math.round(answerMs) };
    await sleep(IDLE_SECONDS * 1000);
    const server = childrenOf(child.pid as number).find((pid) => commandOf(pid).includes('apps/server/'));
    if (server === undefined) throw new Error('no server process under the launcher');
    return { answerMs: Math.round(answerMs), idleRssMB: Math.round(rssBytes(server) / 1024 / 102.4) / 10 };
  } finally {
    await stop(child);
  }
}

/** Bare Node.js: a process that listens and answers GET / with a small page. */
async function bareNode(measureIdle: boolean): Promise<Start> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q,s)=>s.end('<!doctype html><title>ok</title>')).listen(${port},'127.0.0.1')`,
    ],
    { stdio: 'inherit' },
  );
  try {
    const answerMs = await firstAnswer(port, startedAt, child);
    if (!measureIdle) return { answerMs: Math.round(answerMs) };
    await sleep(Math.min(IDLE_SECONDS, 5) * 1000);
    return {
      answerMs: Math.round(answerMs),
      idleRssMB: Math.round(rssBytes(child.pid as number) / 1024 / 102.4) / 10,
    };
  } finally {
    await stop(child);
  }
}

/**
 * The same server on PostgreSQL (DATABASE_URL in the shell: a scratch database made beside the one
 * named, dropped after): its own memory without the database inside it, as a production server runs.
 */
async function onPostgres(): Promise<{
  firstAnswerMs: number;
  warmAnswerMs: number;
  idleRssMB: number;
} | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const { default: pg } = await import('pg');
  const name = `backlay_startup_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-startup-pg-'));
  try {
    const first = await startProduct(dataDir, false, { DATABASE_URL: scratch.toString() });
    const warm = await startProduct(dataDir, true, { DATABASE_URL: scratch.toString() });
    return {
      firstAnswerMs: first.answerMs,
      warmAnswerMs: warm.answerMs,
      idleRssMB: warm.idleRssMB ?? Number.NaN,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

async function main(): Promise<void> {
  // As npm start judges it (scripts/web-build.mjs), so the timed starts never build a client.
  if (!clientBuildIsFresh(root, 'apps/web') || !clientBuildIsFresh(root, 'apps/operator')) {
    console.log('startup bench: building the clients first (as the first npm start does; not timed)');
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('could not build the clients');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-startup-'));
  try {
    const bare = [await bareNode(false), await bareNode(false), await bareNode(true)];
    const first = await startProduct(dataDir, false);
    const warm: Start[] = [];
    for (let i = 0; i < WARM_RUNS; i += 1) warm.push(await startProduct(dataDir, i === WARM_RUNS - 1));
    const idle = warm.at(-1)?.idleRssMB ?? Number.NaN;
    const postgres = await onPostgres();
    const bareAnswer = median(bare.map((b) => b.answerMs));
    const bareRss = bare.at(-1)?.idleRssMB ?? Number.NaN;
    const warmAnswer = median(warm.map((w) => w.answerMs));
    const report = {
      bench: 'startup',
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadavg: loadavg() },
      setup: {
        command: 'node scripts/start.mjs (what npm start runs), the web client and console already built',
        idleSeconds: IDLE_SECONDS,
        warmRuns: WARM_RUNS,
      },
      goal: STARTUP_GOAL,
      firstStart: {
        answerMs: first.answerMs,
        note: 'fresh data folder: the migrated copy the build made is loaded (no initdb, no migration), demo data seeded',
      },
      warmStart: { answerMs: warmAnswer, runs: warm.map((w) => w.answerMs) },
      idleServer: {
        rssMB: idle,
        afterSeconds: IDLE_SECONDS,
        note: 'the embedded default: PGlite (PostgreSQL compiled to WebAssembly) runs inside this process',
      },
      onPostgres: postgres && {
        ...postgres,
        note: 'DATABASE_URL set: the database runs in its own processes, not counted; Node.js on its default flags',
      },
      bareNode: { answerMs: bareAnswer, rssMB: bareRss, runs: bare.map((b) => b.answerMs) },
      ratios: {
        warmAnswerOverBare: Math.round((warmAnswer / bareAnswer) * 10) / 10,
        idleRssOverBare: Math.round((idle / bareRss) * 10) / 10,
      },
      met: {
        firstStartAnswer: first.answerMs <= STARTUP_GOAL.answerMs,
        warmStartAnswer: warmAnswer <= STARTUP_GOAL.answerMs,
        idleRss: idle <= STARTUP_GOAL.idleRssMB,
      },
    };
    console.log(
      `first start answers in ${first.answerMs} ms, warm start ${warmAnswer} ms (runs ${warm
        .map((w) => w.answerMs)
        .join(', ')}), bare node ${bareAnswer} ms`,
    );
    console.log(`idle server RSS ${idle} MB after ${IDLE_SECONDS} s (bare node ${bareRss} MB)`);
    if (postgres)
      console.log(
        `on PostgreSQL: first start ${postgres.firstAnswerMs} ms, warm ${postgres.warmAnswerMs} ms, idle RSS ${postgres.idleRssMB} MB`,
      );
    console.log(`goals: ${JSON.stringify(report.met)}`);
    const out = join(here, '..', 'reports', 'startup.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`wrote ${out}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
