import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

/*
 * The operators' console is served at /operator/ from its own build, apart from the players'
 * client: its files (hashed ones cached for a year), its index.html for any of its routes, kept out
 * of search engines; without a build, /operator/ is an unknown path like any other.
 */
describe('the operators console at /operator/', () => {
  let ctx: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'backlay-operator-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Backlay operators</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'assets', 'console-abc123.js'), 'console.log(1)');
    ctx = await createTestApp('pglite', { OPERATOR_DIST: dist });
    bare = await createTestApp('pglite');
  });
  afterAll(async () => {
    await ctx.close();
    await bare.close();
  });

  it('answers its page for the root and any route of its own, never cached stale, kept out of search engines', async () => {
    for (const url of ['/operator', '/operator/', '/operator/finance/requests/12?x=1']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Backlay operators');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      // The same security headers as every page.
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  it('serves its hashed assets for a year', async () => {
    const res = await ctx.app.inject({ url: '/operator/assets/console-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves the operator API and other paths alone', async () => {
    const api = await ctx.app.inject({ url: '/admin/audit-log' });
    expect(api.statusCode).toBe(401);
    const other = await ctx.app.inject({ url: '/operatorx' });
    expect(other.statusCode).toBe(404);
  });

  it('without a build, /operator/ is an unknown path', async () => {
    const res = await bare.app.inject({ url: '/operator/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('ROUTE_NOT_FOUND');
  });
});
