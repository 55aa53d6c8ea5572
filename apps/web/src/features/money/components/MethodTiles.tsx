import type { PaymentMethod } from '@backlay/contract';
import { faBuildingColumns, faMobileScreen, faWallet } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';

export const METHOD_LABEL: Record<PaymentMethod, string> = {
  Upi: 'UPI',
  Imps: 'IMPS / Bank',
  PhonePay: 'PhonePe',
  Paytm: 'Paytm',
  Gpay: 'Google Pay',
};

const METHOD_ICON: Record<PaymentMethod, IconDefinition> = {
  Upi: faMobileScreen,
  Imps: faBuildingColumns,
  PhonePay: faWallet,
  Paytm: faWallet,
  Gpay: faWallet,
};

export function methodLabel(method: string): string {
  return (METHOD_LABEL as Record<string, string>)[method] ?? method;
}

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
      <legend className="money-legend">Payment method</legend>
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
            <span>{METHOD_LABEL[m]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
