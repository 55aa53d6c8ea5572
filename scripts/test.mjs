// `npm test`: lint, typecheck, contract drift, every Vitest suite (the server's on PGlite, and on
// PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set), then the Playwright journeys.
// Ends with one line of totals across all suites.
import { spawn, spawnSync } from 'node:child_process';
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

/** One check with its output held back, printed whole when it ends (checks run side by side). */
function check(title, cmd, args, cwd = root) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}\n${output.trimEnd()}`);
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      done(code === 0);
    });
  });
}

/** Runs the checks two at a time (the machines here have two cores; each check uses one). */
async function twoAtATime(checks) {
  const queue = [...checks];
  const outcomes = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) outcomes.push(await next());
  };
  await Promise.all([lane(), lane()]);
  return outcomes;
}

// Lint, format, the contract's drift and each workspace's typecheck: single-threaded each, so two
// at a time, the longest first.
const workspacesToTypecheck = JSON.parse(
  spawnSync('npm', ['query', '.workspace'], { cwd: root, encoding: 'utf8' }).stdout,
)
  .filter((w) => w.scripts?.typecheck)
  .map((w) => w.location);
const longestFirst = ['apps/server', 'apps/web', 'bench', 'apps/operator'];
workspacesToTypecheck.sort(
  (a, b) => (longestFirst.indexOf(a) + 1 || 99) - (longestFirst.indexOf(b) + 1 || 99),
);
const started = Date.now();
const results = await twoAtATime([
  () => check('lint', 'npx', ['eslint', '.']),
  () => check('format', 'npx', ['prettier', '--check', '.']),
  ...workspacesToTypecheck.map(
    (location) => () => check(`typecheck ${location}`, 'npm', ['run', 'typecheck'], join(root, location)),
  ),
  () => check('openapi drift', 'npm', ['run', 'openapi:check']),
]);
console.log(`\n=== checks: ${((Date.now() - started) / 1000).toFixed(1)} s for all, two at a time`);

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
