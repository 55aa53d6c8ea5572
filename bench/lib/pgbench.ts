// pgbench's simple-update run (-N) on a scratch database of the benchmarks' PostgreSQL server: the
// machine's physical limit for small writes, measured in the same run as what is compared with it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { databaseUrl, withAdmin } from './scratch-postgres';

export type PgbenchResult = { tps: number; output: string } | { error: string };

export async function pgbenchTps(clients: number, seconds: number): Promise<PgbenchResult> {
  const name = `backlay_pgbench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const url = databaseUrl(name);
    execFileSync('pgbench', ['-i', '-q', url], { stdio: 'pipe' });
    const output = execFileSync(
      'pgbench',
      ['-N', '-c', String(clients), '-j', '2', '-T', String(seconds), url],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
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
