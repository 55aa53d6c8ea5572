import { Link } from 'react-router';
import { PAYMENT_ORDER_TTL_MINUTES } from '@backlay/contract';
import {
  faCircleCheck,
  faCircleXmark,
  faClock,
  faFlask,
  faMobileScreen,
} from '@fortawesome/free-solid-svg-icons';
import { clockNow, secondsUntil, useNow } from '@/shared/lib/clock';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { usePaymentOrder, type GatewayOrder } from '../api/payment-gateway';
import { t } from '../i18n';
import { withElements } from '@/shared/i18n';
import { CopyValue } from './CopyValue';

/** mm:ss (or h:mm:ss) left. */
function countdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Only an NPCI pay link goes into the button's href (the server makes it; this is a second lock). */
const UPI_PAY_LINK = /^upi:\/\/pay\?/i;

/**
 * A gateway order being paid: the QR code (the server's, as an image), the 'Open UPI app' link, the
 * amount, the time left, and the state the order reaches, asked every 3 seconds: paid (the amount
 * credited and its UTR), failed or expired (with a way to start again).
 */
export function GatewayPanel({ order, onRestart }: { order: GatewayOrder; onRestart: () => void }) {
  const read = usePaymentOrder(order);
  const status = read.data?.status ?? 'Pending';
  const pending = status === 'Pending';
  const now = useNow(pending);
  // Never more than an order's whole time: a phone's clock a little behind the server's would add some.
  const left = Math.min(
    secondsUntil(Date.parse(order.expiresAt), Math.max(now, clockNow())),
    PAYMENT_ORDER_TTL_MINUTES * 60,
  );
  const amount = `₹${formatMoney(order.amount)}`;

  if (status === 'Success') {
    const utr = read.data?.utr ?? null;
    return (
      <div className="gateway gateway--done card" role="status" aria-live="polite" data-testid="gateway">
        <Icon icon={faCircleCheck} className="gateway__big-icon gateway__big-icon--ok" />
        <h2 className="gateway__title">{t('money.gateway.received')}</h2>
        <p className="gateway__credited">
          {withElements((v) => t('money.gateway.credited', v), {
            amount: (
              <strong data-testid="gateway-credited">
                ₹{formatMoney(read.data?.amount ?? order.amount)}
              </strong>
            ),
          })}
        </p>
        {utr && <CopyValue label="UTR" value={utr} />}
        <p className="hint">{t('money.gateway.orderDone', { orderId: order.orderId })}</p>
        <div className="form-actions">
          <Link to="/dwrequests" className="btn btn--outline">
            {t('money.allRequests')}
          </Link>
          <button type="button" className="btn btn--primary" onClick={onRestart}>
            {t('money.gateway.again')}
          </button>
        </div>
      </div>
    );
  }

  if (status === 'Failed' || status === 'Expired') {
    const failed = status === 'Failed';
    return (
      <div className="gateway gateway--done card" role="status" aria-live="polite" data-testid="gateway">
        <Icon icon={failed ? faCircleXmark : faClock} className="gateway__big-icon gateway__big-icon--bad" />
        <h2 className="gateway__title">
          {failed ? t('money.gateway.failedTitle') : t('money.gateway.expiredTitle')}
        </h2>
        <p>
          {failed ? t('money.gateway.failedText', { amount }) : t('money.gateway.expiredText', { amount })}
        </p>
        <p className="hint">{t('money.gateway.order', { orderId: order.orderId })}</p>
        <div className="form-actions">
          <button type="button" className="btn btn--primary" onClick={onRestart}>
            {t('money.gateway.restart')}
          </button>
        </div>
      </div>
    );
  }

  const upiLink = UPI_PAY_LINK.test(order.upiUri) ? order.upiUri : null;
  return (
    <div className="gateway card" data-testid="gateway">
      <div className="gateway__head">
        <div>
          <span className="gateway__label">{t('money.gateway.pay')}</span>
          <strong className="gateway__amount" data-testid="gateway-amount">
            {amount}
          </strong>
        </div>
        <div className="gateway__timer" aria-live="off">
          <span className="status-chip status-chip--pending" role="status">
            {t('money.gateway.waiting')}
          </span>
          <span className="gateway__left">
            {left > 0
              ? withElements((v) => t('money.gateway.payWithin', v), {
                  time: <time data-testid="gateway-countdown">{countdown(left)}</time>,
                })
              : t('money.gateway.timeUp')}
          </span>
        </div>
      </div>

      {upiLink && (
        <a className="btn btn--primary btn--block gateway__open" href={upiLink}>
          <Icon icon={faMobileScreen} /> {t('money.gateway.openApp')}
        </a>
      )}
      <p className="hint gateway__hint gateway__hint--touch">{t('money.gateway.tapHint')}</p>

      <figure className="gateway__qr">
        {order.qrDataUrl ? (
          <img src={order.qrDataUrl} alt={t('money.gateway.qrAlt')} width={220} height={220} />
        ) : (
          <span className="hint">{t('money.gateway.noQr')}</span>
        )}
        <figcaption>
          <span className="gateway__hint gateway__hint--desktop">{t('money.gateway.scanDesktop')}</span>
          <span className="gateway__hint gateway__hint--touch">{t('money.gateway.scanTouch')}</span>
        </figcaption>
      </figure>

      <p className="gateway__watch hint" role="status" aria-live="polite">
        {read.isError && read.data === undefined
          ? t('money.gateway.checkFailed')
          : t('money.gateway.watching')}
      </p>
      <p className="hint gateway__order">{t('money.gateway.order', { orderId: order.orderId })}</p>

      {order.sandboxUrl && (
        <a
          className="gateway__sandbox"
          href={order.sandboxUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="gateway-sandbox"
        >
          <Icon icon={faFlask} /> {t('money.gateway.sandbox')}
        </a>
      )}

      <button type="button" className="btn btn--outline gateway__restart" onClick={onRestart}>
        {t('money.gateway.changeAmount')}
      </button>
    </div>
  );
}
