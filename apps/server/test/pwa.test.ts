import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';

/*
 * The players' client installs as an app (issue 17): each site's web manifest names the site (each
 * white-label site is an origin of its own, so a phone shows it under its own name), the service
 * worker and the icons are served with their types, revalidated on every visit so a new release is
 * found, and the page's Content-Security-Policy lets the page load both.
 */

const OTHER_HOST = 'skipotp.backlay.local';
const PUBLIC = resolve(import.meta.dirname, '../../web/public');

/** The manifest as the web's build writes it (vite-plugin-pwa, apps/web/vite.config.ts). */
const BUILT_MANIFEST = {
  id: '/',
  name: 'Backlay',
  short_name: 'Backlay',
  start_url: '/',
  display: 'standalone',
  background_color: '#eef0f6',
  theme_color: '#10131c',
  icons: [
    { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
const SW = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(50)}\n`;
const PAGE =
  '<!doctype html><html lang="en"><head><link rel="manifest" href="/manifest.webmanifest"></head>' +
  '<body><div id="root"><!--brand--><!--/brand--></div></body></html>';

/** A built client as the web's build leaves it: the worker, the manifest, an icon, the copies. */
function writeDist(dir: string) {
  mkdirSync(join(dir, 'assets'));
  const texts: Record<string, string> = {
    'index.html': PAGE,
    'sw.js': SW,
    'manifest.webmanifest': JSON.stringify(BUILT_MANIFEST),
  };
  for (const [name, text] of Object.entries(texts)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  copyFileSync(join(PUBLIC, 'pwa-192.png'), join(dir, 'pwa-192.png'));
}

/** The sources a directive allows, falling back as CSP Level 3 does when it is not given. */
function sources(policy: string, chain: string[]): string[] {
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
  for (const name of chain) {
    const found = directives.get(name);
    if (found) return found;
  }
  return [];
}

describe.each(backends)('the installable client (%s)', (backend) => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'backlay-web-'));
    writeDist(dist);
    ctx = await createTestApp(backend, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const manifestOf = async (host?: string) => {
    const answer = await get('/manifest.webmanifest', host ? { host } : {});
    expect(answer.statusCode).toBe(200);
    return { answer, manifest: JSON.parse(answer.body) as typeof BUILT_MANIFEST };
  };

  it("names the web manifest after the site, keeping the build's icons and start", async () => {
    const { answer, manifest } = await manifestOf();
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(manifest).toEqual(BUILT_MANIFEST);

    const other = await manifestOf(OTHER_HOST);
    expect(other.manifest).toEqual({ ...BUILT_MANIFEST, name: 'Backlay Blue', short_name: 'Backlay Blue' });
    expect(other.manifest.icons.map((i) => i.purpose)).toEqual(['any', 'any', 'maskable']);
  });

  it("sends the site's manifest compressed as the browser takes it, never the built copy", async () => {
    const answer = await get('/manifest.webmanifest', { host: OTHER_HOST, 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString()).name).toBe('Backlay Blue');
    expect((await get('/manifest.webmanifest.br')).statusCode).toBe(404);
  });

  it('serves the service worker as a script, revalidated on every visit', async () => {
    const plain = await get('/sw.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(SW);

    const compressed = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(SW);
  });

  it('serves the icons as PNG', async () => {
    const icon = await get('/pwa-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.rawPayload.equals(readFileSync(join(PUBLIC, 'pwa-192.png')))).toBe(true);
  });

  it("lets the page register its worker and read its manifest (the page's Content-Security-Policy)", async () => {
    const page = await get('/inplay', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    // Workers fall back to child-src, then script-src, then default-src; the manifest to default-src.
    expect(sources(policy, ['worker-src', 'child-src', 'script-src', 'default-src'])).toContain("'self'");
    expect(sources(policy, ['manifest-src', 'default-src'])).toContain("'self'");
    expect(sources(policy, ['img-src', 'default-src'])).toContain("'self'");
    // The worker's script is answered on the same origin, under the same policy.
    expect((await get('/sw.js')).headers['content-security-policy']).toBe(policy);
  });

  it("answers the worker's navigation preload with the page, as any page", async () => {
    const preload = await get('/inplay', {
      accept: 'text/html',
      'service-worker-navigation-preload': 'true',
    });
    expect(preload.statusCode).toBe(200);
    expect(preload.headers['content-type']).toMatch(/text\/html/);
    expect(preload.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});
