import { MAX_IMAGE_BYTES } from '@backlay/contract';
import { t } from '../i18n';

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** What is wrong with a chosen screenshot before it is read, or null. The server checks the bytes again. */
export function screenshotProblem(file: { type: string; size: number }): string | null {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return t('money.screenshot.wrongType');
  if (file.size > MAX_IMAGE_BYTES) return t('money.screenshot.tooLarge');
  if (file.size === 0) return t('money.screenshot.empty');
  return null;
}

/** A file as a base64 data URL (what Setting/StoreImage takes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error(t('money.screenshot.unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error(t('money.screenshot.readFailed')));
    reader.readAsDataURL(file);
  });
}
