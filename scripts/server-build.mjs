// The server as `npm start` runs it: apps/server/src/main.ts and the workspace packages it uses,
// bundled by esbuild into one ES module (apps/server/dist/main.mjs) that plain Node.js runs. The
// libraries from node_modules stay outside the bundle, loaded as usual. Running the TypeScript
// sources through tsx instead cost every start its loader (a second V8 isolate in a worker thread)
// and the resolution and transpiling of some 600 modules: seconds of start-up and tens of MB of
// memory for as long as the server runs. `npm run dev` and the tests still run the sources.
//
// The bundle is made again whenever a file it was made from (or the list of them) changed since:
// esbuild's metafile names every input, and their modification times are compared with the bundle's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { asciiSource } from './ascii-source.mjs';

/** Every dependency of the server and the workspace packages it bundles, but those packages. */
function externals(root) {
  const names = new Set();
  for (const dir of [
    'apps/server',
    'packages/contract',
    'packages/exchange',
    'packages/feed-simulator',
    'packages/market-feed',
  ]) {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }))
      if (!name.startsWith('@backlay/')) names.add(name);
  }
  return [...names];
}

export const serverBundle = (root) => join(root, 'apps/server/dist/main.mjs');
const metafile = (root) => join(root, 'apps/server/dist/meta.json');

/** Whether the bundle exists and no file it was made from changed after it. */
export function serverBundleIsFresh(root) {
  const bundle = serverBundle(root);
  if (!existsSync(bundle) || !existsSync(metafile(root))) return false;
  const builtAt = statSync(bundle).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(metafile(root), 'utf8'));
  // A new file is read by a changed one, so comparing the known inputs is enough.
  return Object.keys(inputs).every((input) => {
    const path = join(root, input);
    return existsSync(path) && statSync(path).mtimeMs <= builtAt;
  });
}

/**
 * Bundles the server; resolves when dist/main.mjs and dist/meta.json are written, and the migrated
 * PGlite database a first start loads is in dist/ (made by dist/make-pglite-template.mjs, the second
 * entry: a new cluster and every migration took 2-4 s of the first start, the copy half a second).
 */
export async function buildServer(root) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'make-pglite-template': 'apps/server/src/platform/db/make-pglite-template.ts',
    },
    outdir: join(root, 'apps/server/dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externals(root),
    metafile: true,
    // Readable stack traces without source maps: names kept, nothing minified.
    keepNames: true,
    logLevel: 'warning',
    // Written here, once, each file's text kept one byte a character (ascii-source.mjs).
    write: false,
  });
  mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
  for (const file of result.outputFiles) writeFileSync(file.path, asciiSource(file.text));
  writeFileSync(metafile(root), JSON.stringify({ inputs: result.metafile.inputs }));
  const made = spawnSync(process.execPath, [join(root, 'apps/server/dist/make-pglite-template.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Without it a first start creates the database itself, as before: slower, not broken.
  if (made.status !== 0) console.warn("the embedded database's starting copy could not be made");
}

/**
 * How `npm start` runs the bundle: Node.js's flags and the environment's additions. On the embedded
 * default (no DATABASE_URL: PGlite, the database inside the server's own process, one machine, a
 * few players) the server is run lean, as an idle server's memory profile asked (issue 18):
 * - `--liftoff-only`: PGlite's WebAssembly stays on V8's baseline compiler. TurboFan's optimised
 *   copies of Postgres's hot functions and the compiler's own memory were about 45 MB of an idle
 *   server; PGlite's queries take about 12 % longer.
 * - `--optimize-for-size` and `--max-semi-space-size=1`: a heap grown less eagerly and a young
 *   generation of 1 MB instead of up to 16 MB per semi-space (more, smaller scavenges).
 * - glibc's malloc with a fixed mmap threshold and a small trim threshold: the large buffers of the
 *   start (PGlite's image and data files, the compilers' zones) are given back to the system when
 *   freed, instead of the heap keeping them (without it an idle server held ~100 MB of freed memory).
 * On PostgreSQL (DATABASE_URL: a production server) Node.js runs with its defaults, tuned for
 * throughput. NODE_OPTIONS still applies on top of either.
 */
export function serverLaunch(env = process.env) {
  if (env.DATABASE_URL) return { execArgv: [], env: {} };
  const tunables = 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';
  return {
    execArgv: ['--liftoff-only', '--optimize-for-size', '--max-semi-space-size=1'],
    env: { GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${tunables}` : tunables },
  };
}
