// `npm start -w @backlay/games`: Backlay's own games provider, standalone. Reads its settings from
// the environment (README, "The HTTP process"), prints one line with its address.
import { createGamesServer } from './server/index';
import { loadSecrets } from './server/secrets';

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback * 1000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 3600) {
    throw new Error(`${name} is a number of seconds above 0 (at most 3600), got ${JSON.stringify(raw)}`);
  }
  return Math.round(value * 1000);
}

async function main(): Promise<void> {
  const port = Number(process.env.GAMES_PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('GAMES_PORT is a port number');
  const host = process.env.GAMES_HOST ?? '0.0.0.0';
  const publicUrl = process.env.GAMES_PUBLIC_URL ?? `http://localhost:${port}`;
  const walletUrl = process.env.WALLET_URL ?? 'http://localhost:8080';
  const frameAncestors = process.env.GAMES_FRAME_ANCESTORS?.split(/[\s,]+/).filter(Boolean);
  const bettingMs = seconds('GAMES_BETTING_SECONDS', 20);
  const pauseMs = seconds('GAMES_PAUSE_SECONDS', 5);
  const secrets = await loadSecrets({
    env: process.env,
    // `npm start -w @backlay/games` runs in apps/games; npm's INIT_CWD is where it was typed (the
    // repository root, where `npm start` runs the server), so ./data is the server's DATA_DIR.
    baseDir: process.env.INIT_CWD ?? process.cwd(),
    log: (line) => console.log(`games: ${line}`),
  });

  const server = await createGamesServer({
    publicUrl,
    walletUrl,
    secrets,
    bettingMs,
    pauseMs,
    ...(frameAncestors?.length ? { frameAncestors } : {}),
    logger: process.env.GAMES_LOG_LEVEL ? { level: process.env.GAMES_LOG_LEVEL } : false,
  });
  const address = await server.app.listen({ port, host });
  console.log(`games provider listening on ${address} (public ${publicUrl}, wallet ${walletUrl})`);

  let stoppingSince: number | undefined;
  const stop = (signal: string) => {
    if (stoppingSince !== undefined) {
      // tsx relays the terminal's signal to this process, which got it from the terminal as well:
      // only a second signal a moment later means "do not wait".
      if (Date.now() - stoppingSince < 1_000) return;
      console.log(`games: ${signal} again, exiting now`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`games: ${signal}: finishing the rounds in play, then closing`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`games: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
