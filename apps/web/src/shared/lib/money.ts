const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees for display, Indian digit grouping: 1,00,000.00. */
export function formatRupees(value: number): string {
  return inr.format(value);
}
