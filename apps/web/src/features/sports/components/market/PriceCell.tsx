import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { OddsMarket } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import type { PriceSelection } from '@/shared/market/selection';
import { formatPrice, formatSize } from '../../lib/format';
import type { OddsBook } from '../../lib/odds-book';
import { useMarketSkip, type MarketSkip } from '../../lib/market-skip';
import { flash } from '../../lib/price-flash';
import { priceLabeller, type PriceSide } from '../../lib/price-label';
import { useOddsBook } from '../../lib/use-odds';

export type CellSide = PriceSide;

interface Quote {
  /** What the cell shows large: odds, a rate or a fancy line. */
  main: number;
  /** What it shows small: a size (paise) or a fancy rate. */
  sub: number;
  /** The price the player takes: odds or a rate. */
  rate: number;
  fancyValue: number | null;
}

/** The quote a cell shows, or null when there is none at this level. */
export function quoteOf(
  market: OddsMarket | undefined,
  runnerId: number | null,
  side: CellSide,
  level: number,
): Quote | null {
  if (!market) return null;
  if (market.type === 'FANCY') {
    if (side === 'yes')
      return { main: market.yesLine, sub: market.yesRate, rate: market.yesRate, fancyValue: market.yesLine };
    if (side === 'no')
      return { main: market.noLine, sub: market.noRate, rate: market.noRate, fancyValue: market.noLine };
    return null;
  }
  if (side !== 'back' && side !== 'lay') return null;
  const runners = market.runners;
  for (let i = 0; i < runners.length; i++) {
    const runner = runners[i]!;
    if (runner.id !== runnerId) continue;
    const at = runner[side][level];
    if (!at) return null;
    const price = 'price' in at ? at.price : at.rate;
    return { main: price, sub: at.size, rate: price, fancyValue: null };
  }
  return null;
}

export { FLASH_MS } from '../../lib/price-flash';

type CellKind = 'odds' | 'rate' | 'line';

interface CellView {
  main: string;
  sub: string;
  label: string;
}

/** What a cell shows and how it is named, for its quote (null: an empty cell). */
function viewOf(
  quote: Quote | null,
  kind: CellKind,
  label: (price: string | null, figure: string) => string,
): CellView & { empty: boolean } {
  if (!quote) return { main: '', sub: '', label: label(null, ''), empty: true };
  const main = kind === 'odds' ? formatPrice(quote.main) : String(quote.main);
  // A line shows its rate; odds and rates show the money there (paise), short.
  const sub = kind === 'line' ? String(quote.sub) : formatSize(paise(quote.sub));
  return { main, sub, label: label(main, sub), empty: false };
}

/** The span's one text node, made so when React left it empty or replaced it. */
function textNodeOf(span: Element): Text {
  const first = span.firstChild;
  if (first instanceof Text && !first.nextSibling) return first;
  const node = document.createTextNode(span.textContent ?? '');
  span.replaceChildren(node);
  return node;
}

interface PriceCellProps {
  eventId: number;
  eventTitle: string;
  marketId: string;
  runnerId: number | null;
  selectionName: string;
  side: CellSide;
  level: number;
  /** Fancy cells show a line and a rate; the others a price and a size. */
  kind: CellKind;
  /** Where the cell sits, for its test id: the market's card (default) or the page's sticky strip. */
  place?: 'card' | 'strip';
}

/**
 * Keeps one cell's DOM in step with the book, outside React: on each change of its market the cell
 * works out its quote and, when it moved, writes in place what changed of its two texts (their text
 * nodes' data), its name and its empty state, and flashes. A price move renders no component: at 20
 * changes a second over 50 markets, React's scheduling and reconciliation of the moved cells were
 * most of the page's script. What was written is kept here, so nothing is read back from the DOM.
 *
 * While the cell's card is out of sight (`skip`: further off screen than a margin), nothing is
 * written: texts, name and empty state follow together when the card is drawn again, without a
 * flash, or at once when the cell takes the focus. The name always holds the visible text (WCAG
 * 2.5.3, label in name: a speech user says what they see), so they never go apart.
 */
function followQuote(
  book: OddsBook,
  el: HTMLButtonElement,
  cell: { marketId: string; runnerId: number | null; side: CellSide; level: number },
  rendered: { quote: { main: number; sub: number } | null; view: CellView & { empty: boolean } },
  describe: (quote: Quote | null) => CellView & { empty: boolean },
  skip: MarketSkip | null,
): () => void {
  let held = rendered.quote;
  /** What the DOM shows: texts, name and empty state. */
  let shown: CellView & { empty: boolean } = rendered.view;
  /** What to show once the card is drawn again. */
  let pending: (CellView & { empty: boolean }) | null = null;
  const mainSpan = el.querySelector('.price__main');
  const subSpan = el.querySelector('.price__sub');
  if (!mainSpan || !subSpan) return () => undefined;
  let mainNode = textNodeOf(mainSpan);
  let subNode = textNodeOf(subSpan);

  const write = (next: CellView & { empty: boolean }) => {
    if (next.main !== shown.main) {
      // React may have written the span again (a prop changed): write into its node of now.
      if (mainNode.parentNode !== mainSpan) mainNode = textNodeOf(mainSpan);
      mainNode.data = next.main;
    }
    if (next.sub !== shown.sub) {
      if (subNode.parentNode !== subSpan) subNode = textNodeOf(subSpan);
      subNode.data = next.sub;
    }
    if (next.label !== shown.label) el.setAttribute('aria-label', next.label);
    if (next.empty !== shown.empty) {
      el.disabled = next.empty;
      el.classList.toggle('price--empty', next.empty);
    }
    shown = next;
  };
  const writePending = () => {
    if (pending) write(pending);
    pending = null;
  };

  const update = () => {
    const quote = quoteOf(book.getMarket(cell.marketId), cell.runnerId, cell.side, cell.level);
    if (quote ? held !== null && quote.main === held.main && quote.sub === held.sub : held === null) return;
    const before = held;
    held = quote && { main: quote.main, sub: quote.sub };
    const view = describe(quote);
    if (skip?.skipped) {
      pending = view;
      skip.whenDrawn(writePending);
      return;
    }
    pending = null;
    write(view);
    if (before && quote) {
      flash(el, quote.main > before.main || (quote.main === before.main && quote.sub > before.sub));
    }
  };
  const off = book.subscribeMarket(cell.marketId, update);
  // Focus scrolls the cell into sight before the observer says so: what it names must be of now.
  el.addEventListener('focus', writePending);
  // The book may have moved between the render and this subscription.
  update();
  return () => {
    off();
    el.removeEventListener('focus', writePending);
    skip?.forget(writePending);
  };
}

/**
 * One price of one runner. It renders once with the quote the book holds, then follows its own
 * slice of the book by itself (`followQuote`): a move rewrites its texts and name in place and
 * flashes the cell with a CSS class (no layout read, so no forced reflow). Tapping it sends the
 * selection to the betslip.
 */
export const PriceCell = memo(function PriceCell(props: PriceCellProps) {
  const { eventId, eventTitle, marketId, runnerId, selectionName, side, level, kind, place = 'card' } = props;
  const book = useOddsBook();
  const skip = useMarketSkip();
  const ref = useRef<HTMLButtonElement>(null);
  const quote = quoteOf(book.getMarket(marketId), runnerId, side, level);
  const labeller = useMemo(
    () => priceLabeller(side, selectionName, kind === 'line' ? 'rate' : 'size'),
    [side, selectionName, kind],
  );
  const view = viewOf(quote, kind, labeller);
  const rendered = useRef({ quote: quote && { main: quote.main, sub: quote.sub }, view });
  rendered.current = { quote: quote && { main: quote.main, sub: quote.sub }, view };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    return followQuote(
      book,
      el,
      { marketId, runnerId, side, level },
      rendered.current,
      (q) => viewOf(q, kind, labeller),
      skip,
    );
  }, [book, skip, marketId, runnerId, side, level, kind, labeller]);

  const onClick = () => {
    const market = book.getMarket(marketId);
    const now = quoteOf(market, runnerId, side, level);
    if (!market || !now || market.status !== 'OPEN') return;
    const selection: PriceSelection = {
      eventId,
      eventTitle,
      marketId,
      marketName: market.name,
      marketType: market.type,
      side,
      runnerId: market.type === 'FANCY' ? null : runnerId,
      selectionName,
      rate: now.rate,
      fancyValue: now.fancyValue,
      betDelayMs: market.betDelayMs,
      minStake: market.minStake,
      maxStake: market.maxStake,
    };
    bus.emit('betslip:select', selection);
  };
  const sideClass = side === 'back' || side === 'yes' ? 'back' : 'lay';
  return (
    <button
      ref={ref}
      type="button"
      className={`price price--${sideClass} price--l${level}${view.empty ? ' price--empty' : ''}`}
      disabled={view.empty}
      onClick={onClick}
      data-testid={`${place === 'strip' ? 'strip-price' : 'price'}-${marketId}-${runnerId ?? 'f'}-${side}-${level}`}
      aria-label={view.label}
    >
      <span className="price__main">{view.main}</span> <span className="price__sub">{view.sub}</span>
    </button>
  );
});
