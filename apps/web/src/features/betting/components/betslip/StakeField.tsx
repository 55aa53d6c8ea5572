import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../../i18n';

/** The stake as typed, in whole rupees; its message is the line under the quick stakes. */
export function StakeField({
  stakeText,
  minStake,
  pending,
  invalid,
  onChange,
}: {
  stakeText: string;
  minStake: Paise;
  pending: boolean;
  invalid: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <div className="betslip__field">
      <label htmlFor="betslip-stake">{t('betting.slip.stakeLabel')}</label>
      <input
        id="betslip-stake"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('betting.slip.stakePlaceholder', { min: formatMoney(minStake, 'digits') })}
        value={stakeText}
        disabled={pending}
        aria-invalid={invalid}
        aria-describedby="betslip-stake-message"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
