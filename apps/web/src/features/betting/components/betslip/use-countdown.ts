import { useEffect, useState } from 'react';

/** Seconds left of the in-play delay while the server holds the bet. */
export function useCountdown(active: boolean, delayMs: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!active || delayMs <= 0) {
      setLeft(0);
      return;
    }
    const end = Date.now() + delayMs;
    setLeft(Math.ceil(delayMs / 1000));
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 200);
    return () => clearInterval(timer);
  }, [active, delayMs]);
  return left;
}
