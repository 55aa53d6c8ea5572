import { useEffect, useId, useRef } from 'react';
import type { PlayerBonus } from '@backlay/contract';
import { faClock, faGift } from '@fortawesome/free-solid-svg-icons';
import { useNow } from '@/shared/lib/clock';
import { formatDateTime } from '@/shared/lib/date';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../i18n';
import {
  offerBasis,
  offerText,
  plainTerms,
  statusLabel,
  statusTone,
  timeLeft,
  wageringPercent,
} from '../lib/bonus-text';
import { withElements } from '@/shared/i18n';
import { RefusalNotice } from '@/shared/ui/RefusalNotice';

function kindLabel(kind: PlayerBonus['kind']): string {
  switch (kind) {
    case 'FirstDeposit':
      return t('bonus.kind.firstDeposit');
    case 'Reload':
      return t('bonus.kind.reload');
    case 'Cashback':
      return t('bonus.kind.cashback');
    case 'Free':
      return t('bonus.kind.free');
  }
}

/** When a finished bonus ended, and how. */
function endedText(bonus: PlayerBonus, endedAt: string): string {
  const date = formatDateTime(endedAt);
  return bonus.status === 'Completed'
    ? t('bonus.ended.completed', { date })
    : t('bonus.ended.status', { status: statusLabel(bonus.status), date });
}

export function BonusStatusChip({ bonus }: { bonus: Pick<PlayerBonus, 'status'> }) {
  return (
    <span className={`status-chip status-chip--${statusTone(bonus.status)}`} data-status={bonus.status}>
      {statusLabel(bonus.status)}
    </span>
  );
}

/** Wagering done of wagering asked: a bar with its figures, readable as a progressbar. */
export function WageringProgress({ bonus }: { bonus: PlayerBonus }) {
  const label = useId();
  const percent = wageringPercent(bonus);
  const done = `₹${formatMoney(bonus.wagered, 'plain')}`;
  const required = `₹${formatMoney(bonus.wageringRequired, 'plain')}`;
  return (
    <div className="bonus-progress">
      <div className="bonus-progress__text">
        <span id={label}>{t('bonus.wagering.title')}</span>
        <span>
          {withElements((v) => t('bonus.wagering.progress', v), {
            done: <strong>{done}</strong>,
            required,
          })}
        </span>
      </div>
      <div
        className="meter"
        role="progressbar"
        aria-labelledby={label}
        aria-valuemin={0}
        aria-valuemax={bonus.wageringRequired / 100}
        aria-valuenow={Math.min(bonus.wagered, bonus.wageringRequired) / 100}
        aria-valuetext={t('bonus.wagering.valueText', { done, required })}
      >
        <span className="meter__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The active bonus's time left, ticking with the page's one clock; once past, `onExpired` once. */
export function ExpiryCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const now = useNow();
  const left = timeLeft(expiresAt, now);
  const told = useRef(false);
  useEffect(() => {
    if (left == null && !told.current) {
      told.current = true;
      onExpired();
    }
  }, [left, onExpired]);
  return (
    <p className="bonus-card__expiry" data-testid="bonus-countdown">
      <Icon icon={faClock} />{' '}
      {left == null
        ? t('bonus.expiry.ending')
        : withElements((v) => t('bonus.expiry.left', v), {
            left: <strong>{left}</strong>,
            at: <span className="muted">({formatDateTime(expiresAt)})</span>,
          })}
    </p>
  );
}

/**
 * One bonus: what it pays, its state, the wagering bar and time left once claimed, and for an
 * offer every term in plain words right beside Claim (disabled, with the server's reason, when
 * it cannot be claimed now).
 */
export function BonusCard({
  bonus,
  claiming,
  refusal = null,
  onClaim,
  onExpired,
}: {
  bonus: PlayerBonus;
  claiming: boolean;
  /** The server's message when the player's responsible-gaming break refused this claim. */
  refusal?: string | null;
  onClaim: (bonus: PlayerBonus) => void;
  onExpired: () => void;
}) {
  const reasonId = useId();
  const termsId = useId();
  const basis = offerBasis(bonus);
  const offer = bonus.status === 'Available';
  const claimed = bonus.claimedAt != null;
  return (
    <article
      className={`card bonus-card bonus-card--${bonus.status.toLowerCase()}`}
      aria-label={bonus.title}
      data-testid={`bonus-${bonus.id}${bonus.userBonusId != null ? `-${bonus.userBonusId}` : ''}`}
    >
      <header className="bonus-card__head">
        <span className="bonus-card__icon" aria-hidden="true">
          <Icon icon={faGift} />
        </span>
        <div className="bonus-card__title">
          <h3>{bonus.title}</h3>
          <span className="muted">{kindLabel(bonus.kind)}</span>
        </div>
        <BonusStatusChip bonus={bonus} />
      </header>

      <div className="bonus-card__offer">
        <strong className="bonus-card__amount" data-testid="bonus-amount">
          {offerText(bonus)}
        </strong>
        {basis && <span className="muted">{basis}</span>}
      </div>
      {bonus.description && <p className="bonus-card__description">{bonus.description}</p>}

      {claimed && bonus.wageringRequired > 0 && <WageringProgress bonus={bonus} />}
      {bonus.status === 'Active' && bonus.expiresAt && (
        <ExpiryCountdown expiresAt={bonus.expiresAt} onExpired={onExpired} />
      )}
      {bonus.endedAt && <p className="bonus-card__ended muted">{endedText(bonus, bonus.endedAt)}</p>}

      {refusal && <RefusalNotice message={refusal} testId="claim-refusal" />}
      {offer ? (
        <div className="bonus-card__claim">
          <div className="bonus-card__terms" id={termsId}>
            <h4>{t('bonus.terms.title')}</h4>
            <ul>
              {plainTerms(bonus).map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            {bonus.terms && <p className="bonus-card__operator-terms">{bonus.terms}</p>}
          </div>
          <div className="bonus-card__action">
            <button
              type="button"
              className="btn btn--primary"
              disabled={!bonus.claimable || claiming}
              aria-describedby={bonus.claimable ? termsId : `${reasonId} ${termsId}`}
              onClick={() => onClaim(bonus)}
            >
              {claiming ? t('bonus.claiming') : t('bonus.claim')}
            </button>
            {!bonus.claimable && bonus.reason && (
              <p id={reasonId} className="bonus-card__reason">
                {bonus.reason}
              </p>
            )}
          </div>
        </div>
      ) : (
        <details className="bonus-card__terms bonus-card__terms--claimed">
          <summary>{t('bonus.terms.title')}</summary>
          <ul>
            {plainTerms(bonus).map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          {bonus.terms && <p className="bonus-card__operator-terms">{bonus.terms}</p>}
        </details>
      )}
    </article>
  );
}
