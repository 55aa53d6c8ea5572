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
        <h2 className="gateway__title">Payment received</h2>
        <p className="gateway__credited">
          <strong data-testid="gateway-credited">₹{formatMoney(read.data?.amount ?? order.amount)}</strong>{' '}
          added to your balance.
        </p>
        {utr && <CopyValue label="UTR" value={utr} />}
        <p className="hint">Order {order.orderId}. It is in your requests as an approved deposit.</p>
        <div className="form-actions">
          <Link to="/dwrequests" className="btn btn--outline">
            All requests
          </Link>
          <button type="button" className="btn btn--primary" onClick={onRestart}>
            Deposit again
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
        <h2 className="gateway__title">{failed ? 'The payment did not go through' : 'This order expired'}</h2>
        <p>
          {failed
            ? `The ${amount} payment was declined, and nothing was added to your balance.`
            : `No payment of ${amount} came in within the time. If you did pay it, it is still added to your balance once the payment is confirmed.`}
        </p>
        <p className="hint">Order {order.orderId}</p>
        <div className="form-actions">
          <button type="button" className="btn btn--primary" onClick={onRestart}>
            Start again
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
          <span className="gateway__label">Pay</span>
          <strong className="gateway__amount" data-testid="gateway-amount">
            {amount}
          </strong>
        </div>
        <div className="gateway__timer" aria-live="off">
          <span className="status-chip status-chip--pending" role="status">
            Waiting for payment
          </span>
          <span className="gateway__left">
            {left > 0 ? (
              <>
                Pay within <time data-testid="gateway-countdown">{countdown(left)}</time>
              </>
            ) : (
              'Time is up: checking…'
            )}
          </span>
        </div>
      </div>

      {upiLink && (
        <a className="btn btn--primary btn--block gateway__open" href={upiLink}>
          <Icon icon={faMobileScreen} /> Open UPI app
        </a>
      )}
      <p className="hint gateway__hint gateway__hint--touch">
        Tap Open UPI app and pay in PhonePe, Google Pay, Paytm or any UPI app, then come back here.
      </p>

      <figure className="gateway__qr">
        {order.qrDataUrl ? (
          <img src={order.qrDataUrl} alt="UPI QR code" width={220} height={220} />
        ) : (
          <span className="hint">The QR code could not be shown: use Open UPI app.</span>
        )}
        <figcaption>
          <span className="gateway__hint gateway__hint--desktop">
            On a computer? Scan this QR code with any UPI app on your phone.
          </span>
          <span className="gateway__hint gateway__hint--touch">Or scan it from another phone.</span>
        </figcaption>
      </figure>

      <p className="gateway__watch hint" role="status" aria-live="polite">
        {read.isError && read.data === undefined
          ? 'We could not check the payment just now; trying again…'
          : 'This page updates by itself once you have paid. Keep it open.'}
      </p>
      <p className="hint gateway__order">Order {order.orderId}</p>

      {order.sandboxUrl && (
        <a
          className="gateway__sandbox"
          href={order.sandboxUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="gateway-sandbox"
        >
          <Icon icon={faFlask} /> Sandbox: open the test payment page
        </a>
      )}

      <button type="button" className="btn btn--outline gateway__restart" onClick={onRestart}>
        Change amount
      </button>
    </div>
  );
}
