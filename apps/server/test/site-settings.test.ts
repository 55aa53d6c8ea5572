import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { num, queryRows } from '../src/betting/sql-rows';
import { createInProcessBus } from '../src/platform/bus';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, register, registerVerified, verify, type Answer } from './helpers';
import { operatorToken, otherSiteOperatorToken } from './operator-helpers';

/*
 * The owner's Site screen (GET and PUT /admin/site-settings): the site's settings with their version;
 * a save from an older version is refused with the newer settings, nothing changed; bad input is
 * refused, nothing changed; a save is one audit row (before and after) and players' next settings
 * load shows it, on this server and at once on a server that hears the bus. The owner alone, each on
 * its own site.
 */

const PATH = '/admin/site-settings';
const OTHER_HOST = 'skipotp.backlay.local';

type Settings = Record<string, unknown> & {
  domainTitle: string;
  newsText: string;
  bodyBgColor: string;
  siteSuspended: boolean;
  sliderImages: { imageUrl: string; link: string | null }[];
};
interface SiteSettings {
  settings: Settings;
  version: number;
  updatedAt: string;
}
interface AuditRow {
  actor: string;
  role: string;
  action: string;
  target: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

describe.each(backends)('site settings by the owner (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const owner = () => operatorToken(ctx.app, 'owner');
  const get = (token?: string, host?: string, app?: FastifyInstance) =>
    call<SiteSettings>(app ?? ctx.app, { url: PATH, ...(token ? { token } : {}), ...(host ? { host } : {}) });
  const put = (body: unknown, token?: string, host?: string, app?: FastifyInstance) =>
    call<SiteSettings>(app ?? ctx.app, {
      method: 'PUT',
      url: PATH,
      body,
      ...(token ? { token } : {}),
      ...(host ? { host } : {}),
    });
  const current = async () => expectOk(await get(await owner()));
  /** The stored row as the database holds it, for "nothing changed". */
  const storedRow = async (name = 'test') =>
    (
      await queryRows<Record<string, unknown>>(
        ctx.database.db,
        sql`select settings, settings_version, updated_at from domains where name = ${name}`,
      )
    )[0];
  const auditRows = async (name = 'test') =>
    queryRows<AuditRow>(
      ctx.database.db,
      sql`select l.actor, l.role, l.action, l.target, l.before, l.after from operator_audit_log l
          join domains d on d.id = l.domain_id
          where l.action = 'site.update_settings' and d.name = ${name} order by l.id`,
    );
  const playerSettings = async (token?: string, host?: string, app?: FastifyInstance) =>
    expectOk(
      await call<{ setting: Settings & { domainName: string }; games: unknown[] }>(app ?? ctx.app, {
        url: '/Setting/GetSettingWithSportTree',
        ...(token ? { token } : {}),
        ...(host ? { host } : {}),
      }),
    ).setting;

  it("answers the owner the site's settings as stored, with their version", async () => {
    const read = await current();
    expect(read.version).toBeGreaterThanOrEqual(1);
    expect(Date.parse(read.updatedAt)).not.toBeNaN();
    expect(read.settings).not.toHaveProperty('domainName');
    expect(read.settings).toMatchObject({ siteSuspended: false, allowSignUp: true, mainLogo: '/logo.svg' });
    const [row] = await queryRows<{ settings: unknown; settings_version: unknown }>(
      ctx.database.db,
      sql`select settings, settings_version from domains where name = 'test'`,
    );
    const stored = typeof row?.settings === 'string' ? (JSON.parse(row.settings) as unknown) : row?.settings;
    expect(read.settings).toEqual(stored);
    expect(read.version).toBe(num(row?.settings_version));
  });

  it("saves the owner's change: a new version, one audit row, and players' next load shows it", async () => {
    const player = (await registerVerified(ctx.app)).login.accessToken;
    const before = await current();
    // The player's settings are read (and cached by this server) before the save.
    expect((await playerSettings(player)).domainTitle).toBe(before.settings.domainTitle);
    const audits = (await auditRows()).length;

    const changed = {
      ...before.settings,
      domainTitle: '  Sunrise Exchange  ',
      newsText: 'Diwali week: cash out on every match odds market.',
      bodyBgColor: 'blue',
      casino: false,
      sliderImages: [{ imageUrl: 'https://cdn.example.com/slides/diwali.png', link: '/inplay' }],
    };
    const saved = expectOk(await put({ settings: changed, version: before.version }, await owner()));
    expect(saved.version).toBe(before.version + 1);
    expect(saved.settings).toEqual({ ...changed, domainTitle: 'Sunrise Exchange' });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expect(await current()).toEqual(saved);

    // The player's next load shows it at once (the server's cached domain was dropped).
    const seen = await playerSettings(player);
    expect(seen).toMatchObject({
      domainName: 'test',
      domainTitle: 'Sunrise Exchange',
      newsText: 'Diwali week: cash out on every match odds market.',
      bodyBgColor: 'blue',
      casino: false,
      sliderImages: [{ imageUrl: 'https://cdn.example.com/slides/diwali.png', link: '/inplay' }],
    });
    expect((await playerSettings()).domainTitle).toBe('Sunrise Exchange');
    const file = await ctx.app.inject({ url: '/cdn/settings/test.json' });
    expect(file.headers['cache-control']).toBe('public, max-age=60');
    expect(file.json<{ result: Settings }>().result.newsText).toBe(changed.newsText);

    // One audit row by the owner: the fields that changed, before and after, with the versions.
    const rows = await auditRows();
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toEqual({
      actor: 'owner',
      role: 'owner',
      action: 'site.update_settings',
      target: 'site_settings',
      before: {
        version: before.version,
        domainTitle: before.settings.domainTitle,
        newsText: before.settings.newsText,
        bodyBgColor: before.settings.bodyBgColor,
        casino: true,
        sliderImages: before.settings.sliderImages,
      },
      after: {
        version: saved.version,
        domainTitle: 'Sunrise Exchange',
        newsText: changed.newsText,
        bodyBgColor: 'blue',
        casino: false,
        sliderImages: changed.sliderImages,
      },
    });
  });

  it('refuses a save from an older version with the newer settings, and changes nothing', async () => {
    const opened = await current();
    const first = expectOk(
      await put(
        { settings: { ...opened.settings, newsText: 'First editor' }, version: opened.version },
        await owner(),
      ),
    );
    const row = await storedRow();
    const audits = (await auditRows()).length;

    const stale = await put(
      { settings: { ...opened.settings, newsText: 'Second editor' }, version: opened.version },
      await owner(),
    );
    expectRefused(stale, 409, 'SETTINGS_STALE', /changed by someone else/);
    expect((stale.body.error as unknown as { current: SiteSettings }).current).toEqual(first);
    expect(await storedRow()).toEqual(row);
    expect(await auditRows()).toHaveLength(audits);
    expect((await playerSettings()).newsText).toBe('First editor');

    // Two saves from one version at once: one wins, the other is told of it.
    const both: Answer<SiteSettings>[] = await Promise.all(
      ['Left', 'Right'].map(async (newsText) =>
        put({ settings: { ...first.settings, newsText }, version: first.version }, await owner()),
      ),
    );
    const won = both.filter((a) => a.status === 200);
    const lost = both.filter((a) => a.status === 409);
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect((lost[0]?.body.error as unknown as { current: SiteSettings }).current).toEqual(
      won[0]?.body.result,
    );
    expect((await current()).version).toBe(first.version + 1);
    expect(await auditRows()).toHaveLength(audits + 1);
  });

  describe('bad input', () => {
    type S = Record<string, unknown>;
    const cases: [string, (s: S) => S, string][] = [
      ['an empty title', (s) => ({ ...s, domainTitle: '   ' }), 'settings.domainTitle'],
      ['a title of 81 characters', (s) => ({ ...s, domainTitle: 'x'.repeat(81) }), 'settings.domainTitle'],
      ['a title that is not text', (s) => ({ ...s, domainTitle: 42 }), 'settings.domainTitle'],
      [
        'a description of 301 characters',
        (s) => ({ ...s, description: 'x'.repeat(301) }),
        'settings.description',
      ],
      ['a javascript: logo', (s) => ({ ...s, mainLogo: 'javascript:alert(1)' }), 'settings.mainLogo'],
      [
        'a plain http logo',
        (s) => ({ ...s, mainLogo: 'http://cdn.example.com/logo.png' }),
        'settings.mainLogo',
      ],
      [
        'a protocol-relative favicon',
        (s) => ({ ...s, favicon: '//evil.example.com/f.ico' }),
        'settings.favicon',
      ],
      ['a data: favicon', (s) => ({ ...s, favicon: 'data:image/png;base64,AAAA' }), 'settings.favicon'],
      ['an empty logo', (s) => ({ ...s, mainLogo: '' }), 'settings.mainLogo'],
      [
        'a slide with a hidden tab in its scheme',
        (s) => ({ ...s, sliderImages: [{ imageUrl: 'https://a.example/1.png', link: 'java\tscript:x' }] }),
        'settings.sliderImages.0.link',
      ],
      [
        'a slide image that is a relative name',
        (s) => ({ ...s, sliderImages: [{ imageUrl: 'slide.png', link: null }] }),
        'settings.sliderImages.0.imageUrl',
      ],
      [
        'eleven slides',
        (s) => ({
          ...s,
          sliderImages: Array.from({ length: 11 }, () => ({ imageUrl: '/s.svg', link: null })),
        }),
        'settings.sliderImages',
      ],
      [
        'a theme that is CSS',
        (s) => ({ ...s, bodyBgColor: 'red; background: url(x)' }),
        'settings.bodyBgColor',
      ],
      ['news on with no text', (s) => ({ ...s, showNews: true, newsText: '  ' }), 'settings.newsText'],
      ['news of 501 characters', (s) => ({ ...s, newsText: 'x'.repeat(501) }), 'settings.newsText'],
      [
        'news turned around by a direction override',
        (s) => ({ ...s, newsText: 'Deposit bonus \u202Esuoirav' }),
        'settings.newsText',
      ],
      [
        'a title with a direction isolate',
        (s) => ({ ...s, domainTitle: 'Back\u2067lay' }),
        'settings.domainTitle',
      ],
      ['a switch as text', (s) => ({ ...s, allowSignUp: 'yes' }), 'settings.allowSignUp'],
      ['a missing sport switch', ({ cricket: _c, ...s }) => s, 'settings.cricket'],
      [
        'a WhatsApp number with letters',
        (s) => ({ ...s, supportWhatsApp: '98765abcde' }),
        'settings.supportWhatsApp',
      ],
      ['an http API address', (s) => ({ ...s, baseUrl: 'http://api.example.com' }), 'settings.baseUrl'],
    ];

    it.each(cases)('refuses %s (400, nothing changed)', async (_name, change, field) => {
      const opened = await current();
      const row = await storedRow();
      const audits = (await auditRows()).length;
      const answer = await put({ settings: change(opened.settings), version: opened.version }, await owner());
      expectRefused(answer, 400, 'VALIDATION_FAILED');
      expect(answer.body.error?.validationErrors?.map((e) => e.field)).toContain(field);
      expect(await storedRow()).toEqual(row);
      expect(await auditRows()).toHaveLength(audits);
    });

    it('refuses a body without its version, a version that is not a number, or no settings', async () => {
      const opened = await current();
      const row = await storedRow();
      for (const body of [
        { settings: opened.settings },
        { settings: opened.settings, version: '1' },
        { settings: opened.settings, version: 0 },
        { version: opened.version },
        [],
      ]) {
        expectRefused(await put(body, await owner()), 400, 'VALIDATION_FAILED');
      }
      expect(await storedRow()).toEqual(row);
    });

    it('accepts a site path, an https address, a hex colour and no WhatsApp number', async () => {
      const opened = await current();
      const saved = expectOk(
        await put(
          {
            settings: {
              ...opened.settings,
              mainLogo: 'https://cdn.example.com/logo.svg',
              favicon: '/favicon.svg',
              bodyBgColor: '#1A2B3C',
              supportWhatsApp: null,
              showNews: false,
              newsText: '',
            },
            version: opened.version,
          },
          await owner(),
        ),
      );
      expect(saved.settings).toMatchObject({
        mainLogo: 'https://cdn.example.com/logo.svg',
        bodyBgColor: '#1A2B3C',
      });
    });
  });

  it('suspends the site for its players and reopens it, its operators working all the while', async () => {
    const player = (await registerVerified(ctx.app)).login.accessToken;
    const openBets = () => call(ctx.app, { url: '/Bet/GetUserOpenBets', token: player });
    expectOk(await openBets());
    const opened = await current();
    try {
      expectOk(
        await put(
          { settings: { ...opened.settings, siteSuspended: true }, version: opened.version },
          await owner(),
        ),
      );
      expectRefused(await openBets(), 503, 'SITE_SUSPENDED');
      // The maintenance page still reads the settings; the operators still sign in and work.
      const tree = expectOk(
        await call<{ setting: { siteSuspended: boolean } }>(ctx.app, {
          url: '/Setting/GetSettingWithSportTree',
        }),
      );
      expect(tree.setting.siteSuspended).toBe(true);
      const suspended = await current();
      expect(suspended.settings.siteSuspended).toBe(true);
      expectOk(
        await put(
          { settings: { ...suspended.settings, siteSuspended: false }, version: suspended.version },
          await owner(),
        ),
      );
    } finally {
      const now = await current();
      if (now.settings.siteSuspended) {
        await put(
          { settings: { ...now.settings, siteSuspended: false }, version: now.version },
          await owner(),
        );
      }
    }
    expectOk(await openBets());
  });

  it('admits the owner only: trader, finance and support 403, a player 403, no token 401', async () => {
    const opened = await current();
    const row = await storedRow();
    const body = { settings: { ...opened.settings, domainTitle: 'Not allowed' }, version: opened.version };
    for (const role of ['trader', 'finance', 'support'] as const) {
      const token = await operatorToken(ctx.app, role);
      const needs = `Your role (${role}) may not do this: it needs owner.`;
      expectRefused(await get(token), 403, 'FORBIDDEN', needs);
      expectRefused(await put(body, token), 403, 'FORBIDDEN', needs);
    }
    const player = (await registerVerified(ctx.app)).login.accessToken;
    expectRefused(await get(player), 403, 'FORBIDDEN', /for operators/);
    expectRefused(await put(body, player), 403, 'FORBIDDEN');
    expectRefused(await get(), 401, 'UNAUTHENTICATED');
    expectRefused(await put(body), 401, 'UNAUTHENTICATED');
    expect(await storedRow()).toEqual(row);
  });

  it("gives another site's owner its own site's settings only", async () => {
    const other = await otherSiteOperatorToken(ctx.app, {
      host: OTHER_HOST,
      userName: `site_owner_${backend}`,
      role: 'owner',
    });
    const ours = await current();
    const row = await storedRow();

    // Its token is no good on this site's host.
    expectRefused(await get(other), 401, 'UNAUTHENTICATED');
    expectRefused(
      await put({ settings: ours.settings, version: ours.version }, other),
      401,
      'UNAUTHENTICATED',
    );

    const theirs = expectOk(await get(other, OTHER_HOST));
    expect(theirs.settings.domainTitle).toBe('Backlay Blue');
    const saved = expectOk(
      await put(
        { settings: { ...theirs.settings, domainTitle: 'Blue Sky Bets' }, version: theirs.version },
        other,
        OTHER_HOST,
      ),
    );
    expect(saved.settings.domainTitle).toBe('Blue Sky Bets');
    expect(await storedRow()).toEqual(row);
    expect((await auditRows(OTHER_HOST)).at(-1)?.actor).toBe(`site_owner_${backend}`);

    // Each site's players see their own site's settings.
    const registered = await register(ctx.app, { host: OTHER_HOST });
    const theirPlayer = expectOk(await verify(ctx.app, registered, '000000')).accessToken;
    expect((await playerSettings(theirPlayer, OTHER_HOST)).domainTitle).toBe('Blue Sky Bets');
    expect((await playerSettings()).domainTitle).toBe(ours.settings.domainTitle);
  });

  it('reaches another server at once through the bus; a server that does not hear it waits out its cache', async () => {
    const bus = createInProcessBus();
    const alone = createInProcessBus();
    const apps: FastifyInstance[] = [];
    try {
      for (const b of [bus, bus, alone]) {
        const app = await buildApp({ config: ctx.config, database: ctx.database, bus: b });
        await app.ready();
        apps.push(app);
      }
      const [a, b, deaf] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
      const opened = expectOk(await get(await owner(), undefined, a));
      // Servers b and deaf have read (and cached) the settings.
      expect((await playerSettings(undefined, undefined, b)).domainTitle).toBe(opened.settings.domainTitle);
      expect((await playerSettings(undefined, undefined, deaf)).domainTitle).toBe(
        opened.settings.domainTitle,
      );

      expectOk(
        await put(
          { settings: { ...opened.settings, domainTitle: 'Heard Everywhere' }, version: opened.version },
          await owner(),
          undefined,
          a,
        ),
      );
      expect((await playerSettings(undefined, undefined, b)).domainTitle).toBe('Heard Everywhere');
      // Without the message a server keeps its cached domain for up to 5 seconds (README).
      expect((await playerSettings(undefined, undefined, deaf)).domainTitle).toBe(
        opened.settings.domainTitle,
      );
    } finally {
      for (const app of apps) await app.close();
      await bus.close();
      await alone.close();
    }
  });
});
