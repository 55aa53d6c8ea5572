/**
 * Dates on screen, written one way everywhere: "24 Nov, 05:46 am" this year, "03 Jan 2027, 05:46 am"
 * otherwise (the year only when it is not the current one), in the player's time zone. Event starts,
 * bet and statement times, login activity and page dates all come through here.
 */
const WITH_YEAR = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const THIS_YEAR = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const DATE_WITH_YEAR = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });
const DATE_THIS_YEAR = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short' });
const TIME = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });

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
  return (sameYear(date, now) ? THIS_YEAR : WITH_YEAR).format(date);
}

/** "24 Nov" (or "03 Jan 2027"): the date part of formatDateTime. */
export function formatDate(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  return (sameYear(date, now) ? DATE_THIS_YEAR : DATE_WITH_YEAR).format(date);
}

/** "05:46 am": the time part of formatDateTime. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? TIME.format(date) : String(value);
}
