import { paiseToRupees, type Paise } from '@backlay/exchange';

/*
 * Money on screen. Answers and pushes are parsed into `Paise` by the contract's codecs, so every
 * figure a player sees goes through `formatMoney` from paise (rupees exist only as the text here),
 * with Indian digit grouping.
 */

/**
 * - 'exact' (the default): two decimals, 1,00,000.00 (balances, statements, results).
 * - 'plain': decimals only when there are paise, 1,00,000 or 12.5 (stakes and limits in sentences).
 * - 'whole': rounded to whole rupees, 1,00,000.
 * - 'digits': like 'plain' without grouping, 100000 (a field's placeholder).
 * - 'short': 850, 1.2K, 12K, 1.5L (lakh), 2.3Cr (sizes at a price, limits in a market header).
 */
export type MoneyStyle = 'exact' | 'plain' | 'whole' | 'digits' | 'short';

const OPTIONS: Record<Exclude<MoneyStyle, 'short'>, Intl.NumberFormatOptions> = {
  exact: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  plain: { maximumFractionDigits: 2 },
  whole: { maximumFractionDigits: 0 },
  digits: { maximumFractionDigits: 2, useGrouping: false },
};

/**
 * Each formatter made when first used, not when this module loads: the first Intl.NumberFormat of a
 * page loads the locale's number data (tens of milliseconds on a phone), and this module is part of
 * the first paint's chunk, whose evaluation is one task; In-Play's first screen shows no money.
 */
const formats = new Map<Exclude<MoneyStyle, 'short'>, Intl.NumberFormat>();
function format(style: Exclude<MoneyStyle, 'short'>): Intl.NumberFormat {
  let found = formats.get(style);
  if (found === undefined) {
    found = new Intl.NumberFormat('en-IN', OPTIONS[style]);
    formats.set(style, found);
  }
  return found;
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

function short(rupees: number): string {
  const n = Math.round(rupees);
  if (n >= 10_000_000) return `${trim(n / 10_000_000)}Cr`;
  if (n >= 100_000) return `${trim(n / 100_000)}L`;
  if (n >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
}

/** Paise as rupee text, without the ₹ sign (the screens place it): see MoneyStyle. */
export function formatMoney(amount: Paise, style: MoneyStyle = 'exact'): string {
  const rupees = paiseToRupees(amount);
  return style === 'short' ? short(rupees) : format(style).format(rupees);
}
