import { closeExpiredDemoAccounts } from './account';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { createInProcessBus, createRedisBus } from './platform/bus';
import { feedOptionsFromEnv, runFeed } from './sports';
import { seedDemoDomains } from './settings';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`,
});
if (config.seedDemoData) await seedDemoDomains(database.db);

// One bus for the hub and the feed: Redis when scaled out, so every server sees one world.
const bus = config.REDIS_URL
  ? createRedisBus(config.REDIS_URL, { prefix: config.REDIS_PREFIX })
  : createInProcessBus();
const running = await runFeed({
  ...feedOptionsFromEnv(process.env),
  bus: config.REDIS_URL ? bus : undefined,
  autoStart: false,
});
const app = await buildApp({ config, database, bus, feed: running.feed, feedRole: running.role });
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
console.log(`\n  Backlay is running at http://localhost:${port}  (storage: ${storage}, API docs: /docs)\n`);
