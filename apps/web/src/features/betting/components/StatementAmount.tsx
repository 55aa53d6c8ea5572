import { formatMoney } from '@/shared/lib/money';
import type { StatementLine } from '../api/get-transaction-history';

/** A statement line's credit or debit, signed and coloured. */
export function StatementAmount({ line }: { line: StatementLine }) {
  if (line.credit > 0) return <span className="pos">+₹{formatMoney(line.credit)}</span>;
  if (line.debit > 0) return <span className="neg">−₹{formatMoney(line.debit)}</span>;
  return <span>₹0.00</span>;
}
