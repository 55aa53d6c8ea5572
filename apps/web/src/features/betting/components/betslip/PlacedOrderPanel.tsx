import { useEffect, useRef } from 'react';
import { faXmark } from '@fortawesome/free-solid-svg-icons';
import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../../i18n';
import { sideLabel } from '../../lib/sides';
import { formatRate, isLadderMarket } from '../../lib/slip';
import { selectionText } from '../../lib/format';
import { orderStatusText } from '../../lib/order-status';
import { useBetslipStore, type PlacedOrder } from '../../stores/betslip';
import { UnmatchedActions } from '../UnmatchedActions';

/**
 * After placing, in the slip where the thumb is: what matched at which prices, what rests unmatched
 * at which price (with Cancel and Edit price), following cancels, edits and the hub's pushes. The
 * slip's live region says the result; the focus, lost with the Place button, starts at its heading.
 */
export function PlacedOrderPanel({ order }: { order: PlacedOrder }) {
  const { selection } = order;
  const sideClass = selection.side === 'back' || selection.side === 'yes' ? 'back' : 'lay';
  const rate = (r: number) => formatRate(selection.marketType, r);
  const rupees = (amount: Paise) => formatMoney(amount, 'plain');
  const done = () => useBetslipStore.getState().dismissPlaced();
  const heading = useRef<HTMLHeadingElement>(null);
  const resting = order.unmatchedStake > 0;
  // The focus lost with the Place button, or with the rest's Cancel and Edit once nothing rests,
  // starts again at the heading.
  useEffect(() => {
    const at = document.activeElement;
    if (at == null || at === document.body) heading.current?.focus();
  }, [resting]);
  return (
    <section
      className={`betslip betslip--open betslip--${sideClass} card`}
      aria-label={t('betting.placed.title')}
      data-testid="betslip-result"
      onKeyDown={(e) => {
        // Escape in an edit's field is that field's; anywhere else the player is done.
        if (e.key !== 'Escape' || (e.target as HTMLElement).closest('input')) return;
        e.preventDefault();
        done();
      }}
    >
      <header className="betslip__head">
        <h2 ref={heading} className="betslip__title" tabIndex={-1}>
          {t('betting.placed.title')}
        </h2>
        <button type="button" className="betslip__close" aria-label={t('betting.slip.close')} onClick={done}>
          <Icon icon={faXmark} />
        </button>
      </header>
      <div className="betslip__body">
        <div className="betslip__selection">
          <span className={`betslip__side betslip__side--${sideClass}`}>{sideLabel(selection.side)}</span>
          <div className="betslip__names">
            <strong>{selectionText(selection.selectionName, selection.fancyValue)}</strong>
            <span className="muted">
              {selection.marketName} · {selection.eventTitle}
            </span>
          </div>
          <span
            className={`order-status order-status--${order.status.toLowerCase()}`}
            data-testid="betslip-result-status"
          >
            {orderStatusText(order.status)}
          </span>
        </div>

        <ul className="order-parts" aria-label={t('betting.placed.parts')}>
          {order.fills.map((f) => (
            <li key={f.betId} className="order-parts__row" data-testid="betslip-fill">
              <span className="order-parts__label">{t('betting.status.matched')}</span>
              <strong>₹{rupees(f.stake)}</strong>
              <span>@ {rate(f.rate)}</span>
            </li>
          ))}
          {order.unmatchedStake > 0 && (
            <li className="order-parts__row order-parts__row--rest" data-testid="betslip-unmatched">
              <span className="order-parts__label">{t('betting.status.unmatched')}</span>
              <strong>₹{rupees(order.unmatchedStake)}</strong>
              <span>@ {rate(order.requestedRate)}</span>
            </li>
          )}
        </ul>
        {resting && isLadderMarket(selection.marketType) && (
          <>
            <p className="betslip__hint-inline">
              {t(order.fills.length > 0 ? 'betting.placed.restWaits' : 'betting.placed.restWaitsOrCancel', {
                rate: rate(order.requestedRate),
              })}
            </p>
            <UnmatchedActions
              orderId={order.orderId}
              side={selection.side === 'lay' ? 'lay' : 'back'}
              marketType={selection.marketType}
              rate={order.requestedRate}
              stake={order.unmatchedStake}
              idPrefix="betslip"
            />
          </>
        )}
        <p className="betslip__result-message">{order.message}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={done}>
          {t('betting.placed.done')}
        </button>
      </div>
    </section>
  );
}
