// Our own casino games provider (apps/games) as a child process beside the server: `npm start`,
// `npm run dev` and the browser journeys start it with the server. It reaches the server only
// through the signed seamless wallet (WALLET_URL); the server lists and launches its games at
// CASINO_DEV_GAMES_URL. Both read the providers' wallet secrets from DATA_DIR/secrets.json, which
// the server writes on its first start outside production.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const DEFAULT_GAMES_PORT = '8090';

/** The games provider's address as the browser and the server reach it. */
export function gamesUrl(gamesPort) {
  return `http://localhost:${gamesPort}`;
}

/**
 * Starts the games provider: `serverPort` is where its wallet calls go, `env` the rest of its
 * settings (DATA_DIR, GAMES_BETTING_SECONDS, ...).
 */
export function startGames({ root, gamesPort, serverPort, env = {}, stdio = 'inherit' }) {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/games/src/main.ts')], {
    cwd: root,
    stdio,
    env: {
      ...process.env,
      ...env,
      GAMES_PORT: gamesPort,
      GAMES_PUBLIC_URL: process.env.GAMES_PUBLIC_URL ?? gamesUrl(gamesPort),
      WALLET_URL: process.env.WALLET_URL ?? `http://127.0.0.1:${serverPort}`,
    },
  });
}
