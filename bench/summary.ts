// One report of every benchmark: each figure beside its baseline (measured in the same run as the
// figure) and its goal, read from the reports the benchmarks write in bench/reports/*.json.
// `npm run bench` writes it after the runs (bench/reports/summary.md and summary.json); on its
// own, `npx tsx bench/summary.ts` writes it again from the reports already there.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const reports = join(here, 'reports');

export interface Row {
  bench: string;
  figure: string;
  value: number | null;
  unit: string;
  /** The physical floor or reference measured in the same run, when the figure has one. */
  baseline?: { name: string; value: number | null };
  /** value / baseline.value, when both are known. */
  ratio?: number | null;
  /** The goal in words, e.g. "≥ 1.0 × pgbench" or "≤ 25 ms". */
  goal?: string;
  met?: boolean | null;
  note?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reports are JSON of many shapes
type Json = any;

function read(name: string): { report: Json; at: string } | null {
  const path = join(reports, `${name}.json`);
  if (!existsSync(path)) return null;
  const report = JSON.parse(readFileSync(path, 'utf8')) as Json;
  return { report, at: String(report.at ?? report.date ?? statSync(path).mtime.toISOString()) };
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const ratioOf = (a: number | null, b: number | null) =>
  a !== null && b !== null && b !== 0 ? Math.round((a / b) * 100) / 100 : null;
const atMost = (value: number | null, goal: number) => (value === null ? null : value <= goal);
const atLeast = (value: number | null, goal: number) => (value === null ? null : value >= goal);

/** The bets' rounds (bench/bets: the round of the median ratio is reported): each round's ratio. */
function roundsNote(r: Json): string {
  const rounds = Array.isArray(r.rounds) ? (r.rounds as Json[]) : [];
  if (rounds.length < 2) return '';
  const ratios = rounds.map((x) => num(x.ratio)).map((x) => (x === null ? '?' : String(x)));
  return `; median of ${rounds.length} rounds (ratios ${ratios.join(', ')})`;
}

/** Each benchmark's figures, read from its report (null when the report is missing). */
const EXTRACT: Record<string, (r: Json) => Row[]> = {
  bets: (r) => {
    const bets = num(r.bets?.betsPerSecond);
    const tps = num(r.pgbench?.tps);
    const ratio = ratioOf(bets, tps);
    const p99 = num(r.bets?.latencyMs?.p99);
    const casino = r.casinoBeside ?? r.casino ?? null;
    const rows: Row[] = [
      {
        bench: 'bets',
        figure: 'bets accepted per second',
        value: bets,
        unit: 'bets/s',
        baseline: { name: 'pgbench -N TPS', value: tps },
        ratio,
        goal: '≥ 1.0 × pgbench -N',
        met: ratio === null ? null : ratio >= 1,
        note: `${Math.round((num(r.bets?.restingShare) ?? 0) * 100)} % resting${casino ? ', casino wallet load beside' : ', no casino load beside'}${roundsNote(r)}`,
      },
      {
        bench: 'bets',
        figure: 'bet latency p99',
        value: p99,
        unit: 'ms',
        goal: '≤ 25 ms',
        met: atMost(p99, 25),
      },
    ];
    const beside = num(r.pgbenchBesideCasino?.tps);
    if (beside !== null) {
      rows.push({
        bench: 'bets',
        figure: "pgbench -N with the casino beside (the cheapest transaction in the goal's conditions)",
        value: beside,
        unit: 'TPS',
        baseline: { name: 'pgbench -N TPS', value: tps },
        ratio: ratioOf(beside, tps),
      });
    }
    return rows;
  },
  'casino-wallet': (r) => {
    const calls = num(r.wallet?.callsPerSecond);
    const p99 = num(r.wallet?.latencyMs?.p99);
    return [
      { bench: 'casino-wallet', figure: 'wallet calls per second', value: calls, unit: 'calls/s' },
      { bench: 'casino-wallet', figure: 'wallet call latency p99', value: p99, unit: 'ms' },
      {
        bench: 'casino-wallet',
        figure: 'books consistent after the run',
        value: r.passed === true ? 1 : r.passed === false ? 0 : null,
        unit: 'yes/no',
        goal: 'yes',
        met: r.passed ?? null,
      },
    ];
  },
  hub: (r) => {
    const hub = r.hub ?? {};
    const ws = r.bareWs ?? {};
    const rss = num(hub.memory?.rssPerConnectionBytes);
    const wsRss = num(ws.memory?.rssPerConnectionBytes);
    const heap = num(hub.memory?.heapPerConnectionBytes);
    const wsHeap = num(ws.memory?.heapPerConnectionBytes);
    const connect = num(hub.connectSeconds);
    const wsConnect = num(ws.connectSeconds);
    const held = num(hub.connectionsHeld);
    const p99 = num(hub.latencyMs?.p99);
    const rssRatio = ratioOf(rss, wsRss);
    const connectRatio = ratioOf(connect, wsConnect);
    return [
      {
        bench: 'hub',
        figure: 'connections held on one process',
        value: held,
        unit: 'connections',
        baseline: { name: 'bare ws', value: num(ws.connectionsHeld) },
        goal: '≥ 9,000',
        met: atLeast(held, 9000),
      },
      {
        bench: 'hub',
        figure: 'RSS per connection',
        value: rss,
        unit: 'bytes',
        baseline: { name: 'bare ws', value: wsRss },
        ratio: rssRatio,
        goal: '≤ 1.2 × bare ws',
        met: rssRatio === null ? null : rssRatio <= 1.2,
      },
      {
        bench: 'hub',
        figure: 'heap per connection',
        value: heap,
        unit: 'bytes',
        baseline: { name: 'bare ws', value: wsHeap },
        ratio: ratioOf(heap, wsHeap),
      },
      {
        bench: 'hub',
        figure: 'connect time of every client',
        value: connect,
        unit: 's',
        baseline: { name: 'bare ws', value: wsConnect },
        ratio: connectRatio,
        goal: '≤ 2 × bare ws',
        met: connectRatio === null ? null : connectRatio <= 2,
      },
      {
        bench: 'hub',
        figure: 'push latency p99',
        value: p99,
        unit: 'ms',
        baseline: { name: 'bare ws', value: num(ws.latencyMs?.p99) },
        ratio: ratioOf(p99, num(ws.latencyMs?.p99)),
        goal: '< 50 ms',
        met: p99 === null ? null : p99 < 50,
      },
      // The protocol floor (bench/hub/server.ts floorServer): the same SignalR connect with no
      // framework, state or checks, so the report shows what the protocol itself costs here.
      ...(r.floor
        ? [
            {
              bench: 'hub',
              figure: 'protocol floor: connect time of every client',
              value: num(r.floor.connectSeconds),
              unit: 's',
              baseline: { name: 'bare ws', value: wsConnect },
              ratio: ratioOf(num(r.floor.connectSeconds), wsConnect),
            },
            {
              bench: 'hub',
              figure: 'protocol floor: RSS per connection',
              value: num(r.floor.memory?.rssPerConnectionBytes),
              unit: 'bytes',
              baseline: { name: 'bare ws', value: wsRss },
              ratio: ratioOf(num(r.floor.memory?.rssPerConnectionBytes), wsRss),
            },
          ]
        : []),
    ];
  },
  'odds-render': (r) => {
    const busy = num(r.slices?.mainThreadBusyPct);
    const naive = num(r.naive?.mainThreadBusyPct);
    const ratio = ratioOf(busy, naive);
    const longTasks = num(r.slices?.longTasks?.count);
    return [
      {
        bench: 'odds-render',
        figure: 'main thread busy, 20 updates/s over 50 markets',
        value: busy,
        unit: '%',
        baseline: { name: 'naive page', value: naive },
        ratio,
        goal: '≤ 10 % and ≤ 0.6 × naive',
        met: busy === null || ratio === null ? null : busy <= 10 && ratio <= 0.6,
      },
      {
        bench: 'odds-render',
        figure: 'long tasks',
        value: longTasks,
        unit: 'tasks',
        goal: 'none',
        met: longTasks === null ? null : longTasks === 0,
      },
    ];
  },
  'feed-to-screen': (r) => {
    const p99 = num(r.feedToFrameMs?.p99);
    return [
      {
        bench: 'feed-to-screen',
        figure: 'feed to screen p99',
        value: p99,
        unit: 'ms',
        baseline: { name: 'feed to browser (transport) p99', value: num(r.feedToBrowserMs?.p99) },
        goal: '≤ 25 ms',
        met: atMost(p99, 25),
      },
    ];
  },
  startup: (r) => {
    const warm = num(r.warmStart?.answerMs);
    const first = num(r.firstStart?.answerMs);
    const rss = num(r.idleServer?.rssMB);
    return [
      {
        bench: 'startup',
        figure: 'npm start to the first page (built client, existing data)',
        value: warm,
        unit: 'ms',
        baseline: { name: 'bare node http', value: num(r.bareNode?.answerMs) },
        ratio: ratioOf(warm, num(r.bareNode?.answerMs)),
        goal: '≤ 3,000 ms',
        met: atMost(warm, 3000),
      },
      {
        bench: 'startup',
        figure:
          'npm start to the first page (first run: new data folder, the build’s migrated copy loaded, demo data seeded)',
        value: first,
        unit: 'ms',
        goal: '≤ 3,000 ms',
        met: atMost(first, 3000),
      },
      {
        bench: 'startup',
        figure: 'idle server RSS (embedded default: PGlite inside the process)',
        value: rss,
        unit: 'MB',
        baseline: { name: 'bare node', value: num(r.bareNode?.rssMB) },
        ratio: ratioOf(rss, num(r.bareNode?.rssMB)),
        goal: '≤ 150 MB',
        met: atMost(rss, 150),
      },
      ...(r.onPostgres
        ? [
            {
              bench: 'startup',
              figure: 'idle server RSS on PostgreSQL (the database in its own processes, not counted)',
              value: num(r.onPostgres.idleRssMB),
              unit: 'MB',
              baseline: { name: 'bare node', value: num(r.bareNode?.rssMB) },
              ratio: ratioOf(num(r.onPostgres.idleRssMB), num(r.bareNode?.rssMB)),
              goal: '≤ 150 MB',
              met: atMost(num(r.onPostgres.idleRssMB), 150),
            },
            {
              bench: 'startup',
              figure: 'npm start to the first page on PostgreSQL (existing data)',
              value: num(r.onPostgres.warmAnswerMs),
              unit: 'ms',
              goal: '≤ 3,000 ms',
              met: atMost(num(r.onPostgres.warmAnswerMs), 3000),
            },
          ]
        : []),
    ];
  },
  lighthouse: (r) => {
    const rows: Row[] = [];
    for (const [page, figures] of Object.entries<Json>(r.pages ?? {})) {
      const m = figures.median ?? {};
      rows.push(
        {
          bench: 'lighthouse',
          figure: `${page}: performance score`,
          value: num(m.performance),
          unit: 'score',
          goal: '≥ 95',
          met: atLeast(num(m.performance), 95),
        },
        {
          bench: 'lighthouse',
          figure: `${page}: total blocking time`,
          value: num(m.tbtMs),
          unit: 'ms',
          goal: '≤ 100 ms',
          met: atMost(num(m.tbtMs), 100),
        },
        {
          bench: 'lighthouse',
          figure: `${page}: largest contentful paint`,
          value: num(m.lcpMs),
          unit: 'ms',
          goal: '≤ 1,500 ms',
          met: atMost(num(m.lcpMs), 1500),
        },
        {
          bench: 'lighthouse',
          figure: `${page}: layout shift`,
          value: num(m.cls),
          unit: 'CLS',
          goal: '≤ 0.02',
          met: atMost(num(m.cls), 0.02),
        },
        {
          bench: 'lighthouse',
          figure: `${page}: JavaScript of the visit, gzipped`,
          value: num(m.jsGzipKB),
          unit: 'KB',
          goal: '≤ 150 KB (issue 11: blocked, the prescribed libraries alone weigh about 150 KB)',
          met: atMost(num(m.jsGzipKB), 150),
        },
      );
    }
    return rows;
  },
  ocr: (r) => [
    {
      bench: 'ocr',
      figure: 'longest event-loop stall during OCR',
      value: num(r.longestStallMs),
      unit: 'ms',
      baseline: { name: 'idle event loop', value: num(r.idleMaxStallMs) },
      goal: 'no stall a player feels',
      met: r.stallGoalMet ?? null,
    },
  ],
};

export const BENCHES = Object.keys(EXTRACT);

const fmt = (n: number | null | undefined) =>
  n === null || n === undefined ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Writes bench/reports/summary.json and summary.md from the reports there; answers the rows. */
export function writeSummary(): Row[] {
  const rows: Row[] = [];
  const runs: Record<string, string> = {};
  for (const [bench, extract] of Object.entries(EXTRACT)) {
    const found = read(bench);
    if (!found) {
      rows.push({ bench, figure: 'no report', value: null, unit: '', met: null });
      continue;
    }
    runs[bench] = found.at;
    rows.push(...extract(found.report));
  }
  const met = rows.filter((r) => r.met === true).length;
  const missed = rows.filter((r) => r.met === false).length;
  writeFileSync(
    join(reports, 'summary.json'),
    `${JSON.stringify({ at: new Date().toISOString(), runs, goalsMet: met, goalsMissed: missed, rows }, null, 2)}\n`,
  );
  const lines = [
    '# Benchmarks: every figure beside its baseline and its goal',
    '',
    `Written ${new Date().toISOString()} from bench/reports/*.json (each report's own run time below).`,
    `Goals met: ${met}; missed: ${missed}.`,
    '',
    '| bench | figure | value | baseline (same run) | ratio | goal | met |',
    '| --- | --- | ---: | --- | ---: | --- | :---: |',
    ...rows.map(
      (r) =>
        `| ${r.bench} | ${r.figure}${r.note ? ` (${r.note})` : ''} | ${fmt(r.value)} ${r.unit} | ${
          r.baseline ? `${r.baseline.name}: ${fmt(r.baseline.value)}` : ''
        } | ${r.ratio === undefined ? '' : `${fmt(r.ratio)} ×`} | ${r.goal ?? ''} | ${
          r.met === true ? 'yes' : r.met === false ? '**no**' : ''
        } |`,
    ),
    '',
    '| bench | run at |',
    '| --- | --- |',
    ...Object.entries(runs).map(([bench, at]) => `| ${bench} | ${at} |`),
    '',
  ];
  writeFileSync(join(reports, 'summary.md'), lines.join('\n'));
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = writeSummary();
  for (const r of rows)
    console.log(
      `${r.bench.padEnd(15)} ${r.figure.padEnd(60)} ${fmt(r.value).padStart(10)} ${r.unit.padEnd(8)} ${
        r.goal ? `goal ${r.goal}` : ''
      } ${r.met === true ? 'met' : r.met === false ? 'MISSED' : ''}`,
    );
  console.log(`wrote ${join(reports, 'summary.md')}`);
}
