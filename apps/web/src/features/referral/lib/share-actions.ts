import { notify } from '@/shared/ui/toast';
import { shareMessage, type Programme } from './referral-text';
import { canShare, copyText, shareLink, type ShareData } from './share';
import { t } from '../i18n';

/** The player's code and link as GetReferrerCode answers them. */
export interface ReferrerCode {
  code: string;
  link: string;
}

/** What the share sheet carries: a line of text with the code, and the sign-up link. */
export function shareData(referrer: ReferrerCode, programme: Programme | undefined): ShareData {
  return { title: t('referral.title'), text: shareMessage(referrer.code, programme), url: referrer.link };
}

/** Copies the link and says whether it worked: a failure is never reported as a copy. */
export async function copyLink(link: string): Promise<void> {
  if (await copyText(link)) notify.success(t('referral.toast.linkCopied'));
  else notify.error(t('referral.toast.linkFailed'));
}

export async function copyCode(code: string): Promise<void> {
  if (await copyText(code)) notify.success(t('referral.toast.codeCopied'));
  else notify.error(t('referral.toast.codeFailed'));
}

/** Opens the share sheet; closing it says nothing, a failure says to copy instead. */
export async function shareOrTell(data: ShareData): Promise<void> {
  if ((await shareLink(data)) === 'failed') notify.error(t('referral.toast.shareFailed'));
}

export { canShare };
