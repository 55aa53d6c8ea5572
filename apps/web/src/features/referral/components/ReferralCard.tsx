import { useId } from 'react';
import type { ReferralDetail } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { faCheck } from '@fortawesome/free-solid-svg-icons';
import { formatDate, formatDateTime } from '@/shared/lib/date';
import { Icon } from '@/shared/ui/Icon';
import { progressPercent, rupees, statusLabel, statusTone } from '../lib/referral-text';
import { withElements } from '@/shared/i18n';
import { t } from '../i18n';

export function ReferralStatusChip({
  referral,
}: {
  referral: Pick<ReferralDetail, 'status' | 'underReview'>;
}) {
  return (
    <span
      className={`status-chip status-chip--${statusTone(referral)}`}
      data-status={referral.status}
      data-testid="referral-status"
    >
      {statusLabel(referral)}
    </span>
  );
}

/** One figure of the rule (deposit, bets): done of asked, as a bar readable as a progressbar. */
export function ReferralProgress({ label, have, need }: { label: string; have: Paise; need: Paise }) {
  const labelId = useId();
  const percent = progressPercent(have, need);
  const done = have >= need;
  const text = t('referral.card.progress', { have: rupees(have), need: rupees(need) });
  return (
    <div className={`referral-progress ${done ? 'referral-progress--done' : ''}`}>
      <div className="referral-progress__text">
        <span id={labelId}>{label}</span>
        <span>
          {done && <Icon icon={faCheck} />}{' '}
          {withElements((marks) => t('referral.card.progress', { ...marks, need: rupees(need) }), {
            have: <strong>{rupees(have)}</strong>,
          })}
        </span>
      </div>
      <div
        className="meter"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={need / 100}
        aria-valuenow={Math.min(have, need) / 100}
        aria-valuetext={text}
      >
        <span className="meter__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * A friend this player referred: the masked name, when they joined, the rule and their progress
 * in words and bars, the reward and its state; Claim when it is claimable, disabled with the
 * reason when the month's cap is reached.
 */
export function ReferralCard({
  referral: r,
  claiming,
  claimBlocked,
  capNote,
  onClaim,
}: {
  referral: ReferralDetail;
  /** This referral's claim is on its way. */
  claiming: boolean;
  /** Claim cannot be pressed now (another claim is on its way, or the month's cap is reached). */
  claimBlocked: boolean;
  /** Why Claim is disabled when it is the month's cap, else null. */
  capNote: string | null;
  onClaim: (referral: ReferralDetail) => void;
}) {
  const noteId = useId();
  const open = r.status === 'Pending' || r.status === 'Claimable';
  const asked = r.depositRequired > 0 || r.turnoverRequired > 0;
  return (
    <article
      className={`card referral referral--${r.status.toLowerCase()}`}
      aria-label={r.userName}
      data-testid={`referral-${r.userReferDetailId}`}
    >
      <header className="referral__head">
        <span className="referral__avatar" aria-hidden="true">
          {r.userName.charAt(0).toUpperCase()}
        </span>
        <div className="referral__title">
          <strong className="referral__name">{r.userName}</strong>
          <span className="muted">
            {withElements((marks) => t('referral.card.joined', marks), {
              date: <time dateTime={r.joinedAt}>{formatDate(r.joinedAt)}</time>,
            })}
          </span>
        </div>
        <div className="referral__reward">
          <strong data-testid="referral-reward">{rupees(r.reward)}</strong>
          <ReferralStatusChip referral={r} />
        </div>
      </header>

      <p className="referral__requirement" data-testid="referral-requirement">
        {r.requirement}
      </p>
      {open && asked && (
        <div className="referral__progress">
          {r.depositRequired > 0 && (
            <ReferralProgress
              label={t('referral.card.deposit')}
              have={r.deposited}
              need={r.depositRequired}
            />
          )}
          {r.turnoverRequired > 0 && (
            <ReferralProgress label={t('referral.card.bets')} have={r.turnover} need={r.turnoverRequired} />
          )}
        </div>
      )}

      {r.status === 'Pending' && r.underReview && (
        <p className="referral__note">{t('referral.card.checking')}</p>
      )}
      {r.status === 'Claimable' && (
        <div className="referral__action">
          <button
            type="button"
            className="btn btn--primary"
            disabled={claiming || claimBlocked}
            aria-describedby={capNote ? noteId : undefined}
            onClick={() => onClaim(r)}
          >
            {claiming ? t('referral.card.claiming') : t('referral.card.claim', { amount: rupees(r.reward) })}
          </button>
          {capNote && (
            <p id={noteId} className="referral__note">
              {capNote}
            </p>
          )}
        </div>
      )}
      {r.status === 'Claimed' && (
        <p className="referral__done" data-testid="referral-claimed-at">
          {r.claimedAt
            ? withElements((marks) => t('referral.card.claimedOn', marks), {
                date: <time dateTime={r.claimedAt}>{formatDateTime(r.claimedAt)}</time>,
              })
            : t('referral.card.claimed')}
        </p>
      )}
      {r.status === 'Rejected' && <p className="referral__note">{t('referral.card.rejected')}</p>}
    </article>
  );
}
