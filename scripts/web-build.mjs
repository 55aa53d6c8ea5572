// The production builds of the web client and of the operators' console, as `npm start` makes them
// (and `npm run build` with them).
import { spawnSync } from 'node:child_process';

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
