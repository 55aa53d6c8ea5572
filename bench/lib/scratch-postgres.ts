// The PostgreSQL server the benchmarks run on (DATABASE_URL), and the scratch databases they make on
// it for one run and drop afterwards.
import pg from 'pg';

export const BASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** Runs `fn` with a client on the server's own database (to create and drop the scratch ones). */
export async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
