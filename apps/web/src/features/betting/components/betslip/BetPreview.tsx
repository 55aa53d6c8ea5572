import type { SlipPreview } from '../../lib/slip';
import { formatMoney } from '@/shared/lib/money';

/** What the bet wins and what it risks at this stake, from @backlay/exchange's formulas. */
export function BetPreview({ isFancy, preview }: { isFancy: boolean; preview: SlipPreview | null }) {
  return (
    <dl className="betslip__preview" aria-live="polite">
      <div>
        <dt>{isFancy ? 'Win' : 'Profit'}</dt>
        <dd className="pos" data-testid="betslip-profit">
          {preview ? `₹${formatMoney(preview.profitPaise)}` : '—'}
        </dd>
      </div>
      <div>
        <dt>Liability</dt>
        <dd className="neg" data-testid="betslip-liability">
          {preview ? `₹${formatMoney(preview.liabilityPaise)}` : '—'}
        </dd>
      </div>
    </dl>
  );
}
