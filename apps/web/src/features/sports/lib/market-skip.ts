import { createContext, useCallback, useContext, useState } from 'react';

/**
 * Whether the browser skips drawing a market card: `.market` is `content-visibility: auto`, so a
 * card far off screen (beyond the margin the browser keeps drawn around the viewport) is neither
 * styled, laid out nor painted. The browser says when that changes
 * (`contentvisibilityautostatechange`); meanwhile a price cell of a skipped card keeps its name
 * (`aria-label`, what assistive technology reads) and its state up to date, and leaves its two texts,
 * which nobody sees, to be written when the card comes back (`waiting`), without a flash.
 *
 * A card the browser has not told about yet, a browser without the event, and a cell outside any
 * card (the page's strip) count as drawn: they write everything at once, as before.
 */
export class MarketSkip {
  skipped = false;
  private readonly waiting = new Set<() => void>();

  /** Runs `write` once the card is drawn again (once, however often it is asked for meanwhile). */
  whenDrawn(write: () => void): void {
    this.waiting.add(write);
  }

  forget(write: () => void): void {
    this.waiting.delete(write);
  }

  set(skipped: boolean): void {
    this.skipped = skipped;
    if (skipped) return;
    const writes = [...this.waiting];
    this.waiting.clear();
    for (const write of writes) write();
  }
}

export const MarketSkipContext = createContext<MarketSkip | null>(null);
export const useMarketSkip = (): MarketSkip | null => useContext(MarketSkipContext);

/** The skip state of a card and the ref for its element, whose browser events keep it. */
export function useCardSkip(): [MarketSkip, (el: HTMLElement | null) => (() => void) | undefined] {
  const [skip] = useState(() => new MarketSkip());
  const ref = useCallback(
    (el: HTMLElement | null) => {
      if (!el) return undefined;
      const onChange = (event: Event) => skip.set((event as Event & { skipped?: boolean }).skipped === true);
      el.addEventListener('contentvisibilityautostatechange', onChange);
      return () => {
        el.removeEventListener('contentvisibilityautostatechange', onChange);
        // A card taken off the page writes what it held back.
        skip.set(false);
      };
    },
    [skip],
  );
  return [skip, ref];
}
