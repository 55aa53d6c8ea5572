import type { PaymentInfo, PaymentMethod } from '@backlay/contract';
import { CopyValue } from './CopyValue';

/**
 * Where the player pays outside the app: the operator's UPI id and payee name, or the bank account
 * (IMPS), each value with a copy button. The chosen method's details come first.
 */
export function PayTo({ info, method }: { info: PaymentInfo; method: PaymentMethod | null }) {
  const upi = info.upi && (
    <div className="pay-to__block" key="upi">
      <h3 className="pay-to__title">UPI</h3>
      <CopyValue label="UPI id" value={info.upi.vpa} />
      <CopyValue label="Payee name" value={info.upi.payeeName} />
    </div>
  );
  const bank = info.bank && (
    <div className="pay-to__block" key="bank">
      <h3 className="pay-to__title">Bank transfer (IMPS / NEFT)</h3>
      <CopyValue label="Account holder" value={info.bank.accountHolderName} />
      <CopyValue label="Account number" value={info.bank.accountNumber} />
      <CopyValue label="IFSC" value={info.bank.ifscCode} />
      <CopyValue label="Bank" value={info.bank.bankName} />
    </div>
  );
  if (!upi && !bank) return <p className="hint">This site has not published where to pay yet.</p>;
  return <div className="pay-to">{method === 'Imps' ? [bank, upi] : [upi, bank]}</div>;
}
