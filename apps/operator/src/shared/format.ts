import type { Paise } from '@backlay/exchange';

/** A payment method by the name players know (UPI, PhonePe, Google Pay), not its wire value. */
export { paymentMethodName as methodName } from '@backlay/contract';

const groupedRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Paise as rupees with Indian grouping and two decimals (₹1,00,000.00), in integers throughout. */
export function formatMoney(amount: Paise): string {
  const sign = amount < 0 ? '−' : '';
  const abs = Math.abs(amount);
  const rupees = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}₹${groupedRupees.format(rupees)}.${String(cents).padStart(2, '0')}`;
}

/** How long something has waited: "just now", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatAge(fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** An instant in the operator's local time, as a log reads it. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const clock = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });
export function formatClock(epochMs: number): string {
  return clock.format(new Date(epochMs));
}
