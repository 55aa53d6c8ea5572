/** Decimal odds as exchanges print them: 1.5, 2.02, 110. */
export function formatPrice(price: number): string {
  return String(Math.round(price * 100) / 100);
}

/** Money available at a price, short: 850, 1.2K, 12K, 1.5L (lakh), 2.3Cr. */
export function formatSize(rupees: number): string {
  const n = Math.round(rupees);
  if (n >= 10_000_000) return `${trim(n / 10_000_000)}Cr`;
  if (n >= 100_000) return `${trim(n / 100_000)}L`;
  if (n >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

/** Stake limits in a market header: 100, 25K, 1L. */
export function formatLimit(rupees: number): string {
  return formatSize(rupees);
}
