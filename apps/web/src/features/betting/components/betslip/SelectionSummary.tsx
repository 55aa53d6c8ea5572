import type { PriceSelection } from '@/shared/market/selection';
import { t } from '../../i18n';
import { selectionText } from '../../lib/format';
import { sideLabel } from '../../lib/sides';

/** The side, the selection and where it is: market (or Session for fancy) and event. */
export function SelectionSummary({ selection, sideClass }: { selection: PriceSelection; sideClass: string }) {
  const isFancy = selection.side === 'yes' || selection.side === 'no';
  return (
    <div className="betslip__selection">
      <span className={`betslip__side betslip__side--${sideClass}`}>{sideLabel(selection.side)}</span>
      <div className="betslip__names">
        <strong>{selectionText(selection.selectionName, selection.fancyValue)}</strong>
        <span className="muted">
          {isFancy ? t('betting.slip.session') : selection.marketName} · {selection.eventTitle}
        </span>
      </div>
    </div>
  );
}
