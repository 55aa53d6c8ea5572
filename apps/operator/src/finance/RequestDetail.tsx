import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import type { ApiError } from '@/api/errors';
import { formatAge, formatDateTime, formatMoney, methodName } from '@/shared/format';
import { DecisionPanel } from './DecisionPanel';
import { compareDeposit, type ComparisonRow } from './ocr-compare';
import { RequestPlayer } from './RequestPlayer';
import { ScreenshotViewer } from './ScreenshotViewer';
import type { CashierSettings, QueueItem } from './types';

interface Props {
  item: QueueItem;
  now: number;
  settings: CashierSettings | undefined;
  onDecided: (item: QueueItem) => void;
  onStale: (item: QueueItem, error: ApiError) => void;
}

/**
 * One request beside its evidence: the screenshot, what the OCR read against what was typed, the
 * player's account with the warnings it supports, the actions.
 */
export function RequestDetail({ item, now, settings, onDecided, onStale }: Props) {
  const titleId = `request-detail-${item.id}`;
  return (
    <article className="detail" aria-labelledby={titleId}>
      <header className="detail__head">
        <h2 id={titleId}>
          {item.type} #{item.id} · {item.userName} · {formatMoney(item.amount)}
        </h2>
        <p className="muted">
          {methodName(item.paymentMethod)} · {item.statusName} · asked {formatDateTime(item.creationTime)} (
          {formatAge(item.creationTime, now)} ago) · player #{item.userId}
        </p>
      </header>
      <div className="detail__body">
        <div className="detail__evidence">
          {item.type === 'Deposit' ? (
            item.imageUrl ? (
              <ScreenshotViewer url={item.imageUrl} label={`Payment screenshot of request #${item.id}`} />
            ) : (
              <p className="shot__placeholder">This deposit came without a screenshot.</p>
            )
          ) : (
            <PayoutAccount item={item} />
          )}
        </div>
        <div className="detail__facts">
          {item.type === 'Deposit' && <OcrCheck item={item} settings={settings} />}
          <RequestPlayer item={item} now={now} />
          <DecisionPanel key={item.id} item={item} onDecided={onDecided} onStale={onStale} />
        </div>
      </div>
    </article>
  );
}

function PayoutAccount({ item }: { item: QueueItem }) {
  return (
    <section aria-label="Pay to">
      <h3>Pay to</h3>
      <dl className="facts">
        {item.upiId ? (
          <>
            <dt>UPI id</dt>
            <dd className="mono">{item.upiId}</dd>
          </>
        ) : (
          <>
            <dt>Account holder</dt>
            <dd>{item.accountHolderName ?? '—'}</dd>
            <dt>Account number</dt>
            <dd className="mono">{item.accountNumber ?? '—'}</dd>
            <dt>IFSC</dt>
            <dd className="mono">{item.ifscCode ?? '—'}</dd>
          </>
        )}
        <dt>Amount</dt>
        <dd className="amount">{formatMoney(item.amount)}</dd>
      </dl>
      <p className="field__hint">Pay this amount to this account, then approve with the payout's UTR.</p>
    </section>
  );
}

const OCR_STATE: Record<NonNullable<QueueItem['ocr']>, string> = {
  pending: 'Not read yet',
  read: 'Read',
  unreadable: 'Unreadable',
};

function OcrCheck({ item, settings }: { item: QueueItem; settings: CashierSettings | undefined }) {
  const rows = compareDeposit(item, settings);
  const flagged = rows.filter((r) => r.mismatch).length;
  return (
    <section aria-labelledby={`ocr-${item.id}`}>
      <h3 id={`ocr-${item.id}`}>
        Screenshot check{' '}
        <span className="muted small">
          OCR: {item.ocr ? OCR_STATE[item.ocr] : 'no screenshot'}
          {item.ocrNote ? ` (${item.ocrNote})` : ''}
        </span>
      </h3>
      {flagged > 0 && (
        <p className="notice notice--warn" role="status">
          <FontAwesomeIcon icon={faTriangleExclamation} /> {flagged} mismatch{flagged > 1 ? 'es' : ''} between
          the screenshot and what was typed: check before approving.
        </p>
      )}
      <table className="grid ocr">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Typed / expected</th>
            <th scope="col">Read on the screenshot</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <OcrRow key={row.key} row={row} />
          ))}
          {item.suggestedUtr && (
            <tr>
              <th scope="row">Suggested UTR</th>
              <td className="muted">—</td>
              <td className="mono">{item.suggestedUtr}</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

function OcrRow({ row }: { row: ComparisonRow }) {
  const [best, ...others] = row.read;
  return (
    <tr className={row.mismatch ? 'ocr__row--mismatch' : undefined} data-testid={`ocr-${row.key}`}>
      <th scope="row">{row.label}</th>
      <td className="mono">{row.typed}</td>
      <td className="mono">
        {best ? (
          <>
            {best.value} <span className="muted small">{best.confidence}%</span>
            {others.length > 0 && (
              <span className="muted small"> · also {others.map((o) => o.value).join(', ')}</span>
            )}
          </>
        ) : (
          <span className="muted">not read</span>
        )}
        {row.mismatch && (
          <span className="flag flag--bad ocr__flag">
            <FontAwesomeIcon icon={faTriangleExclamation} /> Mismatch
          </span>
        )}
      </td>
    </tr>
  );
}
