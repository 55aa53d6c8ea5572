// The server side of the feed-to-screen bench, run as its own process: the real app (as main.ts
// builds it, PGlite, in-process bus, the simulator in real time) plus a listener on the feed that
// reports, for every odds change, how long after its `at` the feed actually emitted it.
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { createInProcessBus } from '../../apps/server/src/platform/bus';
import { runFeed } from '../../apps/server/src/sports/feed';
import { seedDemoDomains } from '../../apps/server/src/settings/seed';

export interface EmitMessage {
  type: 'emitted';
  /** eventId:version, the key the browser side sees in OddsChange. */
  key: string;
  /** Wall-clock ms between the change's `at` and the feed emitting it. */
  lagMs: number;
}

const config = loadConfig();
const database = await openDatabase({ dataDir: `${config.dataDir}/pglite` });
await seedDemoDomains(database.db);
const bus = createInProcessBus();
const running = await runFeed({ autoStart: false });
running.feed.subscribe((event) => {
  if (event.type !== 'oddsChanged') return;
  const message: EmitMessage = {
    type: 'emitted',
    key: `${event.eventId}:${event.version}`,
    lagMs: Date.now() - event.at,
  };
  process.send?.(message);
});
const app = await buildApp({ config, database, bus, feed: running.feed, feedRole: running.role });
running.feed.start();
await app.listen({ host: config.HOST, port: config.PORT });
process.send?.({ type: 'ready' });
process.on('SIGTERM', () => {
  void running
    .stop()
    .then(() => app.close())
    .then(() => database.close())
    .finally(() => process.exit(0));
});
