// `npm start`: builds the web client on first run, then runs the server on its embedded default
// (PGlite in DATA_DIR, demo domain and data, simulated feed). Honours PORT and DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebClient } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex) || process.env.REBUILD_WEB === 'true') {
  console.log('Building the web client (first run)...');
  const status = buildWebClient({ root });
  if (status !== 0) process.exit(status);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
