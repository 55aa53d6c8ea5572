// Builds the SPA into a private folder and starts the real server for the journeys with a fresh
// data folder and NODE_ENV=test. The private build keeps a rebuild of apps/web/dist during the
// run from pulling the pages out from under the browser.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { gamesUrl, startGames } from '../../scripts/games-process.mjs';
import { buildServer, serverBundle, serverBundleIsFresh } from '../../scripts/server-build.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'backlay-e2e-'));
const dataDir = join(work, 'data');
const webDist = join(work, 'web');
const build = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
  cwd: join(root, 'apps', 'web'),
  stdio: 'inherit',
});
if (build.status !== 0) {
  rmSync(work, { recursive: true, force: true });
  process.exit(build.status ?? 1);
}
// The operators' console too, served at /operator/ by the same server.
const operatorDist = join(work, 'operator');
const operatorBuild = spawnSync('npx', ['vite', 'build', '--outDir', operatorDist, '--emptyOutDir'], {
  cwd: join(root, 'apps', 'operator'),
  stdio: 'inherit',
});
if (operatorBuild.status !== 0) {
  rmSync(work, { recursive: true, force: true });
  process.exit(operatorBuild.status ?? 1);
}
const port = process.env.BACKLAY_E2E_PORT;
if (!port) throw new Error('BACKLAY_E2E_PORT is not set');
const gamesPort = process.env.BACKLAY_E2E_GAMES_PORT;
if (!gamesPort) throw new Error('BACKLAY_E2E_GAMES_PORT is not set');

// On PostgreSQL (DATABASE_URL set, as on CI) the journeys get a database of their own, dropped at
// the end, and a Redis prefix of their own: nothing left by another run (a stored feed world, demo
// players) changes what they meet.
const adminUrl = process.env.DATABASE_URL;
const scratchName = `backlay_e2e_${randomBytes(6).toString('hex')}`;
async function admin(query) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
let databaseUrl;
if (adminUrl) {
  await admin(`CREATE DATABASE ${scratchName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratchName}`;
  databaseUrl = url.toString();
}
async function cleanUp() {
  rmSync(work, { recursive: true, force: true });
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`).catch(() => undefined);
}

// The server's one-file bundle, as `npm start` runs it.
if (!serverBundleIsFresh(root)) await buildServer(root);
const server = spawn(process.execPath, [serverBundle(root)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // Outside production the server seeds the demo operators (owner, finance, trader, support), whom
    // the journeys sign in with the documented password and TOTP secret (e2e/tests/support.ts).
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_PREFIX: `${scratchName}:` } : {}),
    WEB_DIST: webDist,
    OPERATOR_DIST: operatorDist,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every journey signs in as a new demo user from one address, faster than a person could.
    DEMO_LOGINS_PER_MINUTE_PER_IP: '1000',
    // And signs up, and checks mobile codes, from that one address: a fast machine ran more than
    // ten sign-ups a minute (the referral farm after the visitor journeys) and met the limit.
    SIGN_UPS_PER_MINUTE_PER_IP: '1000',
    CODES_PER_MINUTE_PER_IP: '1000',
    // And signs in by password from it, on a fast machine as often as a busy NAT would.
    SIGN_INS_PER_MINUTE_PER_IP: '1000',
    // Matches not started yet keep their prices until their game moves: a journey can trade at a
    // price that cannot move under it (the cash out). In-play books move as usual.
    FEED_STILL_PRE_MATCH: 'true',
    // Our own games provider, started below: every casino provider points at it.
    CASINO_DEV_GAMES_URL: gamesUrl(gamesPort),
  },
});
// It waits for the wallet secrets the server writes into DATA_DIR on its start. Rounds are shorter
// than a player's 20 s so the casino journey sees one settle without a long wait.
const games = startGames({
  root,
  gamesPort,
  serverPort: port,
  env: {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    GAMES_BETTING_SECONDS: '12',
    GAMES_PAUSE_SECONDS: '2',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  games.kill('SIGTERM');
  setTimeout(() => {
    server.kill('SIGKILL');
    games.kill('SIGKILL');
  }, 5000).unref();
  server.once('exit', () => {
    void cleanUp().then(() => process.exit(code));
  });
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.on('exit', (code) => {
  if (!stopping) void cleanUp().then(() => process.exit(code ?? 1));
});
games.on('exit', (code) => {
  if (!stopping) stop(code ?? 1);
});
