import type { SlipPreview } from '../../lib/slip';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../../i18n';

/** What the bet wins and what it risks at this stake, from @backlay/exchange's formulas. */
export function BetPreview({ isFancy, preview }: { isFancy: boolean; preview: SlipPreview | null }) {
  return (
    <dl className="betslip__preview" aria-live="polite">
      <div>
        <dt>{isFancy ? t('betting.slip.win') : t('betting.term.profit')}</dt>
        <dd className="pos" data-testid="betslip-profit">
          {preview ? `₹${formatMoney(preview.profitPaise)}` : '—'}
        </dd>
      </div>
      <div>
        <dt>{t('betting.term.liability')}</dt>
        <dd className="neg" data-testid="betslip-liability">
          {preview ? `₹${formatMoney(preview.liabilityPaise)}` : '—'}
        </dd>
      </div>
    </dl>
  );
}
