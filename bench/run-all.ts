// `npm run bench`: every benchmark in turn; each prints its figures and writes bench/reports/*.json.
// `npm run bench -- hub bets` runs only the named ones.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const all = ['hub', 'bets', 'casino-wallet', 'odds-render', 'feed-to-screen', 'lighthouse', 'ocr'];
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
process.exit(failed === 0 ? 0 : 1);
