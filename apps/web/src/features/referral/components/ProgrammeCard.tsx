import { faGift } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import {
  capReached,
  capText,
  claimedThisMonthText,
  programmeSteps,
  programmeText,
  type Programme,
} from '../lib/referral-text';
import { t } from '../i18n';

/** The programme in plain words: what a friend must do, what it pays, and the month's cap. */
export function ProgrammeCard({ programme }: { programme: Programme }) {
  const full = capReached(programme);
  return (
    <section className="card referral-programme" aria-label={t('referral.programme.label')}>
      <div className="referral-programme__head">
        <span className="referral-icon" aria-hidden="true">
          <Icon icon={faGift} />
        </span>
        <p className="referral-programme__headline" data-testid="referral-programme">
          {programmeText(programme)}
        </p>
      </div>
      <ol className="referral-programme__steps">
        {programmeSteps(programme).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className={`referral-programme__cap ${full ? 'referral-programme__cap--full' : ''}`}>
        <span>{capText(programme)}</span>
        <strong data-testid="referral-claimed-this-month">{claimedThisMonthText(programme)}</strong>
      </div>
    </section>
  );
}
