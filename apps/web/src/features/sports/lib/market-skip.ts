import { createContext, useCallback, useContext, useState } from 'react';

/**
 * Whether a market card is out of sight: further off screen than SIGHT_MARGIN_PX. A price cell of
 * such a card writes nothing while it is: its texts, its name (`aria-label`, which holds the visible
 * text) and its empty state follow together when the card comes near the screen again (`whenDrawn`),
 * without a flash, or when the cell takes the focus. On a page of 50
 * busy markets this keeps the moves of the forty-odd cards out of sight from costing text writes,
 * style, layout and paint (the browser's `content-visibility: auto` on `.market` already skips
 * drawing far cards, but keeps drawing a margin of more than a screen around the view).
 *
 * The margin covers what a scroll reveals within a frame, so a card scrolled to shows its prices of
 * now; a jump (a chip's scroll) may show the last ones for a frame before the observer says so.
 * A card not yet observed, a browser without IntersectionObserver (and tests in jsdom), and a cell
 * outside any card (the page's strip) count as in sight: they write everything at once.
 */
export const SIGHT_MARGIN_PX = 200;

export class MarketSkip {
  skipped = false;
  private readonly waiting = new Set<() => void>();

  /** Runs `write` once the card is in sight again (once, however often it is asked for meanwhile). */
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

const cards = new WeakMap<Element, MarketSkip>();
let observer: IntersectionObserver | null = null;

function sight(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) cards.get(entry.target)?.set(!entry.isIntersecting);
    },
    { rootMargin: `${SIGHT_MARGIN_PX}px 0px` },
  );
  return observer;
}

/** The sight of a card and the ref for its element, which one shared observer watches. */
export function useCardSkip(): [MarketSkip, (el: HTMLElement | null) => (() => void) | undefined] {
  const [skip] = useState(() => new MarketSkip());
  const ref = useCallback(
    (el: HTMLElement | null) => {
      const watcher = el && sight();
      if (!el || !watcher) return undefined;
      cards.set(el, skip);
      watcher.observe(el);
      return () => {
        watcher.unobserve(el);
        cards.delete(el);
        // A card taken off the page writes what it held back.
        skip.set(false);
      };
    },
    [skip],
  );
  return [skip, ref];
}
