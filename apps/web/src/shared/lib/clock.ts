import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on the page. It reads whole seconds and one timer, set to each
 * second's turn, wakes every reader at once: two countdowns to the same moment always show the
 * same figure, however far apart they were mounted. The timer runs only while someone reads it.
 */
const SECOND = 1000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** The clock's reading: epoch milliseconds, down to the whole second. */
export function clockNow(): number {
  return Math.floor(Date.now() / SECOND) * SECOND;
}

function schedule() {
  // To the next second's turn; a timer that wakes a little early just finds the same second.
  timer = setTimeout(
    () => {
      for (const listener of [...listeners]) listener();
      schedule();
    },
    SECOND - (Date.now() % SECOND),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer == null) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer != null) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

const idle = () => () => {};

/** The shared clock, re-rendering every second while `running`. */
export function useNow(running = true): number {
  return useSyncExternalStore(running ? subscribe : idle, clockNow, clockNow);
}

/** Whole seconds left until `deadline` (epoch ms), rounded up as the feed counts them, never negative. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / SECOND));
}
