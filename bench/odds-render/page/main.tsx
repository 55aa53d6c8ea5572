import { createRoot } from 'react-dom/client';
import { MarketList } from '@/features/sports/components/market/MarketList';
import { OddsBook } from '@/features/sports/lib/odds-book';
import { OddsBookContext } from '@/features/sports/lib/use-odds';
import '@/styles/app.css';
import '@/features/sports/styles/markets.css';
import { createSource, EVENT_ID } from './source';
import { applyNaive, NaivePage } from './naive';

/*
 * Bench-only page: the market list of the real market page (same book, same components, same
 * CSS) fed by a deterministic odds source, or the naive whole-page version (?mode=naive).
 * window.__bench.run(ms) drives 20 updates a second and reports what the browser saw.
 */

interface RunResult {
  mode: string;
  durationMs: number;
  updates: number;
  longTasks: number[];
  /** When each long task started, ms into the run. */
  longTaskStarts: number[];
  frames: number;
  droppedFrames: number;
  maxFrameGapMs: number;
  p95FrameGapMs: number;
}

const requested = new URLSearchParams(window.location.search).get('mode');
/** 'idle' is the real page with no updates: what the page costs by itself (and the measuring). */
const mode = requested === 'naive' || requested === 'idle' ? requested : 'slices';
const UPDATES_PER_SECOND = 20;
const source = createSource(2026);
const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('no root');
const root = createRoot(rootEl);
let update: () => void;

if (mode === 'slices' || mode === 'idle') {
  const book = new OddsBook();
  book.reset(EVENT_ID);
  book.applySnapshot(source.snapshot());
  root.render(
    <OddsBookContext.Provider value={book}>
      <MarketList eventId={EVENT_ID} eventTitle="Bench" />
    </OddsBookContext.Provider>,
  );
  update = () => {
    if (mode === 'idle') return;
    if (book.applyChange(source.next()) !== 'applied') throw new Error('the bench source skipped a version');
  };
} else {
  let state = source.snapshot();
  root.render(<NaivePage odds={state} />);
  update = () => {
    state = applyNaive(state, source.next());
    root.render(<NaivePage odds={state} />);
  };
}

function run(durationMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const longTasks: number[] = [];
    const longTaskStarts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longTasks.push(entry.duration);
        longTaskStarts.push(Math.round(entry.startTime - started));
      }
    });
    observer.observe({ type: 'longtask' });
    const gaps: number[] = [];
    let last = 0;
    let running = true;
    const frame = (t: number) => {
      if (last > 0) gaps.push(t - last);
      last = t;
      if (running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    let updates = 0;
    // Scheduled against the start time, so a slow update does not slow the feed down.
    const tick = () => {
      const due = Math.floor(((performance.now() - started) * UPDATES_PER_SECOND) / 1000);
      while (updates < due) {
        update();
        updates += 1;
      }
      if (performance.now() - started < durationMs) setTimeout(tick, 1000 / UPDATES_PER_SECOND / 2);
      else finish();
    };
    const finish = () => {
      running = false;
      observer.disconnect();
      const frameMs = 1000 / 60;
      const sorted = [...gaps].sort((a, b) => a - b);
      resolve({
        mode,
        durationMs: performance.now() - started,
        updates,
        longTasks,
        longTaskStarts,
        frames: gaps.length,
        droppedFrames: gaps.reduce((n, g) => n + Math.max(0, Math.round(g / frameMs) - 1), 0),
        maxFrameGapMs: sorted[sorted.length - 1] ?? 0,
        p95FrameGapMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      });
    };
    setTimeout(tick, 0);
  });
}

(window as unknown as { __bench: { run: typeof run; ready: boolean } }).__bench = { run, ready: true };
