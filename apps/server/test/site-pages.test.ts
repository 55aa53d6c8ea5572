import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContent, SitePage, SitePages } from '@backlay/contract';
import { queryRows } from '../src/betting/sql-rows';
import { backends, createTestApp, type TestContext } from './harness';
import { addSite, call, expectOk, expectRefused } from './helpers';
import { operatorToken, otherSiteOperatorToken } from './operator-helpers';

/*
 * The owner writes the pages players read (GET and PUT /admin/site-pages): each page in English and
 * in Hindi, one page and language a save, from the page as it was read (a newer one: 409 with it,
 * nothing changed); a translation needs the English page; bad input changes nothing; a save is one
 * audit row; players' next read of the page is the new text, in their language. The owner alone,
 * each on its own site.
 */

const PATH = '/admin/site-pages';
const OTHER_HOST = 'skipotp.backlay.local';
/** A site whose operator has written no page yet. */
const NEW_SITE_HOST = 'pages-site.backlay.local';

interface AuditRow {
  actor: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const text = (title: string, paragraph = 'Play for fun, never to win back losses.') => ({
  title,
  sections: [{ heading: 'Limits', paragraphs: [paragraph] }],
});

describe.each(backends)('the site pages by the owner (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    await addSite(ctx.database.db, { name: 'pages-site', host: NEW_SITE_HOST, content: {} });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const owner = () => operatorToken(ctx.app, 'owner');
  const pages = async (token?: string, host?: string) =>
    call<SitePages>(ctx.app, { url: PATH, ...(token ? { token } : {}), ...(host ? { host } : {}) });
  const put = (body: unknown, token: string, host?: string) =>
    call<SitePage>(ctx.app, { method: 'PUT', url: PATH, body, token, ...(host ? { host } : {}) });
  const pageOf = async (page: string) => {
    const all = expectOk(await pages(await owner()));
    const found = all.pages.find((p) => p.page === page);
    if (!found) throw new Error(`no ${page}`);
    return found;
  };
  const playerPage = async (page: string, lang: 'en' | 'hi', host?: string) =>
    call<PageContent>(ctx.app, {
      url: '/Setting/GetPageContent',
      query: { page, lang },
      ...(host ? { host } : {}),
    });
  const storedContent = async () =>
    (
      await queryRows<{ content: unknown }>(
        ctx.database.db,
        sql`select content from domains where name = 'test'`,
      )
    )[0]?.content;
  const auditRows = async () =>
    queryRows<AuditRow>(
      ctx.database.db,
      sql`select l.actor, l.action, l.target, l.before, l.after from operator_audit_log l
          join domains d on d.id = l.domain_id
          where l.action = 'site.update_page' and d.name = 'test' order by l.id`,
    );

  it('lists every page in every language, as the demo site has them', async () => {
    const all = expectOk(await pages(await owner()));
    expect(all.pages.map((p) => p.page)).toEqual([
      'rule-regulations',
      'exclusion-policy',
      'responsible-gaming',
    ]);
    for (const page of all.pages) {
      expect(page.updatedAt).toEqual(expect.any(String));
      expect(page.texts.en?.title).toEqual(expect.any(String));
      expect(page.texts.hi?.title).toEqual(expect.any(String));
    }
  });

  it('saves the English page; players read it, the Hindi translation stays; one audit row', async () => {
    const before = await pageOf('responsible-gaming');
    const saved = expectOk(
      await put(
        {
          page: 'responsible-gaming',
          language: 'en',
          updatedAt: before.updatedAt,
          text: {
            title: '  Play Safe  ',
            sections: [
              { heading: 'Limits', paragraphs: [' Set a loss limit before you play. ', 'Take a break.'] },
              { heading: '', paragraphs: ['Call 1800-000-000 for help.'] },
            ],
          },
        },
        await owner(),
      ),
    );
    expect(saved.texts.en).toEqual({
      title: 'Play Safe',
      sections: [
        { heading: 'Limits', paragraphs: ['Set a loss limit before you play.', 'Take a break.'] },
        { heading: '', paragraphs: ['Call 1800-000-000 for help.'] },
      ],
    });
    expect(saved.texts.hi).toEqual(before.texts.hi);
    expect(saved.updatedAt).not.toBe(before.updatedAt);
    expect(await pageOf('responsible-gaming')).toEqual(saved);

    const english = expectOk(await playerPage('responsible-gaming', 'en'));
    expect(english).toMatchObject({ title: 'Play Safe', language: 'en', updatedAt: saved.updatedAt });
    const hindi = expectOk(await playerPage('responsible-gaming', 'hi'));
    expect(hindi).toMatchObject({ title: before.texts.hi?.title, language: 'hi' });

    const rows = await auditRows();
    expect(rows.at(-1)).toMatchObject({
      actor: 'owner',
      action: 'site.update_page',
      target: 'responsible-gaming:en',
      before: { title: before.texts.en?.title },
      after: { title: 'Play Safe', sections: 2, paragraphs: 3 },
    });
  });

  it('saves and removes the Hindi translation; players then read English, said so', async () => {
    const before = await pageOf('exclusion-policy');
    const saved = expectOk(
      await put(
        { page: 'exclusion-policy', language: 'hi', updatedAt: before.updatedAt, text: text('बहिष्करण नीति') },
        await owner(),
      ),
    );
    expect(saved.texts.hi?.title).toBe('बहिष्करण नीति');
    expect(saved.texts.en).toEqual(before.texts.en);
    expect(expectOk(await playerPage('exclusion-policy', 'hi'))).toMatchObject({
      title: 'बहिष्करण नीति',
      language: 'hi',
    });

    const removed = expectOk(
      await put(
        { page: 'exclusion-policy', language: 'hi', updatedAt: saved.updatedAt, text: null },
        await owner(),
      ),
    );
    expect(removed.texts.hi).toBeNull();
    expect(expectOk(await playerPage('exclusion-policy', 'hi'))).toMatchObject({
      title: before.texts.en?.title,
      language: 'en',
    });
    expect((await auditRows()).slice(-2).map((row) => [row.target, row.after])).toEqual([
      ['exclusion-policy:hi', { title: 'बहिष्करण नीति', sections: 1, paragraphs: 1 }],
      ['exclusion-policy:hi', null],
    ]);
  });

  it('refuses a save from a page saved since with the page as it is; nothing changes', async () => {
    const read = await pageOf('rule-regulations');
    const first = expectOk(
      await put(
        { page: 'rule-regulations', language: 'en', updatedAt: read.updatedAt, text: text('House Rules') },
        await owner(),
      ),
    );
    const content = await storedContent();
    const audits = (await auditRows()).length;
    const stale = await put(
      { page: 'rule-regulations', language: 'en', updatedAt: read.updatedAt, text: text('Other Rules') },
      await owner(),
    );
    expectRefused(stale, 409, 'SETTINGS_STALE', /changed by someone else/);
    expect((stale.body.error as { current?: unknown } | undefined)?.current).toEqual(first);
    expect(await storedContent()).toEqual(content);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('refuses bad input, removing English, and a translation before English; nothing changes', async () => {
    const token = await owner();
    const read = await pageOf('rule-regulations');
    const content = await storedContent();
    const audits = (await auditRows()).length;
    const base = { page: 'rule-regulations', language: 'en', updatedAt: read.updatedAt };
    for (const bad of [
      { ...base, text: text('   ') },
      { ...base, text: { title: 'Rules', sections: [] } },
      { ...base, text: { title: 'Rules', sections: [{ heading: 'A', paragraphs: [] }] } },
      { ...base, text: text('x'.repeat(201)) },
      { ...base, text: text('Rules', 'x'.repeat(4001)) },
      { ...base, language: 'fr', text: text('Règles') },
      { ...base, page: 'privacy', text: text('Privacy') },
      { ...base, updatedAt: 'yesterday', text: text('Rules') },
    ]) {
      expectRefused(await put(bad, token), 400, 'VALIDATION_FAILED');
    }
    expectRefused(
      await put({ ...base, text: null }, token),
      400,
      'VALIDATION_FAILED',
      'The English text of a page cannot be removed.',
    );
    expect(await storedContent()).toEqual(content);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('a translation needs the English page first; the English page makes the page for players', async () => {
    const host = NEW_SITE_HOST;
    const token = await otherSiteOperatorToken(ctx.app, { host, userName: 'pages-owner', role: 'owner' });
    const fresh = expectOk(await pages(token, host));
    expect(fresh.pages.map((p) => [p.page, p.updatedAt, p.texts])).toEqual(
      ['rule-regulations', 'exclusion-policy', 'responsible-gaming'].map((page) => [
        page,
        null,
        { en: null, hi: null },
      ]),
    );
    expectRefused(
      await put(
        { page: 'rule-regulations', language: 'hi', updatedAt: null, text: text('नियम') },
        token,
        host,
      ),
      400,
      'VALIDATION_FAILED',
      'Write the English page first.',
    );
    expectRefused(await playerPage('rule-regulations', 'en', host), 404, 'NOT_FOUND');
    const made = expectOk(
      await put(
        { page: 'rule-regulations', language: 'en', updatedAt: null, text: text('Rules') },
        token,
        host,
      ),
    );
    expect(made.texts).toEqual({ en: text('Rules'), hi: null });
    expect(expectOk(await playerPage('rule-regulations', 'hi', host))).toMatchObject({
      title: 'Rules',
      language: 'en',
    });
  });

  it("is the owner's alone, on its own site", async () => {
    expectRefused(await pages(), 401, 'UNAUTHENTICATED');
    for (const role of ['finance', 'trader', 'support'] as const) {
      const token = await operatorToken(ctx.app, role);
      expectRefused(await pages(token), 403, 'FORBIDDEN');
      expectRefused(
        await put({ page: 'rule-regulations', language: 'en', updatedAt: null, text: text('Rules') }, token),
        403,
        'FORBIDDEN',
      );
    }
    // The owner of another site reads and writes that site's pages, never this one's.
    const other = await otherSiteOperatorToken(ctx.app, {
      host: OTHER_HOST,
      userName: 'other-pages-owner',
      role: 'owner',
    });
    const content = await storedContent();
    const read = expectOk(await pages(other, OTHER_HOST)).pages[0]!;
    expectOk(
      await put(
        { page: read.page, language: 'en', updatedAt: read.updatedAt, text: text('Theirs') },
        other,
        OTHER_HOST,
      ),
    );
    expect(await storedContent()).toEqual(content);
  });
});
