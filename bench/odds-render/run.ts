// Odds render benchmark: the market page's list (50 markets x 3 runners, the real book, components
// and CSS) receiving 20 updates a second for 30 s in headless Chromium, beside a naive page that
// renders everything again on each update.
//
//   npx tsx bench/odds-render/run.ts      (ODDS_RENDER_SECONDS=30, ODDS_RENDER_CPU_THROTTLE=1)
//
// Reports long tasks (PerformanceObserver 'longtask'), dropped frames (requestAnimationFrame gaps)
// and main-thread busy time (Chrome's TaskDuration over the run). Goal: no long task over 50 ms,
// busy under 25%.
import { createServer, type Server } from 'node:http';
import { linguiCatalogs } from '../../apps/web/scripts/lingui-catalogs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.ODDS_RENDER_SECONDS ?? 30);
const THROTTLE = Number(process.env.ODDS_RENDER_CPU_THROTTLE ?? 1);
const VIEWPORT = { width: 1280, height: 900 };

interface PageResult {
  mode: string;
  durationMs: number;
  updates: number;
  longTasks: number[];
  longTaskStarts: number[];
  frames: number;
  droppedFrames: number;
  maxFrameGapMs: number;
  p95FrameGapMs: number;
}

async function buildPage(outDir: string) {
  await build({
    root: join(here, 'page'),
    base: './',
    configFile: false,
    logLevel: 'warn',
    // The client's message catalogs, compiled as the client's own build does.
    plugins: [linguiCatalogs()],
    resolve: { alias: { '@': join(here, '..', '..', 'apps', 'web', 'src') } },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

async function measure(browser: Browser, url: string, mode: 'slices' | 'naive' | 'idle') {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${url}?mode=${mode}`);
  await page.waitForFunction(() => (window as unknown as { __bench?: { ready: boolean } }).__bench?.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.waitForTimeout(1000);
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return {
      task: get('TaskDuration'),
      script: get('ScriptDuration'),
      layout: get('LayoutDuration'),
      style: get('RecalcStyleDuration'),
    };
  };
  const before = await metric();
  const result = await page.evaluate(
    (ms) => (window as unknown as { __bench: { run(ms: number): Promise<PageResult> } }).__bench.run(ms),
    SECONDS * 1000,
  );
  const after = await metric();
  await page.close();
  const seconds = result.durationMs / 1000;
  const pct = (v: number) => Math.round((v / seconds) * 1000) / 10;
  const longTasks = result.longTasks;
  return {
    mode,
    seconds: Math.round(seconds * 10) / 10,
    updates: result.updates,
    updatesPerSecond: Math.round((result.updates / seconds) * 10) / 10,
    longTasks: {
      count: longTasks.length,
      maxMs: Math.round(Math.max(0, ...longTasks)),
      over50Ms: longTasks.filter((d) => d > 50).length,
      totalMs: Math.round(longTasks.reduce((a, b) => a + b, 0)),
      durationsMs: longTasks.map(Math.round),
      startsMsIntoRun: result.longTaskStarts,
    },
    frames: result.frames,
    droppedFrames: result.droppedFrames,
    droppedFramePct:
      Math.round((result.droppedFrames / (result.frames + result.droppedFrames || 1)) * 1000) / 10,
    maxFrameGapMs: Math.round(result.maxFrameGapMs),
    p95FrameGapMs: Math.round(result.p95FrameGapMs * 10) / 10,
    mainThreadBusyPct: pct(after.task - before.task),
    scriptPct: pct(after.script - before.script),
    layoutPct: pct(after.layout - before.layout),
    stylePct: pct(after.style - before.style),
  };
}

const work = mkdtempSync(join(tmpdir(), 'odds-render-'));
const outDir = join(work, 'page');
await buildPage(outDir);
const { server, url } = await serve(outDir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const idle = await measure(browser, url, 'idle');
  const slices = await measure(browser, url, 'slices');
  const naive = await measure(browser, url, 'naive');
  const ratio = (a: number, b: number) => (a > 0 ? Math.round((b / a) * 10) / 10 : null);
  const report = {
    bench: 'odds-render',
    at: new Date().toISOString(),
    setup: {
      markets: 50,
      runners: 3,
      cellsPerRunner: 6,
      updatesPerSecond: 20,
      marketsPerUpdate: 3,
      seconds: SECONDS,
      viewport: VIEWPORT,
      cpuThrottle: THROTTLE,
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', loadavg: loadavg() },
    },
    goal: { maxLongTaskMs: 50, mainThreadBusyPctBelow: 25 },
    slices,
    naive,
    /** The same page with no updates: the page and the measuring by themselves. */
    idle,
    naiveOverSlices: {
      mainThreadBusyAboveIdle: ratio(
        slices.mainThreadBusyPct - idle.mainThreadBusyPct,
        naive.mainThreadBusyPct - idle.mainThreadBusyPct,
      ),
      mainThreadBusy: ratio(slices.mainThreadBusyPct, naive.mainThreadBusyPct),
      script: ratio(slices.scriptPct, naive.scriptPct),
      longTaskTotal: ratio(slices.longTasks.totalMs, naive.longTasks.totalMs),
    },
    met: slices.longTasks.over50Ms === 0 && slices.mainThreadBusyPct < 25,
  };
  console.log(JSON.stringify(report, null, 2));
  const reports = join(here, '..', 'reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'odds-render.json'), `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await browser.close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
