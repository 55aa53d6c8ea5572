import type { Paise } from '@backlay/exchange';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatMoney } from '@/shared/lib/money';
import { FieldError } from '@/shared/ui/feedback';
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
  const quick = quickAmounts(min, max);
  return (
    <div className="form-field">
      <label htmlFor={id}>Amount (₹)</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatMoney(min, 'digits')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-limits ${id}-error`}
        {...registration}
      />
      <p id={`${id}-limits`} className="hint">
        Min ₹{formatMoney(min, 'plain')} · Max ₹{formatMoney(max, 'plain')}
        {maxNote ? ` (${maxNote})` : ''}
      </p>
      {quick.length > 0 && (
        <div className="quick-amounts" role="group" aria-label="Quick amounts">
          {quick.map((a) => (
            <button key={a} type="button" className="quick-amount" onClick={() => onQuick(a)}>
              ₹{formatMoney(a, 'plain')}
            </button>
          ))}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
