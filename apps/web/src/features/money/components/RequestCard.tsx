import { useState } from 'react';
import type { PaymentRequestItem } from '@backlay/contract';
import { faArrowDown, faArrowUp, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { formatDateTime } from '@/shared/lib/date';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../i18n';
import { expectedBy } from '../lib/expected';
import { decidedLabel, payoutTarget, statusLabel, statusTone } from '../lib/request-status';
import { methodLabel } from './MethodTiles';

/** Text ending as a sentence does, so what follows it reads apart. */
function sentence(text: string): string {
  return /[.!?।]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export function StatusChip({ request }: { request: Pick<PaymentRequestItem, 'type' | 'statusName'> }) {
  return (
    <span className={`status-chip status-chip--${statusTone(request)}`} data-status={request.statusName}>
      {statusLabel(request)}
    </span>
  );
}

/**
 * One deposit or withdrawal with everything a player asks about it: its state and when each step
 * happened, when to expect the next, the UTR (a withdrawal's payout UTR once paid), where the money
 * goes, the reason for a rejection; and, for a pending withdrawal, a way to cancel it.
 */
export function RequestCard({
  request,
  onCancel,
  cancelling = false,
  headline = false,
}: {
  request: PaymentRequestItem;
  onCancel?: ((request: PaymentRequestItem) => void) | undefined;
  cancelling?: boolean;
  /** The status card after a submit: bigger, with the next step said. */
  headline?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deposit = request.type === 'Deposit';
  const pending = request.statusName === 'Pending';
  const due = expectedBy(request);
  // Read at each render: a pending list is asked again every 15 seconds.
  const late = pending && Date.now() > due.getTime();
  const target = payoutTarget(request);
  const utrLabel = deposit ? 'UTR' : t('money.request.payoutUtr');
  const kind = deposit ? t('money.request.deposit') : t('money.request.withdrawal');

  return (
    <article
      className={`request card ${headline ? 'request--headline' : ''}`}
      aria-label={`${kind} #${request.id}`}
      data-testid={`request-${request.id}`}
    >
      <header className="request__head">
        <span className={`request__icon request__icon--${deposit ? 'in' : 'out'}`} aria-hidden="true">
          <Icon icon={deposit ? faArrowDown : faArrowUp} />
        </span>
        <div className="request__title">
          <strong>
            {kind} <span className="muted">#{request.id}</span>
          </strong>
          <span className="muted">{methodLabel(request.paymentMethod)}</span>
        </div>
        <div className="request__amount">
          <strong>₹{formatMoney(request.amount)}</strong>
          <StatusChip request={request} />
        </div>
      </header>

      <ol className="request__steps">
        <li>
          <span>{t('money.request.requested')}</span>
          <time dateTime={request.creationTime}>{formatDateTime(request.creationTime)}</time>
        </li>
        {pending ? (
          <li className={late ? 'request__late' : ''}>
            <span>
              {late
                ? t('money.request.late')
                : deposit
                  ? t('money.request.checking')
                  : t('money.request.paying')}
            </span>
            <span>
              {late ? (
                <>
                  <Icon icon={faTriangleExclamation} />{' '}
                  {t('money.request.expectedBy', { date: formatDateTime(due) })}
                </>
              ) : (
                t('money.request.expectedBy', { date: formatDateTime(due) })
              )}
            </span>
          </li>
        ) : (
          <li>
            <span>{decidedLabel(request)}</span>
            {request.processedTime ? (
              <time dateTime={request.processedTime}>{formatDateTime(request.processedTime)}</time>
            ) : (
              <span className="muted">—</span>
            )}
          </li>
        )}
      </ol>

      <dl className="request__facts">
        {target && (
          <div>
            <dt>{request.upiId ? t('money.field.upiId') : t('money.request.account')}</dt>
            <dd>{target}</dd>
          </div>
        )}
        {request.accountHolderName && (
          <div>
            <dt>{t('money.request.holder')}</dt>
            <dd>{request.accountHolderName}</dd>
          </div>
        )}
        {(request.utr || !deposit) && (
          <div>
            <dt>{utrLabel}</dt>
            <dd className={request.utr ? 'request__utr' : 'muted'}>
              {request.utr ?? (pending ? t('money.request.utrLater') : '—')}
            </dd>
          </div>
        )}
      </dl>

      {request.statusName === 'Rejected' && (
        <p className="request__reason" role="note">
          <strong>{t('money.request.reason')}</strong>{' '}
          {sentence(request.reason ?? t('money.request.noReason', { id: request.id }))}
          {!deposit && ` ${t('money.request.backInBalance')}`}
        </p>
      )}
      {request.statusName === 'Cancelled' && !deposit && (
        <p className="hint">{t('money.request.cancelledNote')}</p>
      )}
      {pending && (
        <p className="hint">
          {deposit ? t('money.request.depositPending') : t('money.request.withdrawalPending')}
          {late && ` ${t('money.request.quote', { id: request.id })}`}
        </p>
      )}

      {pending && !deposit && onCancel && (
        <div className="request__actions">
          {confirming ? (
            <>
              <span className="hint">{t('money.request.cancelAsk')}</span>
              <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
                {t('money.request.keep')}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={cancelling}
                onClick={() => onCancel(request)}
              >
                {cancelling ? t('money.request.cancelling') : t('money.request.yesCancel')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--outline" onClick={() => setConfirming(true)}>
              {t('money.request.cancel')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
