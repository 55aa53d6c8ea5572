import type { PriceSelection } from '@/shared/market/selection';
import { t } from '../../i18n';
import { isLadderMarket } from '../../lib/slip';
import { useBetslipStore } from '../../stores/betslip';
import { OddsInput } from '../OddsInput';

/** The price asked for: typed or a tick up or down the ladder (or a rate point); fancy lines stay fixed. */
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
  return (
    <OddsInput
      id="betslip-odds"
      label={isLadderMarket(selection.marketType) ? t('betting.term.odds') : t('betting.slip.rate')}
      marketType={selection.marketType}
      side={selection.side}
      rate={rate}
      disabled={pending}
      fixed={isFancy}
      onChange={(next) => useBetslipStore.getState().setRate(next)}
    />
  );
}
