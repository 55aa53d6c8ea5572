import { currentLanguage } from './i18n';
import type { Language } from './language';

/*
 * Counts in messages without Intl.NumberFormat. Lingui's `plural` formats its `#` with a new
 * Intl.NumberFormat, and the first Intl formatter of a page pays ICU's set-up: about 15 ms, 60 ms on
 * a phone, inside the render of In-Play's first screen (its sections' counts), which shows no other
 * formatted number. A counted message is a `select` on the count's plural category instead, with the
 * count already printed:
 *
 *   "sports.list.count": "{form, select, one {{shown} event} other {{shown} events}}"
 *   t('sports.list.count', counted(total))
 *
 * Intl.PluralRules picks the category (CLDR's rules of the language on screen; it needs none of
 * NumberFormat's set-up) and a whole number below 1,000 prints alike in every grouping, so Intl is
 * asked to print only bigger ones, in the Indian grouping.
 */

const rules = new Map<Language, Intl.PluralRules>();
let grouped: Intl.NumberFormat | undefined;

/** A count as a message shows it: 7, 999, 1,000, 1,00,000. */
export function formatCount(count: number): string {
  if (Number.isInteger(count) && count >= 0 && count < 1000) return String(count);
  grouped ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  return grouped.format(count);
}

/** The plural category of a count (one, other, …) in the language messages are read in. */
export function pluralForm(count: number): Intl.LDMLPluralRule {
  const language = currentLanguage();
  let found = rules.get(language);
  if (found === undefined) {
    found = new Intl.PluralRules(language);
    rules.set(language, found);
  }
  return found.select(count);
}

/** A counted message's values: its category (`form`) and the count printed (`shown`). */
export function counted(count: number): { form: Intl.LDMLPluralRule; shown: string } {
  return { form: pluralForm(count), shown: formatCount(count) };
}
