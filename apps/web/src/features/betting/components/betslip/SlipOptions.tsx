import type { PriceSelection } from '@/shared/market/selection';
import { t } from '../../i18n';
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
    <div className="betslip__options" role="group" aria-label={t('betting.slip.options')}>
      <label className="checkbox betslip__option">
        <input
          type="checkbox"
          checked={acceptAnyOdds}
          disabled={pending}
          onChange={(e) => useBetslipStore.getState().setAcceptAnyOdds(e.target.checked)}
        />
        <span>
          {t('betting.slip.acceptAnyOdds')}
          <small className="betslip__option-hint">
            {ladder ? t('betting.slip.acceptAnyOddsLadder') : t('betting.slip.acceptAnyOddsFixed')}
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
            {t('betting.slip.keepInPlay')}
            <small className="betslip__option-hint">{t('betting.slip.keepInPlayHint')}</small>
          </span>
        </label>
      )}
    </div>
  );
}
