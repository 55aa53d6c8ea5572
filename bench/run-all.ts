// `npm run bench`: every benchmark in turn; each prints its figures and writes bench/reports/*.json,
// then one report of them all, each figure beside its baseline and its goal (bench/summary.ts:
// bench/reports/summary.md and summary.json). `npm run bench -- hub bets` runs only the named ones
// (the summary then takes the others from their last reports).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSummary } from './summary';

const here = dirname(fileURLToPath(import.meta.url));
const all = ['startup', 'hub', 'bets', 'casino-wallet', 'odds-render', 'feed-to-screen', 'lighthouse', 'ocr'];
const wanted = process.argv.slice(2).filter((name) => all.includes(name));
let failed = 0;
for (const name of wanted.length > 0 ? wanted : all) {
  console.log(`\n=== bench/${name}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, name, 'run.ts')], {
    stdio: 'inherit',
    cwd: join(here, '..'),
  });
  if (run.status !== 0) {
    failed += 1;
    console.error(`bench/${name} exited with ${run.status}`);
  }
}
const rows = writeSummary();
console.log(
  `\n=== summary: ${rows.filter((r) => r.met === true).length} goals met, ${
    rows.filter((r) => r.met === false).length
  } missed: bench/reports/summary.md`,
);
process.exit(failed === 0 ? 0 : 1);
