import type { ReferralDetail, ReferralDetails } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../i18n';

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
  const deposit =
    p.depositRequired > 0 ? t('referral.rule.deposit', { amount: rupees(p.depositRequired) }) : null;
  const bets =
    p.turnoverRequired > 0 ? t('referral.rule.bets', { amount: rupees(p.turnoverRequired) }) : null;
  if (deposit != null && bets != null) return t('referral.rule.both', { deposit, bets });
  return deposit ?? bets;
}

/** The headline: "Earn ₹100 for each friend who deposits ₹500 and bets ₹1,000". */
export function programmeText(p: Programme): string {
  const rule = asked(p);
  const reward = rupees(p.reward);
  return rule ? t('referral.programme.rule', { reward, rule }) : t('referral.programme.signUp', { reward });
}

/** The steps, each a plain sentence. */
export function programmeSteps(p: Programme): string[] {
  const rule = asked(p);
  const reward = rupees(p.reward);
  return [
    t('referral.step.share'),
    t('referral.step.signUp'),
    rule ? t('referral.step.claimRule', { rule, reward }) : t('referral.step.claim', { reward }),
  ];
}

/** The month's cap: "Up to 5 rewards a month". */
export function capText(p: Pick<Programme, 'monthlyCap'>): string {
  if (p.monthlyCap <= 0) return t('referral.cap.none');
  return t('referral.cap.perMonth', { count: p.monthlyCap });
}

/** "2 of 5 rewards claimed this month". */
export function claimedThisMonthText(p: Pick<Programme, 'monthlyCap' | 'claimedThisMonth'>): string {
  return t('referral.cap.claimed', { claimed: p.claimedThisMonth, cap: p.monthlyCap });
}

/** No more rewards can be claimed this month (India time; the server counts). */
export function capReached(p: Pick<Programme, 'monthlyCap' | 'claimedThisMonth'>): boolean {
  return p.claimedThisMonth >= p.monthlyCap;
}

export type Tone = 'pending' | 'active' | 'ok' | 'bad';

/** The state as the player reads it: a held referral is "Under review", never why. */
export function statusLabel(r: Pick<ReferralDetail, 'status' | 'underReview'>): string {
  switch (r.status) {
    case 'Pending':
      return r.underReview ? t('referral.status.review') : t('referral.status.pending');
    case 'Claimable':
      return t('referral.status.claimable');
    case 'Claimed':
      return t('referral.status.claimed');
    case 'Rejected':
      return t('referral.status.rejected');
  }
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
  return p && p.reward > 0
    ? t('referral.shareText.programme', { code, programme: programmeText(p) })
    : t('referral.shareText', { code });
}
