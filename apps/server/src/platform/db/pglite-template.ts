import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { SERVER_ROOT } from '../server-root';
import { migrationsFolder, openDatabase } from './database';

/*
 * A migrated, empty PGlite database as a copy of its data folder (`dumpDataDir`): a new PGlite
 * cluster runs Postgres's initdb and then every migration, 2-4 s on this machine; loading the copy
 * takes about half a second. `npm start` makes it with each build of the server (in dist/) and a
 * first start on an empty data folder loads it (`templateForNewDataDir`); a copy made for other
 * migrations or another PGlite is never used (that start creates the database as before). The tests
 * keep theirs in the temporary folder. The copy is named by
 * what it holds: PGlite's version (another build of Postgres may not read this one's folder) and
 * every migration file.
 */

let key: string | undefined;

/**
 * What the copy holds, in 16 hex digits: PGlite's version and the migrations. Worked out once, when
 * first asked (a start on an existing data folder never asks).
 */
export function pgliteTemplateKey(): string {
  if (key !== undefined) return key;
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(version);
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** The file of the copy for these migrations in `folder`. */
export const pgliteTemplateFile = (folder: string): string =>
  join(folder, `backlay-pglite-template-${pgliteTemplateKey()}.tar`);

/** Where `npm start`'s build keeps the copy: beside the server's bundle. */
export const BUILD_TEMPLATE_FOLDER = join(SERVER_ROOT, 'dist');

/**
 * The copy in `folder`, made there first if it is not (written aside and renamed: a process reading
 * it meanwhile never sees half a file).
 */
export async function pgliteTemplate(folder: string): Promise<Blob> {
  const file = pgliteTemplateFile(folder);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * The copy to start a PGlite data folder from: only for a folder with no database yet, and only if
 * the build made one for these migrations (without it PGlite creates the cluster as before). A Blob
 * backed by the file, not its 40 MB read into memory: PGlite keeps the Blob it was given.
 */
export async function templateForNewDataDir(
  dataDir: string,
  folder = BUILD_TEMPLATE_FOLDER,
): Promise<Blob | undefined> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const file = pgliteTemplateFile(folder);
  return existsSync(file) ? await openAsBlob(file) : undefined;
}
