import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const DATABASE_URL = process.env.DATABASE_URL;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.runIf(DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('migrates with a pool of one connection, and two servers starting at once both open', async () => {
    const name = `backlay_open_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(DATABASE_URL as string);
      url.pathname = `/${name}`;
      const [one, two] = await Promise.all([
        openDatabase({ databaseUrl: url.toString(), poolSize: 1 }),
        openDatabase({ databaseUrl: url.toString(), poolSize: 1 }),
      ]);
      for (const database of [one, two]) {
        const { rows } = (await database.db.execute(
          sql`select count(*)::int as n from market_exposures`,
        )) as unknown as { rows: { n: number }[] };
        expect(rows[0]?.n).toBe(0);
        await database.close();
      }
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 60_000);
});
