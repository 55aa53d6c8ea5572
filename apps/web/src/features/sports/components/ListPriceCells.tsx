import { memo, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { EventPrices, ListRunnerPrice } from '@backlay/contract';
import { bus } from '@/shared/events/bus';
import type { PriceSelection } from '@/shared/market/selection';
import { formatPrice, formatSize } from '../lib/format';
import { useEventPrices } from '../lib/list-prices';
import { priceLabel } from '../lib/price-label';
import { t } from '../i18n';

const FLASH_MS = 600;

/** What each pair of cells stands for: home, the draw, away. */
export const OUTCOME_LABELS = ['1', 'X', '2'] as const;

/**
 * The three outcome slots of a row: 1 X 2 as the server ordered them when there is a draw, the two
 * runners in 1 and 2 (the X pair empty) when there is none.
 */
export function outcomeSlots(row: EventPrices | undefined): (ListRunnerPrice | null)[] {
  const runners = row?.runners ?? [];
  if (runners.length === 3) return [runners[0] ?? null, runners[1] ?? null, runners[2] ?? null];
  return [runners[0] ?? null, null, runners[1] ?? null];
}

/** The selection a tap on a list price sends to the betslip, or null when the cell has no price. */
export function listSelection(
  row: EventPrices,
  runner: ListRunnerPrice,
  side: 'back' | 'lay',
  eventTitle: string,
): PriceSelection | null {
  const quote = runner[side];
  if (!quote || row.status !== 'OPEN' || runner.status !== 'ACTIVE') return null;
  return {
    eventId: row.eventId,
    eventTitle,
    marketId: row.marketId,
    marketName: row.marketName,
    marketType: 'MATCH_ODDS',
    side,
    runnerId: runner.id,
    selectionName: runner.name,
    rate: quote.price,
    fancyValue: null,
    betDelayMs: row.betDelayMs,
    minStake: row.minStake,
    maxStake: row.maxStake,
  };
}

function Cell({
  row,
  runner,
  side,
  label,
  eventTitle,
}: {
  row: EventPrices | undefined;
  runner: ListRunnerPrice | null;
  side: 'back' | 'lay';
  label: string;
  eventTitle: string;
}) {
  const navigate = useNavigate();
  const quote = runner?.[side] ?? null;
  const selection = row && runner ? listSelection(row, runner, side, eventTitle) : null;
  const name = runner?.name ?? label;
  const ref = useRef<HTMLButtonElement>(null);
  const before = useRef(quote?.price);
  // A moved price is marked for a moment (a class set here: no layout read, so no forced reflow).
  useLayoutEffect(() => {
    const was = before.current;
    const now = quote?.price;
    before.current = now;
    const el = ref.current;
    if (!el || was == null || now == null || was === now) return;
    el.classList.remove('flash-up', 'flash-down');
    el.classList.add(now > was ? 'flash-up' : 'flash-down');
    const timer = setTimeout(() => el.classList.remove('flash-up', 'flash-down'), FLASH_MS);
    return () => clearTimeout(timer);
  }, [quote?.price]);
  return (
    <button
      ref={ref}
      type="button"
      className={`list-price list-price--${side}${quote ? '' : ' list-price--empty'}`}
      disabled={selection == null}
      data-testid={runner ? `list-price-${row?.eventId ?? 0}-${runner.id}-${side}` : undefined}
      aria-label={priceLabel(
        side,
        name,
        quote ? formatPrice(quote.price) : null,
        undefined,
        quote ? formatSize(quote.size) : undefined,
      )}
      onClick={() => {
        if (!selection) return;
        bus.emit('betslip:select', selection);
        // The slip opens on the event's page, beside (or over) its markets.
        void navigate(`/markets/${selection.eventId}`);
      }}
    >
      {quote ? (
        <>
          <span className="list-price__main">{formatPrice(quote.price)}</span>{' '}
          <span className="list-price__sub">{formatSize(quote.size)}</span>
        </>
      ) : (
        <span className="list-price__main">–</span>
      )}
    </button>
  );
}

/**
 * An event's match odds in a list row: the best back (blue) and lay (pink) of 1, X and 2, live
 * from the list's feed. Six cells always, empty until the prices come, so the row never moves.
 */
export const ListPriceCells = memo(function ListPriceCells({
  eventId,
  eventTitle,
}: {
  eventId: number;
  eventTitle: string;
}) {
  const row = useEventPrices(eventId);
  const slots = outcomeSlots(row);
  const off = row != null && row.status !== 'OPEN';
  return (
    <div className="list-prices" role="group" aria-label={t('sports.list.odds', { title: eventTitle })}>
      {slots.map((runner, i) => (
        <div className="list-prices__pair" key={OUTCOME_LABELS[i]}>
          <Cell
            row={row}
            runner={runner}
            side="back"
            label={OUTCOME_LABELS[i] ?? ''}
            eventTitle={eventTitle}
          />
          <Cell
            row={row}
            runner={runner}
            side="lay"
            label={OUTCOME_LABELS[i] ?? ''}
            eventTitle={eventTitle}
          />
        </div>
      ))}
      {/* No live region: a list of rows turning suspended together would talk over everything. */}
      {off && (
        <span className="list-prices__off">
          {row.status === 'BALL_RUNNING' ? t('sports.status.ballRunning') : t('sports.status.suspended')}
        </span>
      )}
    </div>
  );
});

/**
 * The heads above a list's price columns: 1 X 2, each with Back and Lay over its two cells, so the
 * side is written and not only blue or pink. Hidden from screen readers: each cell's name says it.
 */
export function ListPriceHeads() {
  const back = t('sports.market.back');
  const lay = t('sports.market.lay');
  return (
    <div className="list-prices list-prices--heads" aria-hidden="true">
      {OUTCOME_LABELS.map((l) => (
        <span key={l} className="list-prices__head">
          <span className="list-prices__side">{back}</span>
          <span className="list-prices__outcome">{l}</span>
          <span className="list-prices__side">{lay}</span>
        </span>
      ))}
    </div>
  );
}
