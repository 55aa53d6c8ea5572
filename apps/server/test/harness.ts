import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { MarketFeed } from '@backlay/market-feed';
import { insertUser, type NewUser, type UserRow } from '../src/account/user-repository';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db/database';
import { pgliteTemplate } from '../src/platform/db/pglite-template';
import { findDomainByName } from '../src/settings/domain-repository';
import { seedDemoDomains } from '../src/settings/seed';

export type Backend = 'pglite' | 'postgres';

/** Every server suite runs on PGlite, and again on PostgreSQL when DATABASE_URL is set. */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-test-')),
    WEB_DIST: join(tmpdir(), 'backlay-no-web'),
    OPERATOR_DIST: join(tmpdir(), 'backlay-no-operator'),
    // Each test app gets its own Redis namespace: rate-limit counters and hub channels never mix.
    REDIS_PREFIX: `backlay-test:${randomBytes(4).toString('hex')}:`,
    // No games provider in the tests unless one asks for it (a closed port refuses at once), so the
    // sport tree never waits on, or lists the games of, a provider process left running elsewhere.
    CASINO_DEV_GAMES_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
}

/**
 * A new, empty PostgreSQL database on the server DATABASE_URL points at, for tests that run several
 * servers (or start one later) on one database; `drop` removes it, whoever still holds connections.
 */
export async function scratchPostgres(
  prefix = 'backlay_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is needed for a PostgreSQL database');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A migrated, empty PGlite database as a copy of its data folder, made once for every test process
 * and file of a run (kept in the temporary folder, named by the migrations it holds): a new PGlite
 * cluster with every migration took 4-5 s each time on the CI machine, a copy of this one about 2 s.
 */
let pgliteTemplateOfRun: Promise<Blob> | undefined;
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplateOfRun ??= pgliteTemplate(tmpdir());
  return pgliteTemplateOfRun;
}

/** A fresh, isolated database: PGlite in memory, or a scratch PostgreSQL database dropped on close. */
export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
  }
  const scratch = await scratchPostgres();
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A fresh test database with the demo domains seeded, and the id of the 'test' domain. */
export async function openSeededTestDatabase(
  backend: Backend,
): Promise<{ database: Database; domainId: number }> {
  const database = await openTestDatabase(backend);
  await seedDemoDomains(database.db);
  const domain = await findDomainByName(database.db, 'test');
  if (!domain) throw new Error('the seed made no test domain');
  return { database, domainId: domain.id };
}

/** A player straight into the database (no wallet), with a unique name and referral code. */
export async function insertTestUser(
  db: Database['db'],
  domainId: number,
  fields: Partial<Omit<NewUser, 'domainId'>> = {},
): Promise<UserRow> {
  const tag = randomBytes(5).toString('hex');
  return insertUser(db, {
    domainId,
    userName: `test_${tag}`,
    passwordHash: 'x',
    status: 'active',
    referralCode: tag.toUpperCase(),
    ...fields,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  backend: Backend,
  overrides: Record<string, string> = {},
  deps: Pick<AppDeps, 'feed' | 'feedRole' | 'casinoProviders'> = {},
): Promise<TestContext> {
  const database = await openTestDatabase(backend);
  await seedDemoDomains(database.db);
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, ...deps });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A TCP port free on 127.0.0.1 right now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Servers on one scratch PostgreSQL database, as a scaled-out site runs them: one configuration
 * (the same token keys and secrets), each server its own pool, the demo domains seeded once.
 * `context` is the first server's, for the helpers that take one; `close` stops them all and drops
 * the database.
 */
export async function serversOnOnePostgres(
  prefix: string,
  feed: MarketFeed,
  count = 2,
): Promise<{ apps: FastifyInstance[]; databases: Database[]; context: TestContext; close(): Promise<void> }> {
  const scratch = await scratchPostgres(prefix);
  const config = testConfig();
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    if (i === 0) await seedDemoDomains(database.db);
    databases.push(database);
    const app = await buildApp({ config, database, feed });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    databases,
    context: {
      app: apps[0] as FastifyInstance,
      database: databases[0] as Database,
      config,
      close: async () => undefined,
    },
    close: async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await scratch.drop();
    },
  };
}
