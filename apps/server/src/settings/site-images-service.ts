import type { SiteImage, SiteImageUpload } from '@backlay/contract';
import type { Db, Executor } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { AuthOperator, OperatorAction } from '../platform/http/auth-user';
import { decodeImageDataUrl, type DecodedImage, type ImageType } from '../money';
import { findSiteImage, storeSiteImage, type SiteImageRow } from './site-images-repository';

/*
 * The images of a site (logo, favicon, slides): the owner uploads one as a data URL, judged by its
 * bytes as the payment screenshots are (PNG, JPEG or WebP, at most 5 MB), and gets the path it is
 * served at on the site's own host, `/site-images/{id}-{first 8 hex of its SHA-256}.{ext}`, to save
 * in the settings. The path names the content, so it is cached for a year; a new picture is a new
 * path. Served to anyone (a logo is public) but only on the site it belongs to.
 */

export const SITE_IMAGES_PATH = '/site-images';

const EXTENSION: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Where a stored image is served on its site. */
export function siteImagePath(id: number, sha256: string, contentType: ImageType): string {
  return `${SITE_IMAGES_PATH}/${String(id)}-${sha256.slice(0, 8)}.${EXTENSION[contentType]}`;
}

const NAME = /^(\d{1,15})-([0-9a-f]{8})\.(png|jpg|webp)$/;

type Audit = (executor: Executor, action: OperatorAction) => Promise<void>;

export class SiteImagesService {
  constructor(private readonly db: Db) {}

  /**
   * Stores the owner's image (the same picture again reuses its row and path) with its audit row,
   * in one transaction. An upload that is no image or too large changes nothing, and is written to
   * the audit log as a refused attempt (who tried, what kind, why) before it is refused.
   */
  async upload(operator: AuthOperator, input: SiteImageUpload, audit: Audit): Promise<SiteImage> {
    let image: DecodedImage;
    try {
      image = decodeImageDataUrl(input.dataUrl);
    } catch (err) {
      if (err instanceof AppError) {
        await audit(this.db, {
          action: 'site.upload_image_refused',
          target: 'site_image',
          before: null,
          after: { kind: input.kind, why: err.code, dataUrlLength: input.dataUrl.length },
        });
      }
      throw err;
    }
    return this.db.transaction(async (tx) => {
      const { id, stored } = await storeSiteImage(tx, {
        domainId: operator.domainId,
        kind: input.kind,
        contentType: image.contentType,
        sha256: image.sha256,
        bytes: image.bytes,
        createdBy: operator.operatorId,
      });
      const url = siteImagePath(id, image.sha256, image.contentType);
      await audit(tx, {
        action: 'site.upload_image',
        target: `site_image:${String(id)}`,
        before: null,
        after: {
          kind: input.kind,
          url,
          contentType: image.contentType,
          bytes: image.bytes.length,
          sha256: image.sha256,
          // The same picture was uploaded to this site before: its row and path are reused.
          alreadyStored: !stored,
        },
      });
      return { url, contentType: image.contentType, bytes: image.bytes.length };
    });
  }

  /**
   * The image a served file name stands for on this site: null when the name is not one of ours,
   * names another site's image or none, or its hash or extension is not the image's.
   */
  async served(domainId: number, name: string): Promise<SiteImageRow | null> {
    const match = NAME.exec(name);
    if (!match) return null;
    const [, id, hash, extension] = match as unknown as [string, string, string, string];
    const image = await findSiteImage(this.db, domainId, Number(id));
    if (!image || !image.sha256.startsWith(hash)) return null;
    if (EXTENSION[image.contentType as ImageType] !== extension) return null;
    return image;
  }
}
