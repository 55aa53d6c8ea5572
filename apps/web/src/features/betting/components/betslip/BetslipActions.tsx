import { Link } from 'react-router';
import { useUiStore } from '@/shared/stores/ui';
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
            {confirming ? 'Back' : 'Cancel'}
          </button>
          <button type="button" className="btn btn--primary" onClick={onSubmit} disabled={pending}>
            {pending ? 'Placing…' : confirming ? 'Confirm bet' : 'Place bet'}
          </button>
        </div>
      ) : (
        <Link className="btn btn--primary btn--block" to="/auth/login">
          Log in to place bets
        </Link>
      )}
      <label className="checkbox betslip__option">
        <input
          type="checkbox"
          checked={confirmFirst}
          onChange={(e) => useUiStore.getState().setConfirmBeforePlaceBet(e.target.checked)}
        />
        Confirm before placing
      </label>
    </>
  );
}
