import type { RgChange, RgLimitKind, RgPeriod } from '@backlay/contract';
import { rupeesToPaise } from '@backlay/exchange';
import { formatDateTime } from '@/shared/lib/date';
import { t } from '../i18n';
import { rupees } from './amount';
import type { SelfExclusionChoice, TimeOutChoice } from './durations';

/*
 * The words of responsible gaming, in the language on screen. Functions, not tables: a table of
 * texts built when this module loads would stay in the language of that moment.
 */

/** "Daily deposit limit", "Monthly loss limit". */
export function limitName(kind: RgLimitKind, period: RgPeriod): string {
  if (kind === 'deposit') {
    if (period === 'day') return t('responsible-gaming.limit.depositDay');
    if (period === 'week') return t('responsible-gaming.limit.depositWeek');
    return t('responsible-gaming.limit.depositMonth');
  }
  if (period === 'day') return t('responsible-gaming.limit.lossDay');
  if (period === 'week') return t('responsible-gaming.limit.lossWeek');
  return t('responsible-gaming.limit.lossMonth');
}

/** A period's row heading: "Per day". */
export function periodName(period: RgPeriod): string {
  if (period === 'day') return t('responsible-gaming.period.day');
  if (period === 'week') return t('responsible-gaming.period.week');
  return t('responsible-gaming.period.month');
}

/** What was used of a limit in its rolling window: "Deposited in the last 24 hours". */
export function usedName(kind: RgLimitKind, period: RgPeriod): string {
  if (kind === 'deposit') {
    if (period === 'day') return t('responsible-gaming.used.depositDay');
    if (period === 'week') return t('responsible-gaming.used.depositWeek');
    return t('responsible-gaming.used.depositMonth');
  }
  if (period === 'day') return t('responsible-gaming.used.lossDay');
  if (period === 'week') return t('responsible-gaming.used.lossWeek');
  return t('responsible-gaming.used.lossMonth');
}

export function timeOutLabel(choice: TimeOutChoice): string {
  switch (choice) {
    case '24h':
      return t('responsible-gaming.timeOut.24h');
    case '3d':
      return t('responsible-gaming.timeOut.3d');
    case '1w':
      return t('responsible-gaming.timeOut.1w');
    case '2w':
      return t('responsible-gaming.timeOut.2w');
    case '6w':
      return t('responsible-gaming.timeOut.6w');
  }
}

export function selfExclusionLabel(choice: SelfExclusionChoice): string {
  switch (choice) {
    case '6m':
      return t('responsible-gaming.exclusion.6m');
    case '1y':
      return t('responsible-gaming.exclusion.1y');
    case '2y':
      return t('responsible-gaming.exclusion.2y');
    case '5y':
      return t('responsible-gaming.exclusion.5y');
  }
}

/** A reminder's interval: "Every 30 minutes", or "Off". */
export function realityCheckLabel(minutes: number | null): string {
  return minutes == null
    ? t('responsible-gaming.realityCheck.off')
    : t('responsible-gaming.realityCheck.every', { minutes });
}

/** A limit in rupees or none: "₹5,000", "No limit". */
export function limitText(amount: Parameters<typeof rupees>[0] | null): string {
  return amount == null ? t('responsible-gaming.limit.none') : rupees(amount);
}

/** What a history row changed: "Daily deposit limit", "Reality check", "Time-out". */
export function changeName(change: RgChange): string {
  switch (change.kind) {
    case 'deposit_limit':
      return limitName('deposit', change.period ?? 'day');
    case 'loss_limit':
      return limitName('loss', change.period ?? 'day');
    case 'reality_check':
      return t('responsible-gaming.history.realityCheck');
    case 'time_out':
      return t('responsible-gaming.history.timeOut');
    case 'self_exclusion':
      return t('responsible-gaming.history.selfExclusion');
  }
}

/** One side of a change as the history shows it: limits come in rupees, bars as ISO times. */
export function changeValue(change: RgChange, value: string | null): string {
  switch (change.kind) {
    case 'deposit_limit':
    case 'loss_limit': {
      if (value == null) return t('responsible-gaming.limit.none');
      try {
        return rupees(rupeesToPaise(value));
      } catch {
        return value;
      }
    }
    case 'reality_check':
      return realityCheckLabel(value == null ? null : Number(value));
    case 'time_out':
    case 'self_exclusion':
      return value == null ? t('responsible-gaming.history.none') : formatDateTime(value);
  }
}

export function statusLabel(status: RgChange['status']): string {
  if (status === 'applied') return t('responsible-gaming.history.applied');
  if (status === 'pending') return t('responsible-gaming.history.pending');
  return t('responsible-gaming.history.cancelled');
}

/** "1 h 05 min", "45 min". */
export function playedText(played: { hours: number; minutes: number }): string {
  return played.hours > 0
    ? t('responsible-gaming.realityCheck.playedHours', {
        hours: played.hours,
        minutes: String(played.minutes).padStart(2, '0'),
      })
    : t('responsible-gaming.realityCheck.playedMinutes', { minutes: played.minutes });
}
