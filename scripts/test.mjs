// `npm test`: lint, typecheck, contract drift, every Vitest suite (the server's on PGlite, and on
// PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set), then the Playwright journeys.
// Ends with one line of totals across all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'backlay-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;

function step(title, cmd, args, env = {}, cwd = root) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
}

const results = [];
results.push(step('lint', 'npx', ['eslint', '.']));
results.push(step('format', 'npx', ['prettier', '--check', '.']));
results.push(step('typecheck', 'npm', ['run', 'typecheck']));
results.push(step('openapi drift', 'npm', ['run', 'openapi:check']));

const vitestJson = join(reports, 'vitest.json');
results.push(
  step('unit and integration', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]),
);
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}

if (process.env.SKIP_E2E === 'true') {
  console.log('\n=== e2e: skipped because SKIP_E2E=true');
} else {
  const e2eJson = join(reports, 'e2e.json');
  results.push(
    step(
      'e2e (Chromium)',
      'npx',
      ['playwright', 'test', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson },
      join(root, 'e2e'),
    ),
  );
  if (existsSync(e2eJson)) {
    const s = JSON.parse(readFileSync(e2eJson, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  }
}

const stepsFailed = results.filter((ok) => !ok).length;
if (stepsFailed > 0 && failed === 0) failed = stepsFailed;
console.log(`\n${stepsFailed === 0 ? 'All steps passed.' : `${stepsFailed} step(s) failed.`}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(stepsFailed === 0 ? 0 : 1);
