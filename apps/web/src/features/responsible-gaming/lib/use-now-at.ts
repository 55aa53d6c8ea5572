import { useEffect, useRef, useState } from 'react';
import { MAX_TIMER_MS } from './durations';

/**
 * The time, read again when the first of `instants` still ahead comes (a pending increase comes
 * due, a time-out ends), with `onReach` called then: no ticking every second for a moment that may
 * be weeks away. A moment beyond a timer's reach is approached in steps.
 */
export function useNowAt(instants: (string | null | undefined)[], onReach?: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const [step, setStep] = useState(0);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  const key = instants.filter((i): i is string => i != null).join('|');

  useEffect(() => {
    const current = Date.now();
    setNow(current);
    const ahead = key
      .split('|')
      .filter(Boolean)
      .map((i) => Date.parse(i))
      .filter((at) => Number.isFinite(at) && at > current);
    if (ahead.length === 0) return;
    const next = Math.min(...ahead);
    const timer = setTimeout(
      () => {
        if (Date.now() >= next) reach.current?.();
        setStep((s) => s + 1);
      },
      Math.min(next - current + 1, MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [key, step]);
  return now;
}
