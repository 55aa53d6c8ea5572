import type { BonusStatus, PlayerBonus } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';

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
  if (b.percent != null) return `${percentText(b.percent)} up to ${rupees(b.maxAmount)}`;
  return `Up to ${rupees(b.maxAmount)}`;
}

/** Under the headline, how a known amount was reached ("100% up to ₹5,000"), or null. */
export function offerBasis(b: PlayerBonus): string | null {
  if (b.amount == null || b.percent == null) return null;
  return `${percentText(b.percent)} up to ${rupees(b.maxAmount)}`;
}

/** The wagering asked, in rupees when the amount is known. */
export function wageringText(b: PlayerBonus): string {
  if (b.wageringMultiplier === 0) return 'No wagering: it is paid to your cash at once.';
  const total =
    b.wageringRequired > 0
      ? ` (${rupees(b.wageringRequired)})`
      : b.amount != null
        ? ` (${rupees(paise(b.amount * b.wageringMultiplier))})`
        : '';
  return (
    `Bet ${b.wageringMultiplier}× the bonus${total} within ${days(b.validDays)} of claiming to turn it into cash. ` +
    "Settled sports bets count by what they risked, a back's stake or a lay's liability (void bets and cash-out hedges do not), and casino bets count too."
  );
}

function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/** Every term of the bonus as a plain sentence, in the order a player asks them. */
export function plainTerms(b: PlayerBonus): string[] {
  const terms: string[] = [];
  const upTo = rupees(b.maxAmount);
  switch (b.kind) {
    case 'FirstDeposit':
      terms.push(
        `For your first deposit of at least ${rupees(b.minDeposit)}: ${percentText(b.percent ?? 0)} of it, up to ${upTo}. ` +
          `Claim it within ${days(b.validDays)} of that deposit.`,
      );
      break;
    case 'Reload':
      terms.push(
        `For a later deposit of at least ${rupees(b.minDeposit)}: ${percentText(b.percent ?? 0)} of it, up to ${upTo}. ` +
          'Once for each deposit.',
      );
      break;
    case 'Cashback':
      terms.push(
        `${percentText(b.percent ?? 0)} of your net losses on settled bets over the recent period, up to ${upTo}. ` +
          'Once a period, and only if you lost.',
      );
      break;
    case 'Free':
      terms.push(`${rupees(b.amount ?? b.maxAmount)} free, once.`);
      break;
  }
  terms.push(wageringText(b));
  if (b.wageringMultiplier > 0) terms.push(`Not met in time, the bonus expires; your cash is not touched.`);
  terms.push(
    'Bonus money is kept apart from your cash and is never staked. Your cash can be withdrawn at any time; ' +
      'withdrawing while the bonus is active forfeits only the bonus.',
  );
  terms.push('One active bonus at a time.');
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
  return status === 'Completed' ? 'Paid as cash' : status;
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
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${two(m)}m`;
  return `${m}m ${two(s)}s`;
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
