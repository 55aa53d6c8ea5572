/**
 * Images of a site (its logo, favicon and slider), uploaded by its owner through the operators'
 * console and served publicly from the site's own host at `/site-images/{id}-{hash}.{ext}`. The
 * bytes are what was judged an image (PNG, JPEG or WebP by content); the same picture uploaded to
 * one site twice is one row.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, customType, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { operators } from './operators';
import { domains } from './settings';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

export const siteImages = pgTable(
  'site_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    /** What the owner uploaded it as (the first upload's, when the same picture comes again). */
    kind: text('kind', { enum: ['logo', 'favicon', 'slide'] }).notNull(),
    /** Detected from the bytes, never the declared type: image/png, image/jpeg or image/webp. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Hex SHA-256 of the bytes; its first 8 characters are in the image's address. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The operator who uploaded it; null for the bootstrap operator key. */
    createdBy: id('created_by').references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('site_images_domain_sha256').on(t.domainId, t.sha256),
    check('site_image_size', sql`${t.byteSize} > 0 and ${t.byteSize} <= 5242880`),
  ],
);
