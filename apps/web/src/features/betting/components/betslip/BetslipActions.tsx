import { Link } from 'react-router';
import { useUiStore } from '@/shared/stores/ui';
import { t } from '../../i18n';
import { useBetslipStore } from '../../stores/betslip';

/**
 * Cancel (or Back from the confirm step) and Place (or Confirm), or the way to log in; then the
 * player's "confirm before placing" setting.
 */
export function BetslipActions({
  signedIn,
  confirming,
  pending,
  onBack,
  onSubmit,
}: {
  signedIn: boolean;
  confirming: boolean;
  pending: boolean;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const confirmFirst = useUiStore((s) => s.confirmBeforePlaceBet);
  return (
    <>
      {signedIn ? (
        <div className="betslip__actions">
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => (confirming ? onBack() : useBetslipStore.getState().close())}
            disabled={pending}
          >
            {confirming ? t('betting.slip.goBack') : t('betting.slip.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onSubmit} disabled={pending}>
            {pending
              ? t('betting.slip.placing')
              : confirming
                ? t('betting.slip.confirmBet')
                : t('betting.slip.placeBet')}
          </button>
        </div>
      ) : (
        <Link className="btn btn--primary btn--block" to="/auth/login">
          {t('betting.slip.logInToBet')}
        </Link>
      )}
      <label className="checkbox betslip__option">
        <input
          type="checkbox"
          checked={confirmFirst}
          onChange={(e) => useUiStore.getState().setConfirmBeforePlaceBet(e.target.checked)}
        />
        {t('betting.slip.confirmFirst')}
      </label>
    </>
  );
}
