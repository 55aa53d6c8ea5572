import { negPaise, type Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';

/** A signed amount: "+₹1,200.00", "−₹500.00", "₹0.00". */
export function signedMoney(amount: Paise): string {
  if (amount === 0) return '₹0.00';
  return amount > 0 ? `+₹${formatMoney(amount)}` : `−₹${formatMoney(negPaise(amount))}`;
}

/** The colour of a profit or loss (any amount: only its sign matters). */
export function pnlClass(amount: number): string {
  return amount > 0 ? 'pos' : amount < 0 ? 'neg' : '';
}

/** Bet, settlement and statement times, written as every date on the site is. */
export { formatDateTime } from '@/shared/lib/date';

/** A bet's selection: the runner, or the fancy market with its line (unless the name has it already). */
export function selectionText(name: string, line: number | null): string {
  if (line == null || name.endsWith(` ${line}`)) return name;
  return `${name} ${line}`;
}
