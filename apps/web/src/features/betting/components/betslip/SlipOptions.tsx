import type { PriceSelection } from '@/shared/market/selection';
import { isLadderMarket } from '../../lib/slip';
import { useBetslipStore } from '../../stores/betslip';

/**
 * The order's options, remembered in 'betslips': take any price on offer, and (exchange markets)
 * keep the unmatched part when the market turns in play instead of cancelling it.
 */
export function SlipOptions({ selection, pending }: { selection: PriceSelection; pending: boolean }) {
  const acceptAnyOdds = useBetslipStore((s) => s.acceptAnyOdds);
  const persistence = useBetslipStore((s) => s.persistence);
  const ladder = isLadderMarket(selection.marketType);
  return (
    <div className="betslip__options" role="group" aria-label="Order options">
      <label className="checkbox betslip__option">
        <input
          type="checkbox"
          checked={acceptAnyOdds}
          disabled={pending}
          onChange={(e) => useBetslipStore.getState().setAcceptAnyOdds(e.target.checked)}
        />
        <span>
          Accept any odds
          <small className="betslip__option-hint">
            {ladder
              ? 'Take what is on offer now at any price; the rest waits at your odds'
              : 'Take the price when the bet is checked, even if it moved'}
          </small>
        </span>
      </label>
      {ladder && (
        <label className="checkbox betslip__option">
          <input
            type="checkbox"
            checked={persistence === 'keep'}
            disabled={pending}
            onChange={(e) => useBetslipStore.getState().setPersistence(e.target.checked ? 'keep' : 'cancel')}
          />
          <span>
            Keep in play
            <small className="betslip__option-hint">
              Unmatched stays in the book when the match goes in play (otherwise it is cancelled)
            </small>
          </span>
        </label>
      )}
    </div>
  );
}
