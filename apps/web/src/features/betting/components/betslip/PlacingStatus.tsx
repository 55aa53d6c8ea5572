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
              <strong data-testid="betslip-countdown">
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
