// The server side of the casino-wallet benchmark, run as its own process: the real app factory on
// PostgreSQL with the `dream` provider's secret set, and funded players created directly (as
// bench/bets/server.ts does), each with the casinoToken the sign-in answer would carry.
import { paise } from '@backlay/exchange';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { users } from '../../apps/server/src/platform/db/schema';
import { seedDemoDomains } from '../../apps/server/src/settings/seed';
import { FUNDING_PAISE, SECRET, type BenchPlayer, type ServerMessage } from './shared';

const databaseUrl = process.argv[2] as string;
const playerCount = Number(process.argv[3] ?? 64);
const poolSize = Number(process.env.BENCH_POOL ?? 24);

const database = await openDatabase({ databaseUrl, poolSize });
await seedDemoDomains(database.db);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-long-enough-for-hs256-0123456789abcdef',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  DATA_DIR: '/tmp/backlay-bench-casino-wallet',
  WEB_DIST: '/tmp/backlay-no-web',
  CASINO_DREAM_SECRET: SECRET,
});
const app = await buildApp({ config, database });

// Players straight into the database: a user, a wallet and ₹1 crore each (an adjustment journal).
const domainRows = (await database.db.execute(
  sql`select id from domains order by id limit 1`,
)) as unknown as {
  rows: { id: number }[];
};
const domainId = Number(domainRows.rows[0]?.id);
const players: BenchPlayer[] = [];
const stamp = Date.now();
for (let i = 0; i < playerCount; i++) {
  const userId = await app.ledger.transaction(async (money) => {
    const [row] = await money.tx
      .insert(users)
      .values({
        domainId,
        userName: `casino_${i}_${stamp}`,
        passwordHash: 'x',
        status: 'active',
        referralCode: `C${i}${stamp}`,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    const cash = await money.openWallet(row.id, domainId);
    await money.post({
      domainId,
      kind: 'adjustment',
      reference: `bench-casino:${row.id}`,
      description: 'bench funds',
      lines: [
        { account: cash, amount: paise(FUNDING_PAISE) },
        { account: await money.houseAccount(domainId, 'HOUSE_CASH'), amount: paise(-FUNDING_PAISE) },
      ],
    });
    return row.id;
  });
  players.push({ userId, casinoToken: await app.tokens.signCasino(userId, domainId) });
}

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
process.send?.({ type: 'ready', port, players } satisfies ServerMessage);

let mark = process.cpuUsage();
let markAt = performance.now();
process.on('message', async (message: { type: string }) => {
  if (message.type === 'mark') {
    mark = process.cpuUsage();
    markAt = performance.now();
  }
  if (message.type === 'stats') {
    const used = process.cpuUsage(mark);
    process.send?.({
      type: 'stats',
      stats: {
        wallMs: performance.now() - markAt,
        userCpuMs: used.user / 1000,
        systemCpuMs: used.system / 1000,
      },
    } satisfies ServerMessage);
  }
  if (message.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
