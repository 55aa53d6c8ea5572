// What the database's backends waited on during a measured window: pg_stat_activity sampled every
// 50 ms, counting the active backends of the given databases by wait event (a backend on the CPU
// counts as 'CPU'). Lock waits (wait_event_type 'Lock': a row, a transaction id, an advisory lock)
// are the queueing the benchmarks look for.
import pg from 'pg';
import { BASE_URL } from './scratch-postgres';

export interface WaitSampler {
  stop(): Promise<WaitSummary>;
}

export interface WaitSummary {
  samples: number;
  /** Per database: the mean number of active backends, and the mean waiting on each event. */
  byDatabase: Record<string, { activeMean: number; lockWaitMean: number; events: Record<string, number> }>;
}

export async function sampleWaits(databases: string[], everyMs = 50): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  const counts = new Map<string, Map<string, number>>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await client.query<{ datname: string; ev: string; n: string }>(
        `select datname, coalesce(wait_event_type || ':' || wait_event, 'CPU') as ev, count(*) as n
           from pg_stat_activity
          where state = 'active' and datname = any($1) and pid <> pg_backend_pid()
          group by 1, 2`,
        [databases],
      );
      samples += 1;
      for (const row of r.rows) {
        const db = counts.get(row.datname) ?? new Map<string, number>();
        db.set(row.ev, (db.get(row.ev) ?? 0) + Number(row.n));
        counts.set(row.datname, db);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const byDatabase: WaitSummary['byDatabase'] = {};
      for (const name of databases) {
        const events = counts.get(name) ?? new Map<string, number>();
        const mean = (n: number) => Math.round((n / Math.max(1, samples)) * 100) / 100;
        let active = 0;
        let lock = 0;
        const out: Record<string, number> = {};
        for (const [ev, n] of [...events].sort((a, b) => b[1] - a[1])) {
          active += n;
          if (ev.startsWith('Lock:')) lock += n;
          out[ev] = mean(n);
        }
        byDatabase[name] = { activeMean: mean(active), lockWaitMean: mean(lock), events: out };
      }
      return { samples, byDatabase };
    },
  };
}
