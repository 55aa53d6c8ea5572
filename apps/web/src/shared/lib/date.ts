import { currentLanguage } from '../i18n/i18n';
import { DATE_LOCALES } from '../i18n/language';
/**
 * Dates on screen, written one way everywhere: "24 Nov, 05:46 am" this year, "03 Jan 2027, 05:46 am"
 * otherwise (the year only when it is not the current one), in the player's time zone. Event starts,
 * bet and statement times, login activity and page dates all come through here.
 */
const FORMATS = {
  withYear: { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  thisYear: { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' },
  dateWithYear: { day: '2-digit', month: 'short', year: 'numeric' },
  dateThisYear: { day: '2-digit', month: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Formatters in the language on screen (month names in Hindi for a Hindi reader), made once each. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const locale = DATE_LOCALES[currentLanguage()];
  const key = `${locale}:${kind}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, FORMATS[kind]);
    formatters.set(key, found);
  }
  return found;
}

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameYear(date: Date, now: number): boolean {
  return date.getFullYear() === new Date(now).getFullYear();
}

/** "24 Nov, 05:46 am" (or "03 Jan 2027, 05:46 am"); text that is no date comes back as it is. */
export function formatDateTime(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  return formatter(sameYear(date, now) ? 'thisYear' : 'withYear').format(date);
}

/** "24 Nov" (or "03 Jan 2027"): the date part of formatDateTime. */
export function formatDate(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  return formatter(sameYear(date, now) ? 'dateThisYear' : 'dateWithYear').format(date);
}

/** "05:46 am": the time part of formatDateTime. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? formatter('time').format(date) : String(value);
}
