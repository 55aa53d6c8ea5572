import type { Paise } from '@backlay/exchange';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatMoney } from '@/shared/lib/money';
import { FieldError } from '@/shared/ui/feedback';
import { t } from '../i18n';
import { quickAmounts } from '../lib/amount';

/** The amount in rupees, its limits said beside it, and quick amounts inside them. */
export function AmountField({
  id,
  min,
  max,
  maxNote,
  error,
  registration,
  onQuick,
}: {
  id: string;
  min: Paise;
  max: Paise;
  /** Why the maximum is what it is, when it is not the site's limit ("what you can withdraw"). */
  maxNote?: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  onQuick: (amount: Paise) => void;
}) {
  // Figures only, formatted before the markup.
  const quick = quickAmounts(min, max).map((amount) => ({ amount, text: formatMoney(amount, 'plain') }));
  const placeholder = formatMoney(min, 'digits');
  const limits = { min: formatMoney(min, 'plain'), max: formatMoney(max, 'plain') };
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('money.amount.label')}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-limits ${id}-error`}
        {...registration}
      />
      <p id={`${id}-limits`} className="hint">
        {maxNote
          ? t('money.amount.limitsNote', { ...limits, note: maxNote })
          : t('money.amount.limits', limits)}
      </p>
      {quick.length > 0 && (
        <div className="quick-amounts" role="group" aria-label={t('money.amount.quick')}>
          {quick.map((q) => (
            <button key={q.amount} type="button" className="quick-amount" onClick={() => onQuick(q.amount)}>
              ₹{q.text}
            </button>
          ))}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
