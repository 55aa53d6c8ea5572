import type { ReferralDetail, ReferralDetails } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';

/*
 * The referral programme and each referral in the player's words: what a friend must do, what it
 * pays, how many rewards the month allows, and where each friend stands.
 */

/** "₹500", "₹1,000", "₹12.5": money in a sentence. */
export const rupees = (p: Paise) => `₹${formatMoney(p, 'plain')}`;

export type Programme = Pick<
  ReferralDetails,
  'reward' | 'depositRequired' | 'turnoverRequired' | 'monthlyCap' | 'claimedThisMonth'
>;

/** What a friend must do, e.g. "deposits ₹500 and bets ₹1,000"; null when nothing is asked. */
function asked(p: Pick<Programme, 'depositRequired' | 'turnoverRequired'>): string | null {
  const parts = [
    p.depositRequired > 0 ? `deposits ${rupees(p.depositRequired)}` : null,
    p.turnoverRequired > 0 ? `bets ${rupees(p.turnoverRequired)}` : null,
  ].filter((s): s is string => s !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** The headline: "Earn ₹100 for each friend who deposits ₹500 and bets ₹1,000". */
export function programmeText(p: Programme): string {
  const rule = asked(p);
  return rule
    ? `Earn ${rupees(p.reward)} for each friend who ${rule}`
    : `Earn ${rupees(p.reward)} for each friend who signs up with your code`;
}

/** The steps, each a plain sentence. */
export function programmeSteps(p: Programme): string[] {
  const rule = asked(p);
  return [
    'Share your link or code with a friend.',
    'Your friend signs up with it and verifies their mobile number.',
    rule
      ? `Once your friend ${rule} (settled bets count by what they risked: a back's stake, a lay's liability; void bets do not), claim your ${rupees(p.reward)} here. It is paid to your cash.`
      : `Then claim your ${rupees(p.reward)} here. It is paid to your cash.`,
  ];
}

/** The month's cap: "Up to 5 rewards a month". */
export function capText(p: Pick<Programme, 'monthlyCap'>): string {
  if (p.monthlyCap <= 0) return 'No rewards can be claimed at the moment';
  return `Up to ${p.monthlyCap} ${p.monthlyCap === 1 ? 'reward' : 'rewards'} a month`;
}

/** "2 of 5 rewards claimed this month". */
export function claimedThisMonthText(p: Pick<Programme, 'monthlyCap' | 'claimedThisMonth'>): string {
  return `${p.claimedThisMonth} of ${p.monthlyCap} rewards claimed this month`;
}

/** No more rewards can be claimed this month (India time; the server counts). */
export function capReached(p: Pick<Programme, 'monthlyCap' | 'claimedThisMonth'>): boolean {
  return p.claimedThisMonth >= p.monthlyCap;
}

export type Tone = 'pending' | 'active' | 'ok' | 'bad';

/** The state as the player reads it: a held referral is "Under review", never why. */
export function statusLabel(r: Pick<ReferralDetail, 'status' | 'underReview'>): string {
  if (r.status === 'Pending' && r.underReview) return 'Under review';
  return r.status;
}

export function statusTone(r: Pick<ReferralDetail, 'status'>): Tone {
  switch (r.status) {
    case 'Pending':
      return 'pending';
    case 'Claimable':
      return 'active';
    case 'Claimed':
      return 'ok';
    case 'Rejected':
      return 'bad';
  }
}

/** How far along one figure is, 0 to 100; nothing asked counts as done. */
export function progressPercent(have: Paise, need: Paise): number {
  if (need <= 0) return 100;
  return Math.max(0, Math.min(100, (have / need) * 100));
}

/** The words the share sheet carries beside the link. */
export function shareMessage(code: string, p: Programme | undefined): string {
  const start = `Join me: sign up with my code ${code}`;
  return p && p.reward > 0 ? `${start}. ${programmeText(p)}.` : `${start}.`;
}
