import { MAX_IMAGE_BYTES, type SiteImageKind } from '@backlay/contract';
import { call } from '@/api/client';
import { ApiError } from '@/api/errors';

/** What the server keeps (it judges the bytes; this only spares a doomed upload). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a chosen file cannot be a site image, in the owner's words; null when it may be sent. */
export function imageRefusal(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a PNG, JPEG or WebP image: choose one of those.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_IMAGE_BYTES) {
    return `“${file.name}” is ${megabytes(file.size)}: an image is at most 5 MB.`;
  }
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(new ApiError({ code: 'CLIENT', message: `“${file.name}” could not be read.` }));
    reader.readAsDataURL(file);
  });
}

/** Uploads a checked image; answers the site path it is served at, to put in the settings. */
export async function uploadSiteImage(kind: SiteImageKind, file: File): Promise<string> {
  const dataUrl = await readAsDataUrl(file);
  const image = await call('adminUploadSiteImage', { body: { kind, dataUrl } });
  return image.url;
}
