import type { PaymentInfo, PaymentMethod } from '@backlay/contract';
import { t } from '../i18n';
import { CopyValue } from './CopyValue';

/**
 * Where the player pays outside the app: the operator's UPI id and payee name, or the bank account
 * (IMPS), each value with a copy button. The chosen method's details come first.
 */
export function PayTo({ info, method }: { info: PaymentInfo; method: PaymentMethod | null }) {
  const upi = info.upi && (
    <div className="pay-to__block" key="upi">
      <h3 className="pay-to__title">UPI</h3>
      <CopyValue label={t('money.field.upiId')} value={info.upi.vpa} />
      <CopyValue label={t('money.payTo.payee')} value={info.upi.payeeName} />
    </div>
  );
  const bank = info.bank && (
    <div className="pay-to__block" key="bank">
      <h3 className="pay-to__title">{t('money.payTo.bankTitle')}</h3>
      <CopyValue label={t('money.payTo.holder')} value={info.bank.accountHolderName} />
      <CopyValue label={t('money.field.accountNumber')} value={info.bank.accountNumber} />
      <CopyValue label="IFSC" value={info.bank.ifscCode} />
      <CopyValue label={t('money.payTo.bank')} value={info.bank.bankName} />
    </div>
  );
  if (!upi && !bank) return <p className="hint">{t('money.payTo.none')}</p>;
  return <div className="pay-to">{method === 'Imps' ? [bank, upi] : [upi, bank]}</div>;
}
