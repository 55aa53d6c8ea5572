import { formatRupees } from '@/shared/lib/money';

/** Paise as rupees text with Indian grouping (exact: paise / 100 has at most two decimals). */
export function paiseText(amountPaise: number): string {
  return formatRupees(amountPaise / 100);
}

/** A signed rupee amount: "+₹1,200.00", "−₹500.00", "₹0.00". */
export function signedRupees(rupees: number): string {
  if (rupees === 0) return '₹0.00';
  return `${rupees > 0 ? '+' : '−'}₹${formatRupees(Math.abs(rupees))}`;
}

export function pnlClass(rupees: number): string {
  return rupees > 0 ? 'pos' : rupees < 0 ? 'neg' : '';
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A bet's selection: the runner, or the fancy market with its line (unless the name has it already). */
export function selectionText(name: string, line: number | null): string {
  if (line == null || name.endsWith(` ${line}`)) return name;
  return `${name} ${line}`;
}
