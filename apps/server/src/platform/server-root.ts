import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The server package's folder (apps/server), found from wherever this code runs: its sources under
 * src/, or the one-file build `npm start` runs from dist/ (scripts/server-build.mjs). Files the
 * server reads beside its code (the migrations, the clients' builds) are named from here, never by
 * a path relative to one source file, which the build moves.
 */
export const SERVER_ROOT = (() => {
  for (let dir = import.meta.dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@backlay/server'
    )
      return dir;
  }
  throw new Error(`no @backlay/server package above ${import.meta.dirname}`);
})();
