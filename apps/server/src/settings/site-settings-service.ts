import {
  CONTENT_PAGES,
  type ContentPage,
  type ErrorBody,
  type SitePage,
  type SitePageSave,
  type SitePages,
  type SitePageText,
  type SiteSettings,
  type SiteSettingsInput,
  type StoredDomainSettings,
} from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../platform/bus';
import type { Db, Executor } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { OperatorAction } from '../platform/http/auth-user';
import type { DomainResolver } from './domains-plugin';
import type { StoredPage } from './domain-repository';
import {
  findSitePages,
  findSiteSettings,
  saveSitePages,
  saveSiteSettings,
  type StoredSiteSettings,
} from './site-settings-repository';

/*
 * A site's settings as its owner sees and saves them (GET and PUT /admin/site-settings). A save
 * names the version it was edited from and is refused (409 SETTINGS_STALE, with the newer settings)
 * when the stored one is newer; otherwise it replaces the settings, bumps the version and writes its
 * audit row in one transaction. Every server's domain resolver then forgets what it cached: this one
 * at once, the others on the bus message (`site-settings:changed`); without the message (the bus
 * down) their 5-second cache runs out.
 */

/** Where a server that saved a site's settings tells the others to drop their cached domains. */
export const SITE_SETTINGS_CHANNEL = 'site-settings:changed';

/** A save over a newer version: the error's body carries the newer settings (`current`). */
export class StaleSettingsError extends AppError {
  constructor(readonly current: SiteSettings) {
    super('SETTINGS_STALE');
  }

  override toBody(): ErrorBody & { current: SiteSettings } {
    return { ...super.toBody(), current: this.current };
  }
}

/** A page saved over a newer one: the error's body carries the page as it is (`current`). */
export class StalePageError extends AppError {
  constructor(readonly current: SitePage) {
    super(
      'SETTINGS_STALE',
      'This page was changed by someone else since you opened it. Nothing was saved: review the newer text and save again.',
    );
  }

  override toBody(): ErrorBody & { current: SitePage } {
    return { ...super.toBody(), current: this.current };
  }
}

type Audit = (executor: Executor, action: OperatorAction) => Promise<void>;

/** A page as the Site screen shows it: every language's text, null where there is none. */
export function sitePageOf(page: ContentPage, stored: StoredPage | undefined): SitePage {
  return {
    page,
    updatedAt: stored?.updatedAt ?? null,
    texts: {
      en: stored ? { title: stored.title, sections: stored.sections } : null,
      hi: stored?.translations?.hi ?? null,
    },
  };
}

/** What the audit row says of a page's text: its title and size, not the whole text. */
function textSummary(text: SitePageText | null | undefined) {
  if (!text) return null;
  return {
    title: text.title,
    sections: text.sections.length,
    paragraphs: text.sections.reduce((sum, section) => sum + section.paragraphs.length, 0),
  };
}

/** The fields a save changed, before and after (the audit row's summaries), with the versions. */
export function settingsChanges(
  before: StoredSiteSettings,
  after: StoredSiteSettings,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = { version: before.version };
  const now: Record<string, unknown> = { version: after.version };
  for (const key of Object.keys(after.settings) as (keyof StoredDomainSettings)[]) {
    if (JSON.stringify(before.settings[key]) === JSON.stringify(after.settings[key])) continue;
    was[key] = before.settings[key];
    now[key] = after.settings[key];
  }
  return { before: was, after: now };
}

export class SiteSettingsService {
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly resolver: Pick<DomainResolver, 'forget'>,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens for other servers' saves: each drops this server's cached domains. */
  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(SITE_SETTINGS_CHANNEL, () => this.resolver.forget());
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  async read(domainId: number): Promise<SiteSettings> {
    const stored = await findSiteSettings(this.db, domainId);
    if (!stored) throw new AppError('DOMAIN_UNKNOWN');
    return stored;
  }

  /**
   * Saves the settings if the stored version is still `input.version` (the row is locked while it
   * is compared and replaced, so of two saves from one version one wins and the other is stale).
   * A refused save changes nothing and writes no audit row.
   */
  async save(domainId: number, input: SiteSettingsInput, audit: Audit): Promise<SiteSettings> {
    const saved = await this.db.transaction(async (tx) => {
      const before = await findSiteSettings(tx, domainId, { lock: true });
      if (!before) throw new AppError('DOMAIN_UNKNOWN');
      if (before.version !== input.version) throw new StaleSettingsError(before);
      const after = await saveSiteSettings(tx, domainId, input.settings, before.version);
      if (!after) throw new StaleSettingsError(before);
      await audit(tx, {
        action: 'site.update_settings',
        target: 'site_settings',
        ...settingsChanges(before, after),
      });
      return after;
    });
    // Committed: this server's next request reads the new settings, and so does every other's.
    await this.announce({ domainId, version: saved.version }, 'settings');
    return saved;
  }

  async readPages(domainId: number): Promise<SitePages> {
    const content = await findSitePages(this.db, domainId);
    if (!content) throw new AppError('DOMAIN_UNKNOWN');
    return { pages: CONTENT_PAGES.map((page) => sitePageOf(page, content[page])) };
  }

  /**
   * Saves one page in one language (or removes a translation, text null) if the page is still as
   * it was read (`input.updatedAt`; the row is locked while it is compared and replaced). English is
   * the page itself and cannot be removed; a translation needs the English page first. A refused
   * save changes nothing and writes no audit row.
   */
  async savePage(domainId: number, input: SitePageSave, audit: Audit): Promise<SitePage> {
    const saved = await this.db.transaction(async (tx) => {
      const content = await findSitePages(tx, domainId, { lock: true });
      if (!content) throw new AppError('DOMAIN_UNKNOWN');
      const stored = content[input.page];
      if ((stored?.updatedAt ?? null) !== input.updatedAt) {
        throw new StalePageError(sitePageOf(input.page, stored));
      }
      // A new instant, later than the last save's even within one millisecond, so a stale copy always tells.
      const updatedAt = new Date(
        Math.max(Date.now(), stored ? Date.parse(stored.updatedAt) + 1 : 0),
      ).toISOString();
      let next: StoredPage;
      let before: SitePageText | null | undefined;
      if (input.language === 'en') {
        if (input.text === null) {
          throw new AppError('VALIDATION_FAILED', 'The English text of a page cannot be removed.');
        }
        before = stored && { title: stored.title, sections: stored.sections };
        next = { ...stored, ...input.text, updatedAt };
      } else {
        if (!stored) throw new AppError('VALIDATION_FAILED', 'Write the English page first.');
        before = stored.translations?.[input.language];
        const translations = { ...stored.translations };
        if (input.text === null) delete translations[input.language];
        else translations[input.language] = input.text;
        next = { ...stored, translations, updatedAt };
      }
      await saveSitePages(tx, domainId, { ...content, [input.page]: next });
      await audit(tx, {
        action: 'site.update_page',
        target: `${input.page}:${input.language}`,
        before: textSummary(before),
        after: textSummary(input.text),
      });
      return sitePageOf(input.page, next);
    });
    // Committed: players' next read of the page, on this server and every other, is the new text.
    await this.announce({ domainId, page: input.page }, 'page');
    return saved;
  }

  /**
   * After a commit: this server forgets the sites it resolved and tells the others to (the channel's
   * subscribers forget theirs). A failed publish is logged, not thrown: the change is saved.
   */
  private async announce(
    change: { domainId: number } & Record<string, unknown>,
    what: string,
  ): Promise<void> {
    this.resolver.forget();
    await this.bus.publish(SITE_SETTINGS_CHANNEL, JSON.stringify(change)).catch((err: unknown) => {
      this.log.warn(
        { err, domainId: change.domainId },
        `telling the other servers of a site's new ${what} failed`,
      );
    });
  }
}
