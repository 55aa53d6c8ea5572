// The server side of the bet benchmark, run as its own process: the real app factory on
// PostgreSQL with a feed of fixed zero-delay markets, and funded players created directly.
import { paise } from '@backlay/exchange';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { users } from '../../apps/server/src/platform/db/schema';
import { seedDemoDomains } from '../../apps/server/src/settings/seed';
import { CROSSED, MARKET_COUNT, RUNNERS, type ServerMessage } from './shared';

const databaseUrl = process.argv[2] as string;
const players = Number(process.argv[3] ?? 64);
const poolSize = Number(process.env.BENCH_POOL ?? 24);

const feed = new TestFeed();
for (let i = 0; i < MARKET_COUNT; i++) {
  feed.setMarket(matchOddsMarket({ id: `b.${i}`, eventId: 7000 + i, runners: RUNNERS, maxStake: 1_000_000 }));
}

const database = await openDatabase({ databaseUrl, poolSize });
await seedDemoDomains(database.db);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-long-enough-for-hs256-0123456789abcdef',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  DATA_DIR: '/tmp/backlay-bench-bets',
  WEB_DIST: '/tmp/backlay-no-web',
});
const app = await buildApp({ config, database, feed });

// Players straight into the database: a user, a wallet and ₹1 crore each.
const domainRows = (await database.db.execute(
  sql`select id from domains order by id limit 1`,
)) as unknown as {
  rows: { id: number }[];
};
const domainId = Number(domainRows.rows[0]?.id);
const tokens: string[] = [];
for (let i = 0; i < players; i++) {
  const userId = await app.ledger.transaction(async (money) => {
    const [row] = await money.tx
      .insert(users)
      .values({
        domainId,
        userName: `bench_${i}_${Date.now()}`,
        passwordHash: 'x',
        status: 'active',
        referralCode: `B${i}${Date.now()}`,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    const cash = await money.openWallet(row.id, domainId);
    await money.post({
      domainId,
      kind: 'adjustment',
      reference: `bench:${row.id}`,
      description: 'bench funds',
      lines: [
        { account: cash, amount: paise(1_000_000_000) },
        { account: await money.houseAccount(domainId, 'HOUSE_CASH'), amount: paise(-1_000_000_000) },
      ],
    });
    return row.id;
  });
  const { token } = await app.tokens.signAccess({ userId, domainId, sessionId: 1, isDemo: false });
  tokens.push(token);
}

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
process.send?.({ type: 'ready', port, tokens } satisfies ServerMessage);

/**
 * BENCH_PROF=dir: a CPU profile of the measured window only (from 'mark' to 'stats'), not of the
 * start-up, the warm-up or the resting orders' matching after it, written as bets-window.cpuprofile.
 */
const profileDir = process.env.BENCH_PROF;
const profiler = profileDir ? new Session() : null;
profiler?.connect();

let mark = process.cpuUsage();
let markAt = performance.now();
process.on('message', async (message: { type: string }) => {
  if (message.type === 'mark') {
    if (profiler) {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    mark = process.cpuUsage();
    markAt = performance.now();
  }
  if (message.type === 'stats') {
    const used = process.cpuUsage(mark);
    const wallMs = performance.now() - markAt;
    if (profiler && profileDir) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(join(profileDir, 'bets-window.cpuprofile'), JSON.stringify(profile));
    }
    process.send?.({
      type: 'stats',
      stats: { wallMs, userCpuMs: used.user / 1000, systemCpuMs: used.system / 1000 },
    } satisfies ServerMessage);
  }
  if (message.type === 'cross') {
    // Prices that reach every resting order, as one feed change per market.
    for (let i = 0; i < MARKET_COUNT; i++) {
      for (const runner of CROSSED) feed.setPrices(`b.${i}`, runner.runnerId, runner.back, runner.lay);
      feed.emitChange(7000 + i, [`b.${i}`]);
    }
    mark = process.cpuUsage();
    markAt = performance.now();
    process.send?.({ type: 'crossed' } satisfies ServerMessage);
  }
  if (message.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
