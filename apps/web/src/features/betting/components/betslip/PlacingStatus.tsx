import { Link } from 'react-router';
import { t } from '../../i18n';
import type { SlipRefusal } from './use-slip-placement';

/** The server's refusal, or the bet on its way, counting down the in-play delay while it is held. */
export function PlacingStatus({
  error,
  pending,
  countdown,
}: {
  error: SlipRefusal | null;
  pending: boolean;
  countdown: number;
}) {
  return (
    <>
      {error && (
        <p className="betslip__error" role="alert">
          {error.message}
          {/* A refusal by the player's own limits points to where they are set. */}
          {error.responsibleGaming && (
            <>
              {' '}
              <Link to="/responsible-gaming">{t('betting.slip.responsibleGaming')}</Link>
            </>
          )}
        </p>
      )}

      {pending && (
        <p className="betslip__pending" role="status">
          {countdown > 0 ? (
            <>
              {t('betting.slip.holding')}{' '}
              {/* The seconds are for the eye: in this live region they would be read out every second. */}
              <strong data-testid="betslip-countdown" aria-hidden="true">
                {t('betting.slip.seconds', { seconds: String(countdown) })}
              </strong>
            </>
          ) : (
            t('betting.slip.placingYourBet')
          )}
        </p>
      )}
    </>
  );
}
