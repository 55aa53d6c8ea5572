import { faXmark } from '@fortawesome/free-solid-svg-icons';
import type { OrderStatus } from '@backlay/contract';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { formatRate, isLadderMarket } from '../../lib/slip';
import { selectionText } from '../../lib/format';
import { useBetslipStore, type PlacedOrder } from '../../stores/betslip';
import { UnmatchedActions } from '../UnmatchedActions';
import { SIDE_LABEL } from './side-label';

const STATUS_TEXT: Record<OrderStatus, string> = {
  MATCHED: 'Matched',
  PARTIALLY_MATCHED: 'Partly matched',
  UNMATCHED: 'Unmatched',
  CANCELLED: 'Cancelled',
  LAPSED: 'Lapsed',
};

/**
 * After placing, in the slip where the thumb is: what matched at which prices, what rests unmatched
 * at which price (with Cancel and Edit price), following cancels, edits and the hub's pushes.
 */
export function PlacedOrderPanel({ order }: { order: PlacedOrder }) {
  const { selection } = order;
  const sideClass = selection.side === 'back' || selection.side === 'yes' ? 'back' : 'lay';
  const rate = (r: number) => formatRate(selection.marketType, r);
  const done = () => useBetslipStore.getState().dismissPlaced();
  return (
    <section
      className={`betslip betslip--open betslip--${sideClass} card`}
      aria-label="Bet placed"
      data-testid="betslip-result"
    >
      <header className="betslip__head">
        <h2 className="betslip__title">Bet placed</h2>
        <button type="button" className="betslip__close" aria-label="Close betslip" onClick={done}>
          <Icon icon={faXmark} />
        </button>
      </header>
      <div className="betslip__body">
        <div className="betslip__selection">
          <span className={`betslip__side betslip__side--${sideClass}`}>{SIDE_LABEL[selection.side]}</span>
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
            {STATUS_TEXT[order.status]}
          </span>
        </div>

        <ul className="order-parts" aria-label="What matched and what rests">
          {order.fills.map((f) => (
            <li key={f.betId} className="order-parts__row" data-testid="betslip-fill">
              <span className="order-parts__label">Matched</span>
              <strong>₹{formatMoney(f.stake, 'plain')}</strong>
              <span>@ {rate(f.rate)}</span>
            </li>
          ))}
          {order.unmatchedStake > 0 && (
            <li className="order-parts__row order-parts__row--rest" data-testid="betslip-unmatched">
              <span className="order-parts__label">Unmatched</span>
              <strong>₹{formatMoney(order.unmatchedStake, 'plain')}</strong>
              <span>@ {rate(order.requestedRate)}</span>
            </li>
          )}
        </ul>
        {order.unmatchedStake > 0 && isLadderMarket(selection.marketType) && (
          <>
            <p className="betslip__hint-inline">
              The unmatched part waits in the book at {rate(order.requestedRate)} until someone takes it
              {order.fills.length > 0 ? '' : ', or you cancel it'}.
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
        <p className="betslip__result-message" role="status">
          {order.message}
        </p>
        <button type="button" className="btn btn--primary btn--block" onClick={done}>
          Done
        </button>
      </div>
    </section>
  );
}
