/*
 * Sharing the sign-up link: the Web Share API where the browser has it (phones), the clipboard
 * everywhere. Each says honestly whether it worked; the page turns that into a toast.
 */

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/** Copies text; false when the browser has no clipboard here (an insecure page) or refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator.clipboard?.writeText !== 'function') return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether this browser can open its share sheet for these data. */
export function canShare(data: ShareData): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  try {
    return typeof navigator.canShare !== 'function' || navigator.canShare(data);
  } catch {
    return false;
  }
}

/** 'cancelled' when the player closed the share sheet: nothing to tell them. */
export type ShareOutcome = 'shared' | 'cancelled' | 'failed';

export async function shareLink(data: ShareData): Promise<ShareOutcome> {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // A DOMException, which is not an Error in every browser.
    const name = error != null && typeof error === 'object' ? (error as { name?: unknown }).name : null;
    return name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
