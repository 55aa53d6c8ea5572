import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE } from '../src/casino/wallet-fast-path';
import type { Database } from '../src/platform/db/database';
import { backends, insertTestUser, openSeededTestDatabase } from './harness';

/*
 * The wallet's fast path prepares its statements once per connection, and PostgreSQL plans a
 * prepared statement once (a generic plan) after a few runs, on the statistics of that moment. A
 * read of the calls written as an array or an OR could be planned, on statistics of a young
 * table, as a scan of every call of the provider with the ids as a filter: `bench/casino-wallet`
 * then ran at half its speed, in one run of two. Each read must be planned as index lookups
 * whatever the statistics: here on a table of thousands of calls of one provider that was never
 * analysed, with the generic plan forced.
 */

type Plan = string[];

/** Each statement's generic plan, on one connection (a transaction), as the fast path prepares them. */
function genericPlans(database: Database): Promise<Map<string, Plan>> {
  return database.db.transaction(async (tx) => {
    const run = async (q: string) =>
      ((await tx.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
    await run(`set local plan_cache_mode = force_generic_plan`);
    for (const statement of PREPARE.split(/;\n/)) await run(statement);
    const args: Record<string, string> = {
      backlay_casino_locks: `array['dream:a', 'dream:b']::text[]`,
      backlay_casino_calls: `'dream', 'a', 'b'`,
      backlay_casino_player: `1, 'dream'`,
      backlay_casino_lock_wallet: `1`,
      backlay_casino_wallet: `1`,
    };
    const plans = new Map<string, Plan>();
    for (const [name, values] of Object.entries(args)) {
      const rows = await run(`explain execute ${name}(${values})`);
      plans.set(
        name,
        rows.map((r) => String(r['QUERY PLAN'])),
      );
    }
    await run(`deallocate all`);
    return plans;
  });
}

describe.each(backends)('the casino wallet statements planned once (%s)', (backend) => {
  let database: Database;
  let plans: Map<string, Plan>;

  beforeAll(async () => {
    const seeded = await openSeededTestDatabase(backend);
    database = seeded.database;
    const player = await insertTestUser(database.db, seeded.domainId);
    // Thousands of calls of one provider, as a casino's table holds: a bet and its win each round.
    await database.db.execute(sql`
      insert into casino_transactions (domain_id, user_id, provider, transaction_id, type, outcome,
        round_id, game_code, reference_transaction_id, amount_paise, balance_after_paise)
      select ${seeded.domainId}::int, ${player.id}::bigint, 'dream', 'b' || n, 'bet', 'accepted', 'r' || n, 'g', null, 100, 0
        from generate_series(1, 3000) n
      union all
      select ${seeded.domainId}::int, ${player.id}::bigint, 'dream', 'w' || n, 'win', 'paid', 'r' || n, null, 'b' || n, 0, 0
        from generate_series(1, 3000) n`);
    plans = await genericPlans(database);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('reads a call, its bet and the calls naming it by the whole of an index, never a scan of the provider', () => {
    const plan = plans.get('backlay_casino_calls') ?? [];
    const text = plan.join('\n');
    expect(text).not.toMatch(/Seq Scan|Filter:|Recheck Cond: \(provider = \$1\)/);
    expect(text).toContain('Index Cond: ((provider = $1) AND (transaction_id = $2))');
    expect(text).toContain('Index Cond: ((provider = $1) AND (transaction_id = $3))');
    expect(text).toContain('Index Cond: ((provider = $1) AND (reference_transaction_id = $3))');
  });

  it('reads the player and locks and reads the wallet by their keys', () => {
    for (const name of ['backlay_casino_player', 'backlay_casino_lock_wallet', 'backlay_casino_wallet']) {
      const text = (plans.get(name) ?? []).join('\n');
      expect(text, name).not.toMatch(/Seq Scan/);
      expect(text, name).toMatch(/Index (Only )?Scan using (users|wallets)_pkey/);
    }
  });
});
