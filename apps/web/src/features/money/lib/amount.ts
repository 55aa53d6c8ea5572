import { rupeesToPaise, type Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../i18n';

/**
 * The amount a player types, in rupees with at most two decimals, as paise; or what is wrong with
 * it, in words. `max` is the lower of the site's limit and, for a withdrawal, what can be withdrawn.
 */
export function readAmount(
  text: string,
  limits: { min: Paise; max: Paise },
): { amount: Paise } | { error: string } {
  const typed = text.trim().replace(/,/g, '');
  if (typed === '') return { error: t('money.amount.enter') };
  if (/^-/.test(typed)) return { error: t('money.amount.positive') };
  if (/^\d+\.\d{3,}$/.test(typed)) return { error: t('money.amount.decimals') };
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return { error: t('money.amount.digitsOnly') };
  let amount: Paise;
  try {
    amount = rupeesToPaise(typed);
  } catch {
    return { error: t('money.amount.tooLarge') };
  }
  if (amount <= 0) return { error: t('money.amount.positive') };
  if (amount < limits.min)
    return { error: t('money.amount.min', { amount: formatMoney(limits.min, 'plain') }) };
  if (amount > limits.max)
    return { error: t('money.amount.max', { amount: formatMoney(limits.max, 'plain') }) };
  return { amount };
}

/** Quick amounts inside the limits: a few round figures from the minimum up, never above the maximum. */
export function quickAmounts(min: Paise, max: Paise): Paise[] {
  const candidates = [100, 500, 1000, 2000, 5000, 10000, 25000, 50000].map((r) => (r * 100) as Paise);
  return candidates.filter((a) => a >= min && a <= max).slice(0, 6);
}

/** Paise as the text an amount field holds: 1500 rupees → "1500", 12.5 → "12.5". */
export function amountText(amount: Paise): string {
  return formatMoney(amount, 'digits');
}
