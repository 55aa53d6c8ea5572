// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const web = resolve(import.meta.dirname, '..');
const root = resolve(web, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'backlay-web-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The JavaScript of a build, all chunks together. */
function builtScript(outDir: string): string {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'))
    .join('\n');
}

/**
 * React's production bundle points its errors at react.dev/errors; the development bundle spells
 * them out and checks the DOM nesting (and is about 60 KB gzipped larger).
 */
function expectProductionReact(outDir: string) {
  const script = builtScript(outDir);
  expect(script).toContain('react.dev/errors/');
  expect(script).not.toContain('validateDOMNesting');
  expect(script).not.toContain('In HTML, %s cannot be a child of');
}

/** A whole build on a shared two-core machine. */
const BUILD_TIMEOUT_MS = 180_000;
const inDevelopmentShell = { ...process.env, NODE_ENV: 'development' };

describe('the production build, from a shell that holds NODE_ENV=development', () => {
  it(
    'vite build makes the production React bundle within the size budget',
    () => {
      const outDir = join(work, 'vite');
      const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: web,
        env: inDevelopmentShell,
        encoding: 'utf8',
      });
      expect(build.stderr + build.stdout).not.toMatch(/over the .* budget/);
      expect(build.status).toBe(0);
      expectProductionReact(outDir);
    },
    BUILD_TIMEOUT_MS,
  );

  it('paints the first screen from the HTML alone: the stylesheet inlined, no script fetched with the page', () => {
    // The build of the test above.
    const html = readFileSync(join(work, 'vite', 'index.html'), 'utf8');
    expect(html).toMatch(/<style>:root\{/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // Only the entry and Vite's small loader come with the page; the app's chunks after the first paint.
    const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
      (m) => m[1]?.replace(/-[\w-]{8}\.js$/, ''),
    );
    expect(scripts.sort()).toEqual(['index', 'preload']);
    // The server's first screen goes between these (apps/server/src/first-screen.ts).
    for (const region of ['brand', 'news', 'page']) {
      expect(html).toContain(`<!--${region}-->`);
      expect(html).toContain(`<!--/${region}-->`);
    }
  });

  it('evaluates the data layer in two steps: zod and axios apart from the contract and the client', () => {
    const assets = join(work, 'vite', 'assets');
    const chunkWith = (text: string) =>
      readdirSync(assets).filter(
        (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(text),
      );
    const routeTable = chunkWith('/Setting/GetSettingWithSportTree');
    const libraries = chunkWith('ZodError');
    expect(routeTable).toHaveLength(1);
    expect(libraries.length).toBeGreaterThan(0);
    expect(libraries).not.toContain(routeTable[0]);
    expect(chunkWith('axios')).not.toContain(routeTable[0]);
  });

  it('starts the app from a few files: start-up and every module of ours it imports, in two chunks', () => {
    // The entry's import of app/start.tsx names every file the loader asks for before it runs.
    const assets = join(work, 'vite', 'assets');
    const entry = readdirSync(assets).find((name) => /^index-[\w-]{8}\.js$/.test(name)) as string;
    const deps = /m\.f=(\[[^\]]*\])/.exec(readFileSync(join(assets, entry), 'utf8'))?.[1];
    expect(deps).toBeDefined();
    const files = (JSON.parse(deps as string) as string[]).map((file) =>
      file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1'),
    );
    // Without the start-up group: sixteen files, ten of them a few hundred bytes of our modules.
    expect(files.sort()).toEqual([
      'app.css',
      'app.js',
      'preload.js',
      'rolldown-runtime.js',
      'start.js',
      'vendor.js',
    ]);
  });

  it(
    "npm start's build step makes the production bundle",
    () => {
      const outDir = join(work, 'start');
      const script = `import { buildWebClient } from './scripts/web-build.mjs';
process.exit(buildWebClient({ root: process.cwd(), outDir: ${JSON.stringify(outDir)} }));`;
      const build = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        env: inDevelopmentShell,
        encoding: 'utf8',
      });
      expect(build.status).toBe(0);
      expectProductionReact(outDir);
    },
    BUILD_TIMEOUT_MS,
  );
});
