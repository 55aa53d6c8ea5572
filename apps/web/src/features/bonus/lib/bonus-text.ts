import type { BonusStatus, PlayerBonus } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../i18n';

/*
 * A bonus in the player's words: what it pays, every term as a plain sentence (shown next to
 * Claim, nothing in small print), its state and the time it has left.
 */

const rupees = (p: Paise) => `₹${formatMoney(p, 'plain')}`;

function percentText(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace(/0$/, '')}%`;
}

/** The headline: the amount when it is known, else "100% up to ₹5,000". */
export function offerText(b: PlayerBonus): string {
  if (b.amount != null) return rupees(b.amount);
  if (b.percent != null) return upTo(b.percent, b.maxAmount);
  return t('bonus.offer.upTo', { max: rupees(b.maxAmount) });
}

/** Under the headline, how a known amount was reached ("100% up to ₹5,000"), or null. */
export function offerBasis(b: PlayerBonus): string | null {
  if (b.amount == null || b.percent == null) return null;
  return upTo(b.percent, b.maxAmount);
}

function upTo(percent: number, max: Paise): string {
  return t('bonus.offer.percentUpTo', { percent: percentText(percent), max: rupees(max) });
}

/** The wagering asked, in rupees when the amount is known. */
export function wageringText(b: PlayerBonus): string {
  if (b.wageringMultiplier === 0) return t('bonus.terms.noWagering');
  const total =
    b.wageringRequired > 0
      ? rupees(b.wageringRequired)
      : b.amount != null
        ? rupees(paise(b.amount * b.wageringMultiplier))
        : null;
  const values = { multiplier: String(b.wageringMultiplier), days: days(b.validDays) };
  const bet =
    total == null ? t('bonus.terms.wagering', values) : t('bonus.terms.wageringTotal', { ...values, total });
  return `${bet} ${t('bonus.terms.wageringCounts')}`;
}

function days(count: number): string {
  return t('bonus.terms.days', { count });
}

/** Every term of the bonus as a plain sentence, in the order a player asks them. */
export function plainTerms(b: PlayerBonus): string[] {
  const terms: string[] = [];
  const deposit = {
    min: rupees(b.minDeposit),
    percent: percentText(b.percent ?? 0),
    max: rupees(b.maxAmount),
  };
  switch (b.kind) {
    case 'FirstDeposit':
      terms.push(t('bonus.terms.firstDeposit', { ...deposit, days: days(b.validDays) }));
      break;
    case 'Reload':
      terms.push(t('bonus.terms.reload', deposit));
      break;
    case 'Cashback':
      terms.push(t('bonus.terms.cashback', { percent: deposit.percent, max: deposit.max }));
      break;
    case 'Free':
      terms.push(t('bonus.terms.free', { amount: rupees(b.amount ?? b.maxAmount) }));
      break;
  }
  terms.push(wageringText(b));
  if (b.wageringMultiplier > 0) terms.push(t('bonus.terms.expires'));
  terms.push(t('bonus.terms.apart'));
  terms.push(t('bonus.terms.oneActive'));
  return terms;
}

export type StatusTone = 'ok' | 'pending' | 'active' | 'bad' | 'off';

export function statusTone(status: BonusStatus): StatusTone {
  switch (status) {
    case 'Available':
      return 'ok';
    case 'Active':
      return 'active';
    case 'Completed':
      return 'ok';
    case 'Forfeited':
      return 'bad';
    default:
      return 'off';
  }
}

/** The chip's word: a finished bonus says what became of it. */
export function statusLabel(status: BonusStatus): string {
  switch (status) {
    case 'Available':
      return t('bonus.status.available');
    case 'Active':
      return t('bonus.status.active');
    case 'Completed':
      return t('bonus.status.completed');
    case 'Expired':
      return t('bonus.status.expired');
    case 'Forfeited':
      return t('bonus.status.forfeited');
  }
}

/** Wagering done as a share of what is asked, 0 to 100, for the bar's width. */
export function wageringPercent(b: Pick<PlayerBonus, 'wagered' | 'wageringRequired'>): number {
  if (b.wageringRequired <= 0) return 100;
  return Math.min(100, Math.max(0, (b.wagered / b.wageringRequired) * 100));
}

/** Time left in the words of a countdown: "13d 4h", "5h 02m", "4m 09s", or null once it is past. */
export function timeLeft(expiresAt: string, now: number): string | null {
  const seconds = Math.ceil((Date.parse(expiresAt) - now) / 1000);
  if (!(seconds > 0)) return null;
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return t('bonus.timeLeft.days', { days: String(d), hours: String(h) });
  if (h > 0) return t('bonus.timeLeft.hours', { hours: String(h), minutes: two(m) });
  return t('bonus.timeLeft.minutes', { minutes: String(m), seconds: two(s) });
}

/** The active bonus, the offers (claimable ones first), then the finished ones, newest first. */
export function orderBonuses(list: readonly PlayerBonus[]): {
  active: PlayerBonus[];
  offers: PlayerBonus[];
  history: PlayerBonus[];
} {
  const ended = (b: PlayerBonus) => Date.parse(b.endedAt ?? b.claimedAt ?? '') || 0;
  return {
    active: list.filter((b) => b.status === 'Active'),
    offers: list
      .filter((b) => b.status === 'Available')
      .sort((a, b) => Number(b.claimable) - Number(a.claimable)),
    history: list
      .filter((b) => b.status !== 'Active' && b.status !== 'Available')
      .sort((a, b) => ended(b) - ended(a)),
  };
}
