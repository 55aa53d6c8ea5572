import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { SERVER_ROOT } from '../server-root';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATION_LOCK_ID = 0x6261636b; // 'back'
export const migrationsFolder = join(SERVER_ROOT, 'drizzle');

/**
 * The one place that chooses the storage: PostgreSQL when a URL is given, else PGlite (real
 * Postgres compiled to WebAssembly) in a folder, or in memory when the folder is 'memory://'.
 * The same migrations run at start-up on both.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite only: start from this copy of a data folder (`dumpDataDir`) instead of an empty
   * cluster; the migrations then run on it as on any database (pglite-template.ts: the migrated
   * copy `npm start`'s build makes for a first start, and the tests' copy for every test database).
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // A pool error on an idle client must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several servers may start at once: one migrates while the others wait on the lock. The
    // migrations run on the connection that holds it, so a pool of one connection is enough.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(lock, { schema }) as never, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lock.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    // 8 MB of shared buffers, not Postgres's 128 MB: PGlite touches all of them at start (they were
    // the largest part of an idle server's memory), and its pages are in memory or in the OS's
    // cache anyway, so a larger buffer pool saves no disk reads (16 MB -> 8 MB: about 8 MB less RSS).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'],
    ...(dir === 'memory://' ? {} : { dataDir: dir }),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
