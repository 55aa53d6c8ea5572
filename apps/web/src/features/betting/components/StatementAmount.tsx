import { negPaise } from '@backlay/exchange';
import type { StatementLine } from '../api/get-transaction-history';
import { signedMoney } from '../lib/format';

/** A statement line's credit or debit, signed and coloured. */
export function StatementAmount({ line }: { line: StatementLine }) {
  if (line.credit > 0) return <span className="pos">{signedMoney(line.credit)}</span>;
  if (line.debit > 0) return <span className="neg">{signedMoney(negPaise(line.debit))}</span>;
  return <span>₹0.00</span>;
}
