import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';

/** Decimal odds as exchanges print them: 1.5, 2.02, 110. */
export function formatPrice(price: number): string {
  return String(Math.round(price * 100) / 100);
}

/** Money available at a price, short: 850, 1.2K, 12K, 1.5L (lakh), 2.3Cr. */
export function formatSize(size: Paise): string {
  return formatMoney(size, 'short');
}

/** Stake limits in a market header: 100, 25K, 1L. */
export function formatLimit(limit: Paise): string {
  return formatMoney(limit, 'short');
}
