// pgbench's simple-update run (-N) on a scratch database of the benchmarks' PostgreSQL server: the
// machine's physical limit for small writes, measured in the same run as what is compared with it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { databaseUrl, withAdmin } from './scratch-postgres';

const run = promisify(execFile);

export type PgbenchResult = { tps: number; output: string } | { error: string };

/**
 * pgbench -N with `clients` clients for `seconds` on a fresh scale-1 database. `beforeRun` is awaited
 * after the database is initialised and before the clock starts: what must be running beside
 * pgbench (bench/bets starts the casino wallet's load there) is then beside the whole measured run.
 */
export async function pgbenchTps(
  clients: number,
  seconds: number,
  options: { beforeRun?: () => Promise<void> } = {},
): Promise<PgbenchResult> {
  const name = `backlay_pgbench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const url = databaseUrl(name);
    await run('pgbench', ['-i', '-q', url]);
    await options.beforeRun?.();
    const { stdout: output } = await run(
      'pgbench',
      ['-N', '-c', String(clients), '-j', '2', '-T', String(seconds), url],
      { encoding: 'utf8' },
    );
    const match =
      /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
        output,
      );
    return { tps: match ? Number(match[1]) : Number.NaN, output };
  } catch (err) {
    return { error: String(err) };
  } finally {
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}
