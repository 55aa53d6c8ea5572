import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Probe sources linted as if they lived at paths that break (or keep) a web boundary. The
// imported modules are real files, so the resolver classifies them as the linter does in CI.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = (file: string) => path.join(repoRoot, 'apps/web/src', file);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: web(file) });
  // A probe the config ignored would pass every "allowed" case for the wrong reason.
  expect(result?.messages.filter((m) => m.ruleId == null)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('web boundaries', () => {
  it.each([
    [
      'shared -> feature (alias)',
      'shared/probe.ts',
      `export { isLive } from '@/features/sports/lib/visibility';`,
    ],
    [
      'shared -> feature (relative)',
      'shared/lib/probe.ts',
      `import { isLive } from '../../features/sports/lib/visibility';\nexport const probe = isLive;`,
    ],
    [
      'shared -> app',
      'shared/lib/probe.ts',
      `import { pageTitle } from '@/app/route-meta';\nexport const probe = pageTitle;`,
    ],
    [
      'feature -> app',
      'features/sports/probe.ts',
      `import { pageTitle } from '../../app/route-meta';\nexport const probe = pageTitle;`,
    ],
    [
      'feature -> other feature (alias)',
      'features/betting/probe.ts',
      `import { isLive } from '@/features/sports/lib/visibility';\nexport const probe = isLive;`,
    ],
    [
      'feature -> other feature (relative)',
      'features/betting/lib/probe.ts',
      `import { isLive } from '../../sports/lib/visibility';\nexport const probe = isLive;`,
    ],
    [
      'feature -> other feature (dynamic import)',
      'features/account/probe.ts',
      `export const probe = () => import('@/features/sports/lib/visibility');`,
    ],
    [
      'feature -> other feature (type import)',
      'features/casino/probe.ts',
      `import type { SportTab } from '@/features/sports/lib/visibility';\nexport type Probe = SportTab;`,
    ],
  ])('reports %s', async (_name, file, code) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/must not import/);
  });

  it.each([
    [
      'feature -> shared',
      'features/sports/probe.ts',
      `import { formatRupees } from '@/shared/lib/money';\nexport const probe = formatRupees;`,
    ],
    [
      'feature -> its own files',
      'features/sports/routes/probe.ts',
      `import { isLive } from '../lib/visibility';\nexport const probe = isLive;`,
    ],
    [
      'app -> feature',
      'app/probe.ts',
      `import { isLive } from '@/features/sports/lib/visibility';\nexport const probe = isLive;`,
    ],
    [
      'app -> shared',
      'app/probe.ts',
      `import { formatRupees } from '../shared/lib/money';\nexport const probe = formatRupees;`,
    ],
    [
      'shared -> shared',
      'shared/lib/probe.ts',
      `import { formatRupees } from './money';\nexport const probe = formatRupees;`,
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
