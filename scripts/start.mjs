// `npm start`: builds the web client and the operators' console on first run and whenever what they
// are made from changed (scripts/web-build.mjs), and the server's one-file bundle whenever its
// sources changed (scripts/server-build.mjs), then runs the server on its embedded default
// (PGlite in DATA_DIR, demo domain and data, simulated feed) and our own casino games provider
// beside it. Honours PORT, DATA_DIR and GAMES_PORT; CASINO_<PROVIDER>_HOST set for every provider
// (real providers) leaves the games provider out.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GAMES_PORT, gamesUrl, startGames } from './games-process.mjs';
import { buildServer, serverBundle, serverBundleIsFresh, serverLaunch } from './server-build.mjs';
import { buildOperatorConsole, buildWebClient, clientBuildIsFresh } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rebuild = process.env.REBUILD_WEB === 'true';

if (rebuild || !clientBuildIsFresh(root, 'apps/web')) {
  console.log('Building the web client (first run, or its sources changed)...');
  const status = buildWebClient({ root });
  if (status !== 0) process.exit(status);
}
if (rebuild || !clientBuildIsFresh(root, 'apps/operator')) {
  console.log("Building the operators' console (first run, or its sources changed)...");
  const status = buildOperatorConsole({ root });
  if (status !== 0) process.exit(status);
}

if (!serverBundleIsFresh(root)) {
  console.log('Building the server...');
  await buildServer(root);
}

const serverPort = process.env.PORT ?? '8080';
const gamesPort = process.env.GAMES_PORT ?? DEFAULT_GAMES_PORT;
const providers = ['INTERNATIONAL', 'DREAM', 'KING', 'MAC', 'UDAN'];
const ownGames =
  process.env.NODE_ENV !== 'production' && !providers.every((p) => process.env[`CASINO_${p}_HOST`]);

// Lean on memory on the embedded default, Node.js's defaults on PostgreSQL (see serverLaunch).
const launch = serverLaunch(process.env);
const children = [
  spawn(process.execPath, [...launch.execArgv, serverBundle(root)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...launch.env,
      ...(ownGames ? { CASINO_DEV_GAMES_URL: process.env.CASINO_DEV_GAMES_URL ?? gamesUrl(gamesPort) } : {}),
    },
  }),
];
if (ownGames) children.push(startGames({ root, gamesPort, serverPort }));

let stopping = false;
const stop = (signal, code) => {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const c of children) if (c.exitCode === null) c.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal, 0));
// One of them stopping stops the other: the product runs whole or not at all.
for (const c of children) c.on('exit', (code) => stop('SIGTERM', code ?? 0));
