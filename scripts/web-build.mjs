// The production builds of the web client and of the operators' console, as `npm start` makes them
// (and `npm run build` with them).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Builds a Vite workspace into its dist folder (or `outDir`). NODE_ENV is production for the build
 * whatever the caller's shell holds: a NODE_ENV=development left in a shell gave React's
 * development bundle, which the web client's size budget refuses.
 *
 * @param {string} workspace
 * @param {{ root: string, outDir?: string, env?: NodeJS.ProcessEnv }} options
 * @returns {number} the build's exit status
 */
function buildWorkspace(workspace, { root, outDir, env = process.env }) {
  const args = ['run', 'build', '-w', workspace];
  if (outDir) args.push('--', '--outDir', outDir, '--emptyOutDir');
  const build = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  });
  return build.status ?? 1;
}

/** Builds apps/web, the players' client. */
export const buildWebClient = (options) => buildWorkspace('@backlay/web', options);

/** Builds apps/operator, the operators' console the server serves at /operator/. */
export const buildOperatorConsole = (options) => buildWorkspace('@backlay/operator', options);

/**
 * What a client's build is made from, besides its own folder (its package.json says when its
 * dependencies change): the workspace packages it bundles. Not the lock, which npm install writes
 * again, unchanged, on every run.
 */
const SHARED_SOURCES = ['packages/contract/src', 'packages/exchange/src'];

/** The newest modification time of a file, or of any file under a folder (node_modules, dist and tests left out). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Whether a client's dist/index.html exists and nothing it is built from changed after it: the
 * workspace's own files (sources, public files, build scripts, config, manifest) and the shared
 * packages. After a pull or an edit `npm start` builds again rather than serve the old client.
 *
 * @param {string} root
 * @param {string} app e.g. 'apps/web'
 */
export function clientBuildIsFresh(root, app) {
  const index = join(root, app, 'dist', 'index.html');
  if (!existsSync(index)) return false;
  const builtAt = statSync(index).mtimeMs;
  return [join(root, app), ...SHARED_SOURCES.map((source) => join(root, source))].every(
    (input) => newestMtime(input) <= builtAt,
  );
}
