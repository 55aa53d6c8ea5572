import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import {
  pgliteTemplate,
  pgliteTemplateFile,
  pgliteTemplateKey,
  templateForNewDataDir,
} from './pglite-template';

describe('the migrated PGlite copy a first start loads', () => {
  const folder = mkdtempSync(join(tmpdir(), 'backlay-template-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is made once, named by PGlite and the migrations, and a new data folder starts from it', async () => {
    expect(pgliteTemplateKey()).toMatch(/^[0-9a-f]{16}$/);
    const made = await pgliteTemplate(folder);
    expect(existsSync(pgliteTemplateFile(folder))).toBe(true);
    expect((await pgliteTemplate(folder)).size).toBe(made.size);

    const dataDir = join(folder, 'data');
    const copy = await templateForNewDataDir(dataDir, folder);
    expect(copy?.size).toBe(made.size);
    const database = await openDatabase({ dataDir, loadDataDir: copy });
    try {
      // Every migration is there already: the tables, and drizzle's record of each migration.
      const rows = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(10);
      await database.db.execute(sql`select 1 from users limit 1`);
    } finally {
      await database.close();
    }
    // A folder with a database is never overwritten; without a copy a start creates the database.
    expect(await templateForNewDataDir(dataDir, folder)).toBeUndefined();
    expect(await templateForNewDataDir(join(folder, 'other'), join(folder, 'nowhere'))).toBeUndefined();
  });
});
