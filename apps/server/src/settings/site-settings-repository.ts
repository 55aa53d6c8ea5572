import { StoredDomainSettingsSchema, type StoredDomainSettings } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { isoOf, num, queryRows } from '../betting';
import type { Domain } from './domain-repository';

/** A site's settings as stored, with the version every save bumps. */
export interface StoredSiteSettings {
  settings: StoredDomainSettings;
  version: number;
  updatedAt: string;
}

interface RawRow {
  settings: unknown;
  settings_version: unknown;
  updated_ms: unknown;
}

function toStored(row: RawRow): StoredSiteSettings {
  // Some drivers answer jsonb as its text.
  const settings = typeof row.settings === 'string' ? (JSON.parse(row.settings) as unknown) : row.settings;
  return {
    settings: StoredDomainSettingsSchema.parse(settings),
    version: num(row.settings_version),
    updatedAt: isoOf(row.updated_ms),
  };
}

/** The domain's settings; with `lock`, its row is held (FOR UPDATE) until the transaction ends. */
export async function findSiteSettings(
  db: Executor,
  domainId: number,
  opts: { lock?: boolean } = {},
): Promise<StoredSiteSettings | null> {
  const [row] = await queryRows<RawRow>(
    db,
    sql`select settings, settings_version, (extract(epoch from updated_at) * 1000)::float8 as updated_ms
        from domains where id = ${domainId} ${opts.lock ? sql`for update` : sql``}`,
  );
  return row ? toStored(row) : null;
}

/**
 * Replaces the settings if they are still at `version`, bumping it: null when another save came
 * first (the caller holds the row locked, so that is only a guard).
 */
export async function saveSiteSettings(
  db: Executor,
  domainId: number,
  settings: StoredDomainSettings,
  version: number,
): Promise<StoredSiteSettings | null> {
  const [row] = await queryRows<RawRow>(
    db,
    sql`update domains set settings = ${JSON.stringify(settings)}::jsonb,
          settings_version = settings_version + 1, updated_at = now()
        where id = ${domainId} and settings_version = ${version}
        returning settings, settings_version, (extract(epoch from updated_at) * 1000)::float8 as updated_ms`,
  );
  return row ? toStored(row) : null;
}

/** The site's pages as stored (rules, exclusion policy, responsible gaming; see domain-repository's StoredPage). */
export type StoredPages = Domain['content'];

/** The domain's pages; with `lock`, its row is held (FOR UPDATE) until the transaction ends. */
export async function findSitePages(
  db: Executor,
  domainId: number,
  opts: { lock?: boolean } = {},
): Promise<StoredPages | null> {
  const [row] = await queryRows<{ content: unknown }>(
    db,
    sql`select content from domains where id = ${domainId} ${opts.lock ? sql`for update` : sql``}`,
  );
  if (!row) return null;
  // Some drivers answer jsonb as its text.
  const content = typeof row.content === 'string' ? (JSON.parse(row.content) as unknown) : row.content;
  return (content ?? {}) as StoredPages;
}

/** Replaces the domain's pages (the settings and their version are left as they are). */
export async function saveSitePages(db: Executor, domainId: number, content: StoredPages): Promise<void> {
  await queryRows(
    db,
    sql`update domains set content = ${JSON.stringify(content)}::jsonb where id = ${domainId}`,
  );
}
