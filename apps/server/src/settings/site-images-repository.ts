import type { SiteImageKind } from '@backlay/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { siteImages } from '../platform/db/schema';

/* The SQL of the sites' uploaded images (site_images): one row per picture and site. */

export interface SiteImageRow {
  id: number;
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

/**
 * Stores a site's image, or finds the row the same picture was stored in before (same site, same
 * SHA-256): its id, and whether this call stored it.
 */
export async function storeSiteImage(
  db: Executor,
  image: {
    domainId: number;
    kind: SiteImageKind;
    contentType: string;
    sha256: string;
    bytes: Buffer;
    createdBy: number | null;
  },
): Promise<{ id: number; stored: boolean }> {
  const [inserted] = await db
    .insert(siteImages)
    .values({ ...image, byteSize: image.bytes.length })
    .onConflictDoNothing()
    .returning({ id: siteImages.id });
  if (inserted) return { id: inserted.id, stored: true };
  const [existing] = await db
    .select({ id: siteImages.id })
    .from(siteImages)
    .where(and(eq(siteImages.domainId, image.domainId), eq(siteImages.sha256, image.sha256)));
  if (!existing) throw new Error('site image conflict without an image');
  return { id: existing.id, stored: false };
}

/** A site's image by id: null when there is none, or it is another site's. */
export async function findSiteImage(
  db: Executor,
  domainId: number,
  id: number,
): Promise<SiteImageRow | null> {
  const [row] = await db
    .select({
      id: siteImages.id,
      contentType: siteImages.contentType,
      sha256: siteImages.sha256,
      bytes: siteImages.bytes,
    })
    .from(siteImages)
    .where(and(eq(siteImages.id, id), eq(siteImages.domainId, domainId)));
  return row ?? null;
}
