// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

/*
 * The server sends the .br or .gz copy of a file in place of the file, so each copy must be of the
 * file as it finally is. vite-plugin-pwa writes the service worker as the build closes and then
 * puts the precache list in it: the copies are made after that, from the worker as served.
 */

const work = mkdtempSync(join(tmpdir(), 'backlay-precompress-'));
const outDir = join(work, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(join(work, 'src'));
  writeFileSync(
    join(work, 'index.html'),
    '<!doctype html><html><head></head><body><script type="module" src="/src/main.js"></script></body></html>',
  );
  writeFileSync(
    join(work, 'src', 'main.js'),
    `document.body.append(${JSON.stringify('app '.repeat(200))});\n`,
  );
  writeFileSync(
    join(work, 'src', 'sw.js'),
    `const list = self.__WB_MANIFEST;\nself.addEventListener('install', () => console.log(list, ${JSON.stringify('x'.repeat(300))}));\n`,
  );
  await build({
    root: work,
    configFile: false,
    logLevel: 'silent',
    // As apps/web/vite.config.ts orders them: the worker's plugin before the copies.
    plugins: [
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.js',
        injectRegister: false,
        manifest: false,
        injectManifest: { globPatterns: ['assets/*.js', 'index.html'], rollupFormat: 'iife' },
      }),
      precompress(),
    ],
    build: { outDir, emptyOutDir: true },
  });
}, 120_000);

describe('the precompressed copies', () => {
  it('are of the service worker with its precache list in it', () => {
    const worker = readFileSync(join(outDir, 'sw.js'));
    expect(worker.toString()).not.toContain('__WB_MANIFEST');
    expect(worker.toString()).toMatch(/"?url"?:\s*"index\.html"/);
    expect(brotliDecompressSync(readFileSync(join(outDir, 'sw.js.br'))).equals(worker)).toBe(true);
    expect(gunzipSync(readFileSync(join(outDir, 'sw.js.gz'))).equals(worker)).toBe(true);
  });

  it('are made of every other text file of the build too', () => {
    const page = readFileSync(join(outDir, 'index.html'));
    expect(gunzipSync(readFileSync(join(outDir, 'index.html.gz'))).equals(page)).toBe(true);
  });
});
