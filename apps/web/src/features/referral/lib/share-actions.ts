import { notify } from '@/shared/ui/toast';
import { shareMessage, type Programme } from './referral-text';
import { canShare, copyText, shareLink, type ShareData } from './share';

/** The player's code and link as GetReferrerCode answers them. */
export interface ReferrerCode {
  code: string;
  link: string;
}

/** What the share sheet carries: a line of text with the code, and the sign-up link. */
export function shareData(referrer: ReferrerCode, programme: Programme | undefined): ShareData {
  return { title: 'Refer & Earn', text: shareMessage(referrer.code, programme), url: referrer.link };
}

/** Copies the link and says whether it worked: a failure is never reported as a copy. */
export async function copyLink(link: string): Promise<void> {
  if (await copyText(link)) notify.success('Link copied');
  else notify.error('Copy failed: select the link and copy it');
}

export async function copyCode(code: string): Promise<void> {
  if (await copyText(code)) notify.success('Code copied');
  else notify.error('Copy failed: select the code and copy it');
}

/** Opens the share sheet; closing it says nothing, a failure says to copy instead. */
export async function shareOrTell(data: ShareData): Promise<void> {
  if ((await shareLink(data)) === 'failed') notify.error('Sharing did not open: use Copy link instead');
}

export { canShare };
