import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES, SiteImageUrlSchema } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified } from './helpers';
import { operatorToken } from './operator-helpers';

/*
 * The site's images (issue 16): the owner uploads a logo, favicon or slide as a data URL, judged by
 * its bytes (PNG, JPEG, WebP; anything else 400 IMAGE_INVALID, more than 5 MB 413 IMAGE_TOO_LARGE,
 * each refusal an audited attempt that stores nothing), and gets the path it is served at on the
 * site's host: public, its own content type, nosniff, cached for a year, never the players' client
 * page in its place, and never on another site's host. The owner alone uploads; the path is saved
 * as the logo, favicon or a slide like any site path.
 */

const UPLOAD = '/admin/site-images';
const OTHER_HOST = 'skipotp.backlay.local';
const PAGE = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A 1×1 PNG, as an image editor writes one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (start of image, an APP0 marker) and a WebP (RIFF, WEBP, a VP8L chunk). */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0jpeg-body'),
]);
const WEBP = Buffer.concat([Buffer.from('RIFF\x1a\0\0\0WEBPVP8L', 'latin1'), Buffer.alloc(14, 7)]);

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

interface SiteImage {
  url: string;
  contentType: string;
  bytes: number;
}
interface AuditRow {
  actor: string;
  role: string;
  action: string;
  target: string;
  before: unknown;
  after: Record<string, unknown>;
}

describe.each(backends)('site images (%s)', (backend) => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    // A built players' client, so its page fallback is there to take any path the API does not.
    dist = mkdtempSync(join(tmpdir(), 'backlay-web-'));
    writeFileSync(join(dist, 'index.html'), PAGE);
    ctx = await createTestApp(backend, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const owner = () => operatorToken(ctx.app, 'owner');
  const upload = async (body: unknown, token?: string, host?: string) =>
    call<SiteImage>(ctx.app, {
      url: UPLOAD,
      body,
      ...(token ? { token } : {}),
      ...(host ? { host } : {}),
    });
  const fetchImage = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const imageCount = async () =>
    num((await queryRows<{ n: unknown }>(ctx.database.db, sql`select count(*) as n from site_images`))[0]?.n);
  const auditRows = async (action: string) =>
    queryRows<AuditRow>(
      ctx.database.db,
      sql`select actor, role, action, target, before, after from operator_audit_log
          where action = ${action} order by id`,
    );

  it('stores the owner’s PNG and serves the same bytes at the path answered, with its headers', async () => {
    const audits = (await auditRows('site.upload_image')).length;
    const answer = expectOk(await upload({ kind: 'logo', dataUrl: dataUrl(PNG) }, await owner()));
    const sha256 = createHash('sha256').update(PNG).digest('hex');
    expect(answer).toEqual({
      url: expect.stringMatching(new RegExp(`^/site-images/\\d+-${sha256.slice(0, 8)}\\.png$`)),
      contentType: 'image/png',
      bytes: PNG.length,
    });
    expect(SiteImageUrlSchema.safeParse(answer.url).success).toBe(true);

    // A browser asking for it as a page still gets the picture, never the players' client page.
    const served = await fetchImage(answer.url, { accept: 'text/html,image/*;q=0.8' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Public (no token), and shown by a client served from another origin too.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const rows = await auditRows('site.upload_image');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({
      actor: 'owner',
      role: 'owner',
      target: expect.stringMatching(/^site_image:\d+$/),
      before: null,
      after: { kind: 'logo', url: answer.url, contentType: 'image/png', bytes: PNG.length, sha256 },
    });
  });

  it('judges by the bytes: a PNG declared as anything is a PNG; JPEG and WebP keep their types', async () => {
    const declaredGif = expectOk(
      await upload({ kind: 'favicon', dataUrl: dataUrl(PNG, 'image/gif') }, await owner()),
    );
    expect(declaredGif.contentType).toBe('image/png');
    expect(declaredGif.url).toMatch(/\.png$/);

    const jpeg = expectOk(
      await upload({ kind: 'slide', dataUrl: dataUrl(JPEG, 'image/jpeg') }, await owner()),
    );
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', bytes: JPEG.length });
    expect(jpeg.url).toMatch(/\.jpg$/);
    const webp = expectOk(
      await upload({ kind: 'slide', dataUrl: dataUrl(WEBP, 'image/webp') }, await owner()),
    );
    expect(webp).toMatchObject({ contentType: 'image/webp', bytes: WEBP.length });
    expect(webp.url).toMatch(/\.webp$/);
    for (const [image, bytes, type] of [
      [jpeg, JPEG, 'image/jpeg'],
      [webp, WEBP, 'image/webp'],
    ] as const) {
      const served = await fetchImage(image.url);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('keeps one row for the same picture uploaded twice: the same path again', async () => {
    const first = expectOk(await upload({ kind: 'logo', dataUrl: dataUrl(PNG) }, await owner()));
    const count = await imageCount();
    const again = expectOk(await upload({ kind: 'slide', dataUrl: dataUrl(PNG) }, await owner()));
    expect(again).toEqual(first);
    expect(await imageCount()).toBe(count);
    expect((await auditRows('site.upload_image')).at(-1)?.after).toMatchObject({
      kind: 'slide',
      url: first.url,
      alreadyStored: true,
    });
  });

  it('is saved as the logo, favicon and a slide, and players load it from the site', async () => {
    const image = expectOk(await upload({ kind: 'logo', dataUrl: dataUrl(PNG) }, await owner()));
    const opened = expectOk(
      await call<{ settings: Record<string, unknown>; version: number }>(ctx.app, {
        url: '/admin/site-settings',
        token: await owner(),
      }),
    );
    const saved = expectOk(
      await call<{ settings: Record<string, unknown> }>(ctx.app, {
        method: 'PUT',
        url: '/admin/site-settings',
        token: await owner(),
        body: {
          settings: {
            ...opened.settings,
            mainLogo: image.url,
            favicon: image.url,
            sliderImages: [{ imageUrl: image.url, link: '/inplay' }],
          },
          version: opened.version,
        },
      }),
    );
    expect(saved.settings).toMatchObject({ mainLogo: image.url, favicon: image.url });

    // Players get it as an address on the site, which serves it.
    const tree = expectOk(
      await call<{ setting: { mainLogo: string; sliderImages: { imageUrl: string }[] } }>(ctx.app, {
        url: '/Setting/GetSettingWithSportTree',
      }),
    );
    for (const address of [tree.setting.mainLogo, tree.setting.sliderImages[0]?.imageUrl ?? '']) {
      expect(new URL(address)).toMatchObject({
        protocol: 'http:',
        hostname: 'localhost',
        pathname: image.url,
      });
    }
    const served = await fetchImage(new URL(tree.setting.mainLogo).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  describe('what is not an image', () => {
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0])]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    // The PNG signature, then no IHDR chunk: rubbish behind a PNG's first bytes.
    const pngHeaderGarbage = Buffer.concat([
      PNG.subarray(0, 8),
      Buffer.from('this is not a PNG at all, really'),
    ]);
    const cases: [string, string][] = [
      ['text', dataUrl(Buffer.from('hello, this is text'), 'text/plain')],
      ['an SVG', dataUrl(svg, 'image/svg+xml')],
      ['a GIF', dataUrl(gif, 'image/gif')],
      ['a GIF declared as PNG', dataUrl(gif, 'image/png')],
      ['a PNG header with garbage after it', dataUrl(pngHeaderGarbage)],
      ['no data URL at all', 'https://example.com/logo.png'],
      ['broken base64', 'data:image/png;base64,iVBOR!w0K'],
    ];

    it.each(cases)(
      'refuses %s: 400 IMAGE_INVALID, nothing stored, the attempt audited',
      async (_name, url) => {
        const count = await imageCount();
        const attempts = (await auditRows('site.upload_image_refused')).length;
        const uploads = (await auditRows('site.upload_image')).length;
        expectRefused(await upload({ kind: 'logo', dataUrl: url }, await owner()), 400, 'IMAGE_INVALID');
        expect(await imageCount()).toBe(count);
        expect(await auditRows('site.upload_image')).toHaveLength(uploads);
        const rows = await auditRows('site.upload_image_refused');
        expect(rows).toHaveLength(attempts + 1);
        expect(rows.at(-1)).toEqual({
          actor: 'owner',
          role: 'owner',
          action: 'site.upload_image_refused',
          target: 'site_image',
          before: null,
          after: { kind: 'logo', why: 'IMAGE_INVALID', dataUrlLength: url.length },
        });
      },
    );
  });

  it('refuses an image of more than 5 MB: 413 IMAGE_TOO_LARGE, nothing stored, the attempt audited', async () => {
    const large = Buffer.alloc(MAX_IMAGE_BYTES + 1, 1);
    PNG.copy(large, 0, 0, 24);
    const count = await imageCount();
    const attempts = (await auditRows('site.upload_image_refused')).length;
    expectRefused(
      await upload({ kind: 'slide', dataUrl: dataUrl(large) }, await owner()),
      413,
      'IMAGE_TOO_LARGE',
    );
    expect(await imageCount()).toBe(count);
    const rows = await auditRows('site.upload_image_refused');
    expect(rows).toHaveLength(attempts + 1);
    expect(rows.at(-1)?.after).toMatchObject({ kind: 'slide', why: 'IMAGE_TOO_LARGE' });
    // A body larger than any 5 MB image is refused before it is read: no upload, so no attempt.
    const huge = Buffer.alloc(7 * 1024 * 1024);
    expectRefused(
      await upload({ kind: 'slide', dataUrl: dataUrl(huge) }, await owner()),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(await imageCount()).toBe(count);
    expect(await auditRows('site.upload_image_refused')).toHaveLength(attempts + 1);

    // Exactly 5 MB is taken.
    const largest = Buffer.alloc(MAX_IMAGE_BYTES, 2);
    PNG.copy(largest, 0, 0, 24);
    const taken = expectOk(await upload({ kind: 'slide', dataUrl: dataUrl(largest) }, await owner()));
    expect(taken.bytes).toBe(MAX_IMAGE_BYTES);
  });

  it('refuses a body without a kind, with an unknown kind, or with no image', async () => {
    const count = await imageCount();
    for (const body of [
      { dataUrl: dataUrl(PNG) },
      { kind: 'banner', dataUrl: dataUrl(PNG) },
      { kind: 'logo', dataUrl: '' },
      { kind: 'logo' },
    ]) {
      expectRefused(await upload(body, await owner()), 400, 'VALIDATION_FAILED');
    }
    expect(await imageCount()).toBe(count);
  });

  it('admits the owner only: finance, trader and support 403, a player 403, no token 401', async () => {
    const count = await imageCount();
    const body = { kind: 'logo', dataUrl: dataUrl(PNG) };
    for (const role of ['finance', 'trader', 'support'] as const) {
      expectRefused(
        await upload(body, await operatorToken(ctx.app, role)),
        403,
        'FORBIDDEN',
        `Your role (${role}) may not do this: it needs owner.`,
      );
    }
    const player = (await registerVerified(ctx.app)).login.accessToken;
    expectRefused(await upload(body, player), 403, 'FORBIDDEN', /for operators/);
    expectRefused(await upload(body), 401, 'UNAUTHENTICATED');
    expect(await imageCount()).toBe(count);
  });

  it("serves an image on its own site's host only; a wrong hash, extension or id is 404", async () => {
    const image = expectOk(await upload({ kind: 'logo', dataUrl: dataUrl(PNG) }, await owner()));
    expect((await fetchImage(image.url)).statusCode).toBe(200);

    const elsewhere = await fetchImage(image.url, { host: OTHER_HOST });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });

    const [, id, hash] = /^\/site-images\/(\d+)-([0-9a-f]{8})\.png$/.exec(image.url) ?? [];
    const wrongHash = hash === '00000000' ? '11111111' : '00000000';
    for (const url of [
      `/site-images/${id}-${wrongHash}.png`,
      `/site-images/${id}-${hash}.jpg`,
      `/site-images/${id}-${hash}.svg`,
      `/site-images/${id}-${hash}`,
      `/site-images/999999999-${hash}.png`,
      `/site-images/${id}`,
      '/site-images/..%2F..%2Fetc%2Fpasswd',
    ]) {
      // Asked for as a page too: a miss here is the API's 404, never the players' client page.
      const answer = await fetchImage(url, { accept: 'text/html' });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/application\/json/);
    }
  });
});
