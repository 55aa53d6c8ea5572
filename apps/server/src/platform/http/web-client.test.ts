import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebClient, scriptJson, withFirstScreen } from './web-client';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><body><div id="root">${'<p>shell</p>'.repeat(100)}</div></body></html>`;

/** A built client as the web's build leaves it: every text file with its .br and .gz copies. */
function writeDist(dir: string) {
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': PAGE, 'assets/index-AbC123.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('the web client', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'backlay-web-'));
    writeDist(dist);
    app = Fastify();
    await registerWebClient(app, dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset brotli-compressed to a browser that takes br, cached for a year', async () => {
    const answer = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that takes gzip only, and the plain file to one that takes neither', async () => {
    const gzipped = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a client route with index.html, compressed and revalidated on every visit', async () => {
    const answer = await get('/inplay', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(PAGE);
  });

  it('revalidates the unhashed files, and does not serve the compressed copies by their own names', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/index-AbC123.js.br')).statusCode).toBe(404);
  });
});

describe("a page's first screen", () => {
  const SHELL =
    '<!doctype html><html><body><div id="root"><header><!--brand--><span>B</span><!--/brand--></header>' +
    '<main><!--page--><div class="block"></div><!--/page--></main></div></body></html>';
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'backlay-web-'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    app = Fastify();
    await registerWebClient(app, dist, {
      firstScreen: (_req, path) =>
        path === '/inplay'
          ? {
              data: { title: 'A </script><script>alert(1)</script> \u2028' },
              regions: { page: '<p>Slider</p>' },
            }
          : null,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is sent inside index.html: its data as JSON before #root, its markup in place of the region', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/inplay?x=1',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(answer.rawPayload).toString();
    expect(html).toContain('<main><!--page--><p>Slider</p><!--/page--></main>');
    // A region the screen does not name keeps the shell's markup.
    expect(html).toContain('<!--brand--><span>B</span><!--/brand-->');
    const json =
      /<script type="application\/json" id="first-screen">(.*?)<\/script>\n\s*<div id="root">/.exec(html);
    expect(JSON.parse(json?.[1] ?? 'null')).toEqual({ title: 'A </script><script>alert(1)</script> \u2028' });
    // Nothing in the data can close the script element.
    expect(json?.[1]).not.toContain('<');
  });

  it('is sent gzipped or plain to a browser that takes no brotli', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/inplay',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<p>Slider</p>');
    const plain = await app.inject({ method: 'GET', url: '/inplay', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<p>Slider</p>');
  });

  it('leaves a page whose first screen is not known as built', async () => {
    const answer = await app.inject({ method: 'GET', url: '/open-bets', headers: { accept: 'text/html' } });
    expect(answer.body).toBe(SHELL);
  });

  it('escapes what would end a script element or a line in JavaScript', () => {
    expect(scriptJson({ a: '</script>\u2028\u2029' })).toBe('{"a":"\\u003c/script>\\u2028\\u2029"}');
    expect(withFirstScreen('<p>no root</p>', { data: 1, regions: {} })).toBe('<p>no root</p>');
  });
});
