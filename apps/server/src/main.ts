import { closeExpiredDemoAccounts } from './account';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { templateForNewDataDir } from './platform/db/pglite-template';
import { createInProcessBus, createRedisBus } from './platform/bus';
import { feedOptionsFromEnv, runFeed } from './sports';
import { demoOperatorHints, seedDemoOperators, TotpSealer } from './operator';
import { seedDemoDomains } from './settings';
import { startBanner } from './platform/log/banner';
import { resolveLogFormat } from './platform/log/logger';

const config = loadConfig();
const pgliteDir = config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`;
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: pgliteDir,
  // A new data folder starts from the migrated database `npm start`'s build made, when there is one.
  loadDataDir: pgliteDir ? await templateForNewDataDir(pgliteDir) : undefined,
});
if (config.seedDemoData) await seedDemoDomains(database.db);
// One operator of each role on the demo site, with a documented password and TOTP secret: never in
// production, whatever SEED_DEMO_DATA says (the first owner there is made with operator:create).
const demoOperators = config.seedDemoData && !config.isProduction;
if (demoOperators) {
  await seedDemoOperators(database.db, {
    isProduction: config.isProduction,
    sealer: new TotpSealer(config.jwtSecret),
  });
}

// One bus for the hub and the feed: Redis when scaled out, so every server sees one world.
const bus = config.REDIS_URL
  ? createRedisBus(config.REDIS_URL, { prefix: config.REDIS_PREFIX })
  : createInProcessBus();
const running = await runFeed({
  ...feedOptionsFromEnv(process.env),
  bus: config.REDIS_URL ? bus : undefined,
  heartbeat: { everyMs: config.FEED_HEARTBEAT_MS, staleAfterMs: config.FEED_STALE_AFTER_MS },
  autoStart: false,
  // The simulator's world is kept in the database: a restart carries on the same events and markets.
  world: database.db,
});
const app = await buildApp({ config, database, bus, feed: running.feed, feedRole: running.role });
if (config.ADMIN_API_KEY !== undefined) {
  app.log.warn(
    'ADMIN_API_KEY is set but no longer used: operators sign in (POST /admin/auth/login), and a site gets its first owner with `npm run operator:create -w @backlay/server`. Unset it.',
  );
}
if (running.world) {
  const { ignoredSettings, ...world } = running.world;
  app.log.info(world, world.resumed ? 'carried on the stored feed world' : 'stored a new feed world');
  if (world.replacedVersion !== null) {
    app.log.warn(
      { replacedVersion: world.replacedVersion },
      'the stored feed world numbered its markets with an older scheme (checkpoint version): a new world replaced it; open bets of its markets are reported by the settlement repair, to settle or void by hand',
    );
  }
  if (ignoredSettings.length > 0) {
    app.log.warn(
      { ignoredSettings },
      'the stored feed world keeps the settings it was made with: to draw a new one, stop the feed owner and delete its row in feed_worlds',
    );
  }
}
// A carried-on world plays on to now here, before the server listens; settlement hears what closed.
running.feed.start();

const sweep = async () => {
  try {
    const closed = await closeExpiredDemoAccounts(
      database.db,
      app.ledger,
      app.sessionRevocations,
      config.DEMO_ACCOUNT_TTL_HOURS,
    );
    if (closed) app.log.info({ closed }, 'closed expired demo accounts');
  } catch (err) {
    app.log.error({ err }, 'demo account clean-up failed');
  }
};
const sweepTimer = setInterval(sweep, 3_600_000);
sweepTimer.unref();
void sweep();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(sweepTimer);
  await running.stop();
  await bus.close();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const storage = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const logFormat = resolveLogFormat(config.LOG_FORMAT, process.stdout.isTTY === true);
const banner = startBanner({
  url: `http://localhost:${port}`,
  storage,
  apiDocs: config.apiDocs,
  devHints: !config.isProduction,
  logFormat,
  operatorHints: demoOperators ? demoOperatorHints(`http://localhost:${port}`) : [],
});
// A person at a terminal reads the banner; a log shipper gets it as one JSON line.
if (logFormat === 'pretty') console.log(`\n  ${banner.join('\n  ')}\n`);
else app.log.info({ url: `http://localhost:${port}`, storage }, banner.join('\n'));
