import { rupeesToPaise, type Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';

/** What is wrong with a typed limit; the form says it in the player's language. */
export type AmountProblem = 'empty' | 'negative' | 'decimals' | 'format' | 'tooLarge';

/**
 * A limit as a player types it, in rupees with at most two decimals ("5,000" and "5000.50" are
 * fine), as paise; or what is wrong with it. Zero is a limit too: no deposits (or no losses) at all.
 */
export function readLimitAmount(text: string): { amount: Paise } | { problem: AmountProblem } {
  const typed = text.trim().replace(/,/g, '');
  if (typed === '') return { problem: 'empty' };
  if (/^-/.test(typed)) return { problem: 'negative' };
  if (/^\d+\.\d{3,}$/.test(typed)) return { problem: 'decimals' };
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return { problem: 'format' };
  try {
    return { amount: rupeesToPaise(typed) };
  } catch {
    return { problem: 'tooLarge' };
  }
}

/** Paise as the text a limit field holds: 5000 rupees → "5000", 12.5 → "12.5". */
export function amountText(amount: Paise): string {
  return formatMoney(amount, 'digits');
}

/** Paise with the rupee sign, decimals only when there are paise: "₹5,000", "₹12.50". */
export function rupees(amount: Paise): string {
  return `₹${formatMoney(amount, 'plain')}`;
}
