// `npm run dev`: the server with reload on :8080, Vite's dev server (proxying the API to it) and our
// own casino games provider on :8090.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GAMES_PORT, startGames } from './games-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npm', ['run', 'dev', '-w', '@backlay/server'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@backlay/web'], { cwd: root, stdio: 'inherit' }),
  // The server runs in apps/server, so its default DATA_DIR (and the wallet secrets in it) is there.
  startGames({
    root,
    gamesPort: process.env.GAMES_PORT ?? DEFAULT_GAMES_PORT,
    serverPort: process.env.PORT ?? '8080',
    env: { DATA_DIR: process.env.DATA_DIR ?? join(root, 'apps/server/data') },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => (stop(), process.exit(code ?? 0)));
