import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientBuildIsFresh } from '../../../scripts/web-build.mjs';

/** A file written with a modification time `seconds` after the epoch. */
function file(root: string, path: string, seconds: number): void {
  const at = join(root, path);
  mkdirSync(dirname(at), { recursive: true });
  writeFileSync(at, path);
  utimesSync(at, seconds, seconds);
}

describe("npm start's check of a client's build", () => {
  it('builds again when the client or a package it bundles changed after it, not for a test or the lock', () => {
    const root = mkdtempSync(join(tmpdir(), 'freshness-'));
    for (const path of [
      'apps/web/src/main.tsx',
      'apps/web/index.html',
      'packages/contract/src/index.ts',
      'packages/exchange/src/index.ts',
      'package-lock.json',
    ])
      file(root, path, 1_000);
    expect(clientBuildIsFresh(root, 'apps/web')).toBe(false);
    file(root, 'apps/web/dist/index.html', 2_000);
    expect(clientBuildIsFresh(root, 'apps/web')).toBe(true);
    // A test, the dependencies and the build itself are not what the client is made from.
    file(root, 'apps/web/src/main.test.tsx', 3_000);
    file(root, 'apps/web/node_modules/x/index.js', 3_000);
    file(root, 'apps/web/dist/assets/a.js', 3_000);
    // npm install writes the lock again, unchanged, every time.
    file(root, 'package-lock.json', 3_000);
    expect(clientBuildIsFresh(root, 'apps/web')).toBe(true);
    for (const changed of [
      'apps/web/src/deep/er/page.tsx',
      'apps/web/package.json',
      'packages/contract/src/cashier.ts',
    ]) {
      file(root, changed, 3_000);
      expect(clientBuildIsFresh(root, 'apps/web'), changed).toBe(false);
      file(root, changed, 1_000);
      expect(clientBuildIsFresh(root, 'apps/web')).toBe(true);
    }
  });
});
