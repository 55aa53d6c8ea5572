// Writes docs/openapi.json from the contract; with --check, fails when the committed file drifted.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/openapi';

const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const text = JSON.stringify(buildOpenApiDocument(), null, 2) + '\n';

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is drift too.
  }
  if (current !== text) {
    console.error('docs/openapi.json is out of date: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('docs/openapi.json matches the contract.');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
