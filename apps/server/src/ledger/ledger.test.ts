import { randomBytes } from 'node:crypto';
import { paise, ZERO_PAISE } from '@backlay/exchange';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDatabase } from '../../test/harness';
import type { Database, Db } from '../platform/db/database';
import {
  HOUSE_ACCOUNT_STRIPES,
  journalLines,
  journals,
  ledgerAccountBalances,
  ledgerAccounts,
  ledgerAccountStripes,
  users,
} from '../platform/db/schema';
import { findDomainByName } from '../settings/domain-repository';
import { seedDemoDomains } from '../settings/seed';
import { houseAccountId, insertJournal, insertWallet, selectWallet } from './ledger-repository';

/** The whole message chain of an error: drivers and Drizzle wrap the database's own text. */
function messages(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error) {
      parts.push(e.message);
      e = (e as Error & { cause?: unknown }).cause;
    } else {
      parts.push(String(e));
      break;
    }
  }
  return parts.join(' | ');
}

async function refused(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    return messages(err);
  }
  throw new Error('expected the database to refuse this');
}

describe.each(backends)('ledger invariants in the database (%s)', (backend) => {
  let database: Database;
  let db: Db;
  let domainId: number;
  let house: number;

  async function newPlayer(): Promise<{ userId: number; cash: number }> {
    return db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          domainId,
          userName: `ledger_${randomBytes(4).toString('hex')}`,
          passwordHash: 'not-a-real-hash',
          status: 'active',
          referralCode: randomBytes(6).toString('hex').toUpperCase(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('no user');
      return { userId: user.id, cash: await insertWallet(tx, user.id, domainId) };
    });
  }

  /** An account's balance as readers take it: a player's row, a house account's stripes summed. */
  async function balanceOf(accountId: number): Promise<number> {
    const [row] = await db
      .select({ balance: ledgerAccountBalances.balance })
      .from(ledgerAccountBalances)
      .where(eq(ledgerAccountBalances.accountId, accountId));
    return row?.balance ?? Number.NaN;
  }

  async function sumOfLines(accountId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
      .from(journalLines)
      .where(eq(journalLines.accountId, accountId));
    return Number(row?.total ?? Number.NaN);
  }

  async function counts() {
    const [j] = await db.select({ n: sql<number>`count(*)::int` }).from(journals);
    const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(journalLines);
    return { journals: j?.n ?? -1, lines: l?.n ?? -1 };
  }

  let seq = 0;
  const ref = () => `test:${Date.now()}:${++seq}`;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await seedDemoDomains(db);
    const domain = await findDomainByName(db, 'test');
    if (!domain) throw new Error('seed missing');
    domainId = domain.id;
    house = await houseAccountId(db, domainId, 'HOUSE_CASH');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a balanced journal moves both accounts and records running balances', async () => {
    const player = await newPlayer();
    const houseBefore = await balanceOf(house);
    const posted = await db.transaction((tx) =>
      insertJournal(tx, {
        domainId,
        kind: 'deposit',
        reference: ref(),
        description: 'deposit',
        lines: [
          { accountId: house, amount: paise(-50_000) },
          { accountId: player.cash, amount: paise(50_000) },
        ],
      }),
    );
    expect(posted.created).toBe(true);
    expect(await balanceOf(player.cash)).toBe(50_000);
    expect(await balanceOf(house)).toBe(houseBefore - 50_000);
    const lines = await db.select().from(journalLines).where(eq(journalLines.journalId, posted.journalId));
    expect(lines.find((l) => l.accountId === player.cash)?.balanceAfter).toBe(50_000);
    // A house line has no running balance: the house's balance is summed over its stripes.
    expect(lines.find((l) => l.accountId === house)?.balanceAfter).toBeNull();
    expect((await selectWallet(db, player.userId))?.balancePaise).toBe(50_000);
  });

  it('an unbalanced journal is refused at commit and nothing is stored', async () => {
    const player = await newPlayer();
    const before = await counts();
    const houseBefore = await balanceOf(house);
    const message = await refused(
      db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(journals)
          .values({ domainId, kind: 'adjustment', reference: ref(), description: 'unbalanced' })
          .returning({ id: journals.id });
        if (!journal) throw new Error('no journal');
        await tx.insert(journalLines).values([
          { journalId: journal.id, accountId: house, amount: paise(-10_000) },
          { journalId: journal.id, accountId: player.cash, amount: paise(9_000) },
        ]);
        // Inside the transaction the lines are there: the check waits for commit.
        const [inside] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(journalLines)
          .where(eq(journalLines.journalId, journal.id));
        expect(inside?.n).toBe(2);
      }),
    );
    expect(message).toMatch(/not balanced/);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(player.cash)).toBe(0);
    expect(await balanceOf(house)).toBe(houseBefore);
  });

  it('insertJournal with unbalanced lines is refused too', async () => {
    const player = await newPlayer();
    const before = await counts();
    const message = await refused(
      db.transaction((tx) =>
        insertJournal(tx, {
          domainId,
          kind: 'bonus',
          reference: ref(),
          description: 'off by one paisa',
          lines: [
            { accountId: house, amount: paise(-10_000) },
            { accountId: player.cash, amount: paise(10_001) },
          ],
        }),
      ),
    );
    expect(message).toMatch(/not balanced/);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(player.cash)).toBe(0);
  });

  it('a single-line journal and a journal without lines are refused', async () => {
    const player = await newPlayer();
    const before = await counts();
    const single = await refused(
      db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(journals)
          .values({ domainId, kind: 'adjustment', reference: ref(), description: 'one line' })
          .returning({ id: journals.id });
        await tx
          .insert(journalLines)
          .values({ journalId: journal?.id ?? 0, accountId: player.cash, amount: paise(100) });
      }),
    );
    expect(single).toMatch(/at least two/);
    const empty = await refused(
      db.transaction(async (tx) => {
        await tx
          .insert(journals)
          .values({ domainId, kind: 'adjustment', reference: ref(), description: 'no lines' });
      }),
    );
    expect(empty).toMatch(/at least two/);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(player.cash)).toBe(0);
  });

  it('a zero line is refused', async () => {
    const player = await newPlayer();
    const before = await counts();
    await refused(
      db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(journals)
          .values({ domainId, kind: 'adjustment', reference: ref(), description: 'zero' })
          .returning({ id: journals.id });
        await tx.insert(journalLines).values([
          { journalId: journal?.id ?? 0, accountId: player.cash, amount: ZERO_PAISE },
          { journalId: journal?.id ?? 0, accountId: house, amount: ZERO_PAISE },
        ]);
      }),
    );
    expect(await counts()).toEqual(before);
  });

  it('posted lines and journals can be neither updated nor deleted', async () => {
    const player = await newPlayer();
    const { journalId } = await db.transaction((tx) =>
      insertJournal(tx, {
        domainId,
        kind: 'deposit',
        reference: ref(),
        description: 'history',
        lines: [
          { accountId: house, amount: paise(-700) },
          { accountId: player.cash, amount: paise(700) },
        ],
      }),
    );
    const snapshot = await db.select().from(journalLines).where(eq(journalLines.journalId, journalId));
    expect(
      await refused(
        db
          .update(journalLines)
          .set({ amount: paise(70_000) })
          .where(eq(journalLines.journalId, journalId)),
      ),
    ).toMatch(/immutable/);
    expect(await refused(db.delete(journalLines).where(eq(journalLines.journalId, journalId)))).toMatch(
      /immutable/,
    );
    expect(
      await refused(db.update(journals).set({ description: 'rewritten' }).where(eq(journals.id, journalId))),
    ).toMatch(/immutable/);
    expect(await refused(db.delete(journals).where(eq(journals.id, journalId)))).toMatch(
      /immutable|foreign key/,
    );
    expect(await db.select().from(journalLines).where(eq(journalLines.journalId, journalId))).toEqual(
      snapshot,
    );
    expect(await balanceOf(player.cash)).toBe(700);
  });

  it("an account's balance is the sum of its lines", async () => {
    const player = await newPlayer();
    const amounts = [125_000, -25_050, 3_333, -100_000, 7];
    for (const amount of amounts) {
      await db.transaction((tx) =>
        insertJournal(tx, {
          domainId,
          kind: amount > 0 ? 'deposit' : 'withdrawal',
          reference: ref(),
          description: 'movement',
          lines: [
            { accountId: player.cash, amount: paise(amount) },
            { accountId: house, amount: paise(-amount) },
          ],
        }),
      );
    }
    expect(await balanceOf(player.cash)).toBe(amounts.reduce((a, b) => a + b, 0));
    expect(await balanceOf(player.cash)).toBe(await sumOfLines(player.cash));
    expect(await balanceOf(house)).toBe(await sumOfLines(house));
    // The running balance of the last line is the balance.
    const [last] = await db
      .select({ after: journalLines.balanceAfter })
      .from(journalLines)
      .where(eq(journalLines.accountId, player.cash))
      .orderBy(sql`${journalLines.id} desc`)
      .limit(1);
    expect(last?.after).toBe(await balanceOf(player.cash));
    // Across the whole ledger, money is neither made nor lost.
    const [all] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerAccountBalances.balance}), 0)` })
      .from(ledgerAccountBalances);
    expect(Number(all?.total)).toBe(0);
  });

  it("a house account's balance lives in its stripes, never in its own row", async () => {
    const player = await newPlayer();
    await db.transaction((tx) =>
      insertJournal(tx, {
        domainId,
        kind: 'deposit',
        reference: ref(),
        description: 'striped',
        lines: [
          { accountId: house, amount: paise(-12_345) },
          { accountId: player.cash, amount: paise(12_345) },
        ],
      }),
    );
    const [row] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, house));
    expect(row?.balance).toBe(0);
    const stripes = await db
      .select({ stripe: ledgerAccountStripes.stripe, balance: ledgerAccountStripes.balance })
      .from(ledgerAccountStripes)
      .where(eq(ledgerAccountStripes.accountId, house));
    expect(stripes.map((s) => s.stripe).sort((a, b) => a - b)).toEqual(
      Array.from({ length: HOUSE_ACCOUNT_STRIPES }, (_, i) => i),
    );
    expect(stripes.reduce((sum, s) => sum + s.balance, 0)).toBe(await sumOfLines(house));
    expect(await balanceOf(house)).toBe(await sumOfLines(house));
    // The database refuses a balance written into a house account's own row.
    expect(
      await refused(db.execute(sql`update ledger_accounts set balance = 1 where id = ${house}`)),
    ).toMatch(/house_balance_in_stripes|check constraint/);
    // A house account opened later gets its stripes with it.
    const referral = await houseAccountId(db, domainId, 'HOUSE_REFERRAL');
    const [opened] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerAccountStripes)
      .where(eq(ledgerAccountStripes.accountId, referral));
    expect(opened?.n).toBe(HOUSE_ACCOUNT_STRIPES);
  });

  it('a line on an account that does not exist is refused', async () => {
    const message = await refused(
      db.transaction((tx) =>
        insertJournal(tx, {
          domainId,
          kind: 'adjustment',
          reference: ref(),
          description: 'nowhere',
          lines: [
            { accountId: house, amount: paise(-100) },
            { accountId: 987_654_321, amount: paise(100) },
          ],
        }),
      ),
    );
    expect(message).toMatch(/does not exist|foreign key/);
  });

  // PGlite has one connection: nothing runs at once, so this is PostgreSQL's alone.
  if (backend === 'postgres')
    it('journals of many players against one house account at once: none waits for another, the sum is exact', async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer()));
      const before = await balanceOf(house);
      // A transaction holding a house line open does not stop another from posting against the
      // same house account and committing (with the one house row it waited for the first's commit).
      const client = (db as unknown as { $client: pg.Pool }).$client;
      const holder = await client.connect();
      try {
        await holder.query('begin');
        await holder.query(
          `with j as (insert into journals (domain_id, kind, reference, description)
                      values ($1, 'adjustment', $2, 'held open') returning id)
           insert into journal_lines (journal_id, account_id, amount)
           select j.id, a, m from j, (values ($3::bigint, -500::bigint), ($4::bigint, 500::bigint)) v(a, m)`,
          [domainId, ref(), house, players[0]?.cash],
        );
        const other = players[1] as { cash: number };
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await insertJournal(tx, {
            domainId,
            kind: 'deposit',
            reference: ref(),
            description: 'beside the held one',
            lines: [
              { accountId: house, amount: paise(-700) },
              { accountId: other.cash, amount: paise(700) },
            ],
          });
        });
        await holder.query('commit');
      } catch (err) {
        await holder.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        holder.release();
      }
      // Then 8 players × 25 journals, all at once on the pool.
      const amounts = players.flatMap((p, i) =>
        Array.from({ length: 25 }, (_, n) => ({ cash: p.cash, amount: 100 + i * 37 + n })),
      );
      await Promise.all(
        amounts.map(({ cash, amount }) =>
          db.transaction((tx) =>
            insertJournal(tx, {
              domainId,
              kind: 'deposit',
              reference: ref(),
              description: 'at once',
              lines: [
                { accountId: house, amount: paise(-amount) },
                { accountId: cash, amount: paise(amount) },
              ],
            }),
          ),
        ),
      );
      const posted = 500 + 700 + amounts.reduce((sum, a) => sum + a.amount, 0);
      expect(await balanceOf(house)).toBe(before - posted);
      expect(await balanceOf(house)).toBe(await sumOfLines(house));
      for (const p of players) expect(await balanceOf(p.cash)).toBe(await sumOfLines(p.cash));
      // More than one stripe took the lines.
      const [used] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerAccountStripes)
        .where(sql`${ledgerAccountStripes.accountId} = ${house} and ${ledgerAccountStripes.balance} <> 0`);
      expect(used?.n).toBeGreaterThan(1);
    });

  it('a player cash account cannot go negative', async () => {
    const player = await newPlayer();
    await db.transaction((tx) =>
      insertJournal(tx, {
        domainId,
        kind: 'deposit',
        reference: ref(),
        description: 'fifty rupees',
        lines: [
          { accountId: house, amount: paise(-5_000) },
          { accountId: player.cash, amount: paise(5_000) },
        ],
      }),
    );
    const before = await counts();
    const message = await refused(
      db.transaction((tx) =>
        insertJournal(tx, {
          domainId,
          kind: 'withdrawal',
          reference: ref(),
          description: 'more than the balance',
          lines: [
            { accountId: player.cash, amount: paise(-5_001) },
            { accountId: house, amount: paise(5_001) },
          ],
        }),
      ),
    );
    expect(message).toMatch(/player_cash_not_negative|check constraint/);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(player.cash)).toBe(5_000);
    // House accounts may go negative: they are where play money and payouts come from.
    expect(await balanceOf(house)).toBeLessThan(0);
  });

  it('posting the same movement twice moves money once', async () => {
    const player = await newPlayer();
    const input = {
      domainId,
      kind: 'referral_reward' as const,
      reference: ref(),
      description: 'once',
      lines: [
        { accountId: house, amount: paise(-1_000) },
        { accountId: player.cash, amount: paise(1_000) },
      ],
    };
    const first = await db.transaction((tx) => insertJournal(tx, input));
    const second = await db.transaction((tx) => insertJournal(tx, input));
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ journalId: first.journalId, created: false });
    // The first answers the player's balance after it; a replay moved nothing and answers none.
    expect(first.balancesAfter.get(player.cash)).toBe(1_000);
    expect(second.balancesAfter.size).toBe(0);
    expect(await balanceOf(player.cash)).toBe(1_000);
  });
});
