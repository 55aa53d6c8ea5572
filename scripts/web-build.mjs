// The production build of the web client, as `npm start` makes it (and `npm run build` with it).
import { spawnSync } from 'node:child_process';

/**
 * Builds apps/web into its dist folder (or `outDir`). NODE_ENV is production for the build whatever
 * the caller's shell holds: a NODE_ENV=development left in a shell gave React's development bundle,
 * which the size budget refuses.
 *
 * @param {{ root: string, outDir?: string, env?: NodeJS.ProcessEnv }} options
 * @returns {number} the build's exit status
 */
export function buildWebClient({ root, outDir, env = process.env }) {
  const args = ['run', 'build', '-w', '@backlay/web'];
  if (outDir) args.push('--', '--outDir', outDir, '--emptyOutDir');
  const build = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  });
  return build.status ?? 1;
}
