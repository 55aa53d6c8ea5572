import { memo, useLayoutEffect, useRef } from 'react';
import type { OddsMarket } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import type { PriceSelection } from '@/shared/market/selection';
import { formatPrice, formatSize } from '../../lib/format';
import { priceLabel, type PriceSide } from '../../lib/price-label';
import { useMarketSlice, useOddsBook } from '../../lib/use-odds';

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
  const runner = market.runners.find((r) => r.id === runnerId);
  if (!runner || (side !== 'back' && side !== 'lay')) return null;
  const levels = runner[side];
  const at = levels[level];
  if (!at) return null;
  const price = 'price' in at ? at.price : at.rate;
  return { main: price, sub: at.size, rate: price, fancyValue: null };
}

/** The cell's slice as one comparable string, so the cell renders only when its own quote moved. */
function keyOf(quote: Quote | null): string {
  return quote ? `${quote.main}|${quote.sub}` : '';
}

export const FLASH_MS = 500;
const flashing = new Map<HTMLElement, number>();
let sweep: ReturnType<typeof setTimeout> | null = null;

/**
 * Marks a cell as moved up or down for FLASH_MS. One shared timer takes the marks off in batches:
 * a static highlight costs two style recalculations per move, where a CSS animation would cost one
 * per frame per cell (with 50 busy markets that was most of the main thread).
 */
function flash(el: HTMLElement, up: boolean) {
  el.classList.remove(up ? 'flash-down' : 'flash-up');
  el.classList.add(up ? 'flash-up' : 'flash-down');
  flashing.set(el, performance.now() + FLASH_MS);
  sweep ??= setTimeout(unflash, FLASH_MS);
}

function unflash() {
  sweep = null;
  const now = performance.now();
  let next = Infinity;
  for (const [el, until] of flashing) {
    if (until <= now + 16) {
      el.classList.remove('flash-up', 'flash-down');
      flashing.delete(el);
    } else next = Math.min(next, until);
  }
  if (next !== Infinity) sweep = setTimeout(unflash, next - now);
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
  kind: 'odds' | 'rate' | 'line';
  /** Where the cell sits, for its test id: the market's card (default) or the page's sticky strip. */
  place?: 'card' | 'strip';
}

/**
 * One price of one runner. It subscribes to its own slice of the book; a move flashes the cell with
 * a CSS class set in a layout effect (no layout read, so no forced reflow). Tapping it sends the
 * selection to the betslip.
 */
export const PriceCell = memo(function PriceCell(props: PriceCellProps) {
  const { eventId, eventTitle, marketId, runnerId, selectionName, side, level, kind, place = 'card' } = props;
  const book = useOddsBook();
  const key = useMarketSlice(marketId, (m) => keyOf(quoteOf(m, runnerId, side, level)));
  const ref = useRef<HTMLButtonElement>(null);
  const previous = useRef(key);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = key;
    const el = ref.current;
    if (!el || before === key || before === '' || key === '') return;
    const was = Number(before.split('|')[0]);
    const now = Number(key.split('|')[0]);
    const up = now > was || (now === was && Number(key.split('|')[1]) > Number(before.split('|')[1]));
    flash(el, up);
  }, [key]);

  const [mainText, subText] = key === '' ? ['', ''] : key.split('|');
  const empty = key === '';
  const onClick = () => {
    const market = book.getMarket(marketId);
    const quote = quoteOf(market, runnerId, side, level);
    if (!market || !quote || market.status !== 'OPEN') return;
    const selection: PriceSelection = {
      eventId,
      eventTitle,
      marketId,
      marketName: market.name,
      marketType: market.type,
      side,
      runnerId: market.type === 'FANCY' ? null : runnerId,
      selectionName,
      rate: quote.rate,
      fancyValue: quote.fancyValue,
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
      className={`price price--${sideClass} price--l${level}${empty ? ' price--empty' : ''}`}
      disabled={empty}
      onClick={onClick}
      data-testid={`${place === 'strip' ? 'strip-price' : 'price'}-${marketId}-${runnerId ?? 'f'}-${side}-${level}`}
      aria-label={priceLabel(
        side,
        selectionName,
        empty ? null : kind === 'odds' ? formatPrice(Number(mainText)) : (mainText ?? ''),
        kind === 'line' ? (subText ?? '') : undefined,
        // The money there, as the cell shows it, for rates as for odds (the name holds the text).
        kind !== 'line' && !empty ? formatSize(paise(Number(subText))) : undefined,
      )}
    >
      {!empty && (
        <>
          <span className="price__main">{kind === 'odds' ? formatPrice(Number(mainText)) : mainText}</span>{' '}
          <span className="price__sub">{kind === 'line' ? subText : formatSize(paise(Number(subText)))}</span>
        </>
      )}
    </button>
  );
});
