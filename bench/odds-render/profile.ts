// Profiles the odds-render bench page (not a benchmark: it writes no report, and needs no lock for
// short runs). Prints, per page, its busy and CPU time and layout and style counts; with PROFILE=1
// the V8 CPU profile's top functions (self and inclusive; WITHIN=name: self times under that
// function), with TRACE=1 the Chrome trace's main-thread events (count, wall ms, CPU ms). Both are
// also written to /tmp/odds-render-<mode>.cpuprofile / .trace.json for DevTools.
//
//   npx tsx bench/odds-render/profile.ts [slices,naive,idle] [seconds=5]
//   (PAGE_DIR=<a built page> to reuse one; NOMINIFY=1 for readable function names)
import { writeFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { linguiCatalogs } from '../../apps/web/scripts/lingui-catalogs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const here = dirname(fileURLToPath(import.meta.url));
const modes = (process.argv[2] ?? 'slices,naive,idle').split(',');
const SECONDS = Number(process.argv[3] ?? 5);
const outDir = process.env.PAGE_DIR ?? join(mkdtempSync(join(tmpdir(), 'odds-profile-')), 'page');
if (!process.env.PAGE_DIR) {
  await build({
    root: join(here, 'page'),
    base: './',
    configFile: false,
    logLevel: 'warn',
    plugins: [linguiCatalogs()],
    resolve: { alias: { '@': join(here, '..', '..', 'apps', 'web', 'src') } },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, minify: !process.env.NOMINIFY },
  });
}
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
  const file = join(outDir, path === '/' ? 'index.html' : path);
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return void res.writeHead(404).end();
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
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
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(8)} ${k}`);

for (const mode of modes) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/?mode=${mode}`);
  await page.waitForFunction(() => (window as unknown as { __bench?: { ready: boolean } }).__bench?.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.waitForTimeout(1000);
  const metrics = async () =>
    new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value] as const));
  const events: TraceEvent[] = [];
  if (process.env.TRACE) {
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink',
          'v8.execute',
        ],
      },
      transferMode: 'ReportEvents',
    });
  }
  if (process.env.PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.INTERVAL ?? 250) });
    await cdp.send('Profiler.start');
  }
  const before = await metrics();
  const result = await page.evaluate(
    (ms) =>
      (
        window as unknown as {
          __bench: { run(ms: number): Promise<{ durationMs: number; longTasks: number[] }> };
        }
      ).__bench.run(ms),
    SECONDS * 1000,
  );
  const after = await metrics();
  const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  const pct = (k: string) => Math.round((delta(k) / (result.durationMs / 1000)) * 1000) / 10;
  console.log(
    JSON.stringify({
      mode,
      busyPct: pct('TaskDuration'),
      cpuPct: pct('ThreadTime'),
      scriptPct: pct('ScriptDuration'),
      layoutPct: pct('LayoutDuration'),
      stylePct: pct('RecalcStyleDuration'),
      layouts: delta('LayoutCount'),
      styles: delta('RecalcStyleCount'),
      longTasks: result.longTasks.length,
    }),
  );
  if (process.env.PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(tmpdir(), `odds-render-${mode}.cpuprofile`), JSON.stringify(profile));
    const nodes = profile.nodes as ProfileNode[];
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const within = new Map<string, number>();
    samples.forEach((id, i) => {
      const dt = deltas[i] ?? 0;
      const leaf = byId.get(id);
      if (!leaf) return;
      const key = `${leaf.callFrame.functionName || '(anon)'} :${leaf.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        seen.add(byId.get(at)?.callFrame.functionName || '(anon)');
      }
      for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
      if (process.env.WITHIN && seen.has(process.env.WITHIN)) within.set(key, (within.get(key) ?? 0) + dt);
    });
    console.log(['self ms:', ...top(self, 25)].join('\n'));
    console.log(['inclusive ms:', ...top(inclusive, 25)].join('\n'));
    if (process.env.WITHIN)
      console.log([`self ms within ${process.env.WITHIN}:`, ...top(within, 25)].join('\n'));
  }
  if (process.env.TRACE) {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    writeFileSync(join(tmpdir(), `odds-render-${mode}.trace.json`), JSON.stringify({ traceEvents: events }));
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const totals = new Map<string, { n: number; dur: number; tdur: number }>();
    for (const e of events) {
      if (e.ph !== 'X' || !main || e.tid !== main.tid || e.pid !== main.pid) continue;
      const t = totals.get(e.name) ?? { n: 0, dur: 0, tdur: 0 };
      t.n += 1;
      t.dur += e.dur ?? 0;
      t.tdur += e.tdur ?? 0;
      totals.set(e.name, t);
    }
    console.log('main thread: count, wall ms, CPU ms');
    for (const [name, t] of [...totals].sort((a, b) => b[1].tdur - a[1].tdur).slice(0, 30)) {
      console.log(
        `${String(t.n).padStart(7)} ${(t.dur / 1000).toFixed(0).padStart(7)} ${(t.tdur / 1000).toFixed(0).padStart(7)} ${name}`,
      );
    }
  }
  await page.close();
}
await browser.close();
server.close();
