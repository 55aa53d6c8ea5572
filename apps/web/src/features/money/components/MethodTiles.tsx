import { paymentMethodName, type PaymentMethod } from '@backlay/contract';
import { faBuildingColumns, faMobileScreen, faWallet } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../i18n';

/** A method as players know it: the apps by their brand names, IMPS with the word for a bank. */
export function methodLabel(method: string): string {
  return method === 'Imps' ? t('money.method.imps') : paymentMethodName(method);
}

const METHOD_ICON: Record<PaymentMethod, IconDefinition> = {
  Upi: faMobileScreen,
  Imps: faBuildingColumns,
  PhonePay: faWallet,
  Paytm: faWallet,
  Gpay: faWallet,
};

/** The site's methods as tiles, one chosen (a radio group). */
export function MethodTiles({
  methods,
  value,
  onChange,
  name,
}: {
  methods: PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  name: string;
}) {
  return (
    <fieldset className="method-tiles">
      <legend className="money-legend">{t('money.method.legend')}</legend>
      <div className="method-tiles__grid">
        {methods.map((m) => (
          <label key={m} className={`method-tile ${value === m ? 'method-tile--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              className="visually-hidden"
            />
            <Icon icon={METHOD_ICON[m]} />
            <span>{methodLabel(m)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
