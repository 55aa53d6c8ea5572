import { faMinus, faPlus } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import type { PriceSelection } from '@/shared/market/selection';
import { formatRate, isLadderMarket, tickDown, tickUp } from '../../lib/slip';
import { useBetslipStore } from '../../stores/betslip';

/** The price asked for, a tick up or down the ladder (or a rate point); fancy lines stay fixed. */
export function PriceStepper({
  selection,
  rate,
  pending,
}: {
  selection: PriceSelection;
  rate: number;
  pending: boolean;
}) {
  const isFancy = selection.side === 'yes' || selection.side === 'no';
  const up = tickUp(selection.marketType, rate);
  const down = tickDown(selection.marketType, rate);
  return (
    <div className="betslip__field">
      <label htmlFor="betslip-odds">{isLadderMarket(selection.marketType) ? 'Odds' : 'Rate'}</label>
      <div className="stepper">
        <button
          type="button"
          aria-label="Price down a tick"
          disabled={pending || down == null || isFancy}
          onClick={() => down != null && useBetslipStore.getState().setRate(down)}
        >
          <Icon icon={faMinus} />
        </button>
        <output id="betslip-odds" data-testid="betslip-odds">
          {formatRate(selection.marketType, rate)}
        </output>
        <button
          type="button"
          aria-label="Price up a tick"
          disabled={pending || up == null || isFancy}
          onClick={() => up != null && useBetslipStore.getState().setRate(up)}
        >
          <Icon icon={faPlus} />
        </button>
      </div>
    </div>
  );
}
