// Feed-to-screen benchmark: how long from a price change in the server's feed (the oddsChanged
// time `at`, carried by the hub's OddsChange message) to the price cell's text changing in the
// browser, and to the next frame after it, on loopback.
//
//   flock /tmp/backlay-bench.lock npx tsx bench/feed-to-screen/run.ts
//     (FEED_TO_SCREEN_SECONDS=120; FEED_TO_SCREEN_WEB_DIST to reuse a built client instead of
//     building one; only a run of 60 s or more writes bench/reports/feed-to-screen.json)
//
// The real server (feed simulator in real time, hub, built web client) runs as a child process;
// Chromium opens the market pages of one live cricket, football and tennis match. An init script
// notes when each OddsChange frame arrives on the WebSocket, and a MutationObserver when a price
// cell's text next changes; requestAnimationFrame gives the frame that shows it. Changes that move
// no visible text are not counted. Goal (issue 18): p99 from the feed's `at` to the frame <= 25 ms.
// Two minutes by default: about 180 changes shown, so the p99 is not simply the slowest one.
//
// `at` is the simulator's step time; the world steps on a timer whose phase is set when the feed
// starts, so the feed emits a change some ms after its `at`. The bench server (server.ts) reports
// that lag per change, and the report gives both: from `at`, and from the moment of emission.
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { EmitMessage } from './server';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const SECONDS = Number(process.env.FEED_TO_SCREEN_SECONDS ?? 120);
const GOAL_P99_MS = 25;

interface Sample {
  v: number;
  e: number;
  at: number;
  recv: number;
  dom: number;
  frame: number;
}

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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? NaN) * 10) / 10;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

/** Runs in the page before any script: notes OddsChange arrivals and the next price text change. */
function probe() {
  const w = window as unknown as { __f2s: Sample[] };
  w.__f2s = [];
  const pending: Sample[] = [];
  const Native = window.WebSocket;
  class Probed extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (ev: MessageEvent) => {
        const recv = Date.now();
        if (typeof ev.data !== 'string' || !ev.data.includes('OddsChange')) return;
        for (const part of ev.data.split('\x1e')) {
          if (!part.includes('OddsChange')) continue;
          try {
            const frame = JSON.parse(part) as {
              arguments?: {
                Code?: string;
                Data?: { kind?: string; version: number; eventId: number; at: string };
              }[];
            };
            const data = frame.arguments?.[0]?.Data;
            if (frame.arguments?.[0]?.Code !== 'OddsChange' || data?.kind !== 'change') continue;
            const sample: Sample = {
              v: data.version,
              e: data.eventId,
              at: Date.parse(data.at),
              recv,
              dom: 0,
              frame: 0,
            };
            // A change that showed nothing before the next one arrived is not counted.
            pending.length = 0;
            pending.push(sample);
            w.__f2s.push(sample);
          } catch {
            // not a frame of ours
          }
        }
      });
    }
  }
  window.WebSocket = Probed;
  new MutationObserver((records) => {
    const now = Date.now();
    const sample = pending[0];
    if (!sample) return;
    const priced = records.some((r) => {
      const el = r.target instanceof Element ? r.target : r.target.parentElement;
      return el?.closest('.price') != null;
    });
    if (!priced) return;
    pending.length = 0;
    sample.dom = now;
    requestAnimationFrame(() => {
      sample.frame = Date.now();
    });
  }).observe(document, { subtree: true, characterData: true, childList: true });
}

const work = mkdtempSync(join(tmpdir(), 'feed-to-screen-'));
let webDist = process.env.FEED_TO_SCREEN_WEB_DIST;
if (!webDist) {
  webDist = join(work, 'web');
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(root, 'apps', 'web'),
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('web build failed');
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const emitLag = new Map<string, number>();
const server = fork(join(here, 'server.ts'), [], {
  cwd: root,
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    FEED_TIME_SCALE: '1',
  },
});
server.on('message', (message: EmitMessage) => {
  if (message.type === 'emitted') emitLag.set(message.key, message.lagMs);
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error('the server did not start');
    const ok = await fetch(`${base}/cdn/settings/test.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const tree = (await (await fetch(`${base}/Event/TreeSportWithEvent?inPlayOnly=true`)).json()) as {
    result: { id: number; events: { id: number; title: string }[] }[];
  };
  const events = [3, 1, 2]
    .map((sport) => tree.result.find((s) => s.id === sport)?.events[0])
    .filter((e): e is { id: number; title: string } => e != null);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a __name helper that the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(probe);
  const pages = await Promise.all(
    events.map(async (event) => {
      const page = await context.newPage();
      await page.goto(`${base}/markets/${event.id}`);
      await page.locator('.market').first().waitFor();
      return page;
    }),
  );
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const samples: Sample[] = [];
  for (const page of pages) {
    samples.push(...(await page.evaluate(() => (window as unknown as { __f2s: Sample[] }).__f2s)));
  }
  const shown = samples.filter((s) => s.dom > 0 && s.frame > 0);
  const lagOf = (s: Sample) => emitLag.get(`${s.e}:${s.v}`);
  const timed = shown.filter((s) => lagOf(s) !== undefined);
  const report = {
    bench: 'feed-to-screen',
    at: new Date().toISOString(),
    setup: {
      seconds: SECONDS,
      events: events.map((e) => e.title),
      transport: 'WebSocket (SignalR JSON) on loopback',
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', loadavg: loadavg() },
    },
    goal: { feedToFrameP99MsAtMost: GOAL_P99_MS },
    changesReceived: samples.length,
    changesShown: shown.length,
    feedToFrameMs: stats(shown.map((s) => s.frame - s.at)),
    feedToDomMs: stats(shown.map((s) => s.dom - s.at)),
    feedToBrowserMs: stats(shown.map((s) => s.recv - s.at)),
    browserToDomMs: stats(shown.map((s) => s.dom - s.recv)),
    /** From the cell's text changing to the next frame (the wait for the display's next refresh). */
    domToFrameMs: stats(shown.map((s) => s.frame - s.dom)),
    /** From the server's feed emitting the change to its frame arriving in the browser (the server and the wire). */
    emitToBrowserMs: stats(timed.map((s) => s.recv - s.at - (lagOf(s) ?? 0))),
    /** How long after its `at` the simulator emitted each change (its step timer's phase). */
    feedAtToEmitMs: stats(timed.map((s) => lagOf(s) ?? 0)),
    /** From the moment the server's feed emitted the change to the frame that shows it. */
    emitToFrameMs: stats(timed.map((s) => s.frame - s.at - (lagOf(s) ?? 0))),
    met: false,
    /** The same goal counted from the feed's emission (the simulator's step timing left out). */
    metFromEmit: false,
  };
  report.met = report.feedToFrameMs.p99 <= GOAL_P99_MS;
  report.metFromEmit = report.emitToFrameMs.p99 <= GOAL_P99_MS;
  console.log(JSON.stringify(report, null, 2));
  if (SECONDS >= 60) {
    const reports = join(here, '..', 'reports');
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'feed-to-screen.json'), `${JSON.stringify(report, null, 2)}\n`);
  } else console.error('a short run: bench/reports/feed-to-screen.json left as it was');
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(work, { recursive: true, force: true });
}
