import { useEffect, useId, useRef } from 'react';
import type { PlayerBonus } from '@backlay/contract';
import { faClock, faGift } from '@fortawesome/free-solid-svg-icons';
import { useNow } from '@/shared/lib/clock';
import { formatDateTime } from '@/shared/lib/date';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import {
  offerBasis,
  offerText,
  plainTerms,
  statusLabel,
  statusTone,
  timeLeft,
  wageringPercent,
} from '../lib/bonus-text';

const KIND_LABEL: Record<PlayerBonus['kind'], string> = {
  FirstDeposit: 'First deposit',
  Reload: 'Reload',
  Cashback: 'Cashback',
  Free: 'Free',
};

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
  const of = `₹${formatMoney(bonus.wageringRequired, 'plain')}`;
  return (
    <div className="bonus-progress">
      <div className="bonus-progress__text">
        <span id={label}>Wagering</span>
        <span>
          <strong>{done}</strong> of {of}
        </span>
      </div>
      <div
        className="meter"
        role="progressbar"
        aria-labelledby={label}
        aria-valuemin={0}
        aria-valuemax={bonus.wageringRequired / 100}
        aria-valuenow={Math.min(bonus.wagered, bonus.wageringRequired) / 100}
        aria-valuetext={`${done} of ${of} wagered`}
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
      {left == null ? (
        'Time is up: the bonus is ending'
      ) : (
        <>
          Expires in <strong>{left}</strong> <span className="muted">({formatDateTime(expiresAt)})</span>
        </>
      )}
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
  onClaim,
  onExpired,
}: {
  bonus: PlayerBonus;
  claiming: boolean;
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
          <span className="muted">{KIND_LABEL[bonus.kind]}</span>
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
      {bonus.endedAt && (
        <p className="bonus-card__ended muted">
          {bonus.status === 'Completed' ? 'Paid to your cash' : bonus.status} on{' '}
          {formatDateTime(bonus.endedAt)}
        </p>
      )}

      {offer ? (
        <div className="bonus-card__claim">
          <div className="bonus-card__terms" id={termsId}>
            <h4>Terms</h4>
            <ul>
              {plainTerms(bonus).map((t) => (
                <li key={t}>{t}</li>
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
              {claiming ? 'Claiming…' : 'Claim'}
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
          <summary>Terms</summary>
          <ul>
            {plainTerms(bonus).map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          {bonus.terms && <p className="bonus-card__operator-terms">{bonus.terms}</p>}
        </details>
      )}
    </article>
  );
}
