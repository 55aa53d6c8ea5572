/**
 * The mark a moved price cell wears for FLASH_MS: `flash-up` or `flash-down` (markets.css paints a
 * ring and an arrow in the cell's own box, so neither setting nor taking it off needs a layout).
 * A static mark, not a CSS animation: an animation costs a style recalculation per frame per cell,
 * and with 50 busy markets that was most of the main thread.
 *
 * Marks are taken off in batches: while prices move, by the task of the next move (a microtask
 * after it), so taking a mark off costs no frame of its own; when nothing moves, by one timer a
 * little after the first mark's time (FLASH_SLACK_MS). A cell marked again the same way only has its
 * time pushed back (no class is touched).
 */
export const FLASH_MS = 500;
export const FLASH_SLACK_MS = 100;

interface Mark {
  up: boolean;
  until: number;
}

const marks = new Map<Element, Mark>();
/** The marks in the order they were set (or pushed back), with the time each was due off then. */
const queue: { el: Element; until: number }[] = [];
let queueHead = 0;
let sweepQueued = false;
let sweepTimer: ReturnType<typeof setTimeout> | null = null;

export function flash(el: Element, up: boolean): void {
  const until = performance.now() + FLASH_MS;
  const mark = marks.get(el);
  if (mark && mark.up === up) mark.until = until;
  else {
    if (mark) el.classList.remove(up ? 'flash-down' : 'flash-up');
    el.classList.add(up ? 'flash-up' : 'flash-down');
    marks.set(el, { up, until });
  }
  queue.push({ el, until });
  if (!sweepQueued) {
    sweepQueued = true;
    queueMicrotask(sweep);
  }
}

/** Takes off the marks whose time is up; a timer comes back for the rest if nothing moves first. */
function sweep(): void {
  sweepQueued = false;
  const now = performance.now();
  while (queueHead < queue.length && queue[queueHead]!.until <= now) {
    const { el, until } = queue[queueHead]!;
    queueHead += 1;
    const mark = marks.get(el);
    // A mark pushed back since stays until its newer time (a later entry of the queue).
    if (mark?.until !== until) continue;
    marks.delete(el);
    el.classList.remove('flash-up', 'flash-down');
  }
  if (queueHead > 512 && queueHead * 2 > queue.length) {
    queue.splice(0, queueHead);
    queueHead = 0;
  }
  const next = queue[queueHead];
  if (next && sweepTimer === null) {
    sweepTimer = setTimeout(
      () => {
        sweepTimer = null;
        sweep();
      },
      Math.max(0, next.until - now) + FLASH_SLACK_MS,
    );
  }
}

/** Whether the cell wears a mark now (tests). */
export function isFlashing(el: Element): boolean {
  return marks.has(el);
}

/** Forgets every mark and its timer (tests: a mark of one test must not wait on another's timer). */
export function clearFlashes(): void {
  for (const el of marks.keys()) el.classList.remove('flash-up', 'flash-down');
  marks.clear();
  queue.length = 0;
  queueHead = 0;
  if (sweepTimer !== null) clearTimeout(sweepTimer);
  sweepTimer = null;
}
