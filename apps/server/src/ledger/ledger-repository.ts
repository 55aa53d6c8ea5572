import { paise, type Paise } from '@backlay/exchange';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import {
  journalLines,
  journals,
  ledgerAccountBalances,
  ledgerAccounts,
  users,
  wallets,
  type JOURNAL_KINDS,
  type LEDGER_ACCOUNT_CODES,
} from '../platform/db/schema';

/*
 * The ledger's SQL. Only the ledger module calls these: every other feature moves money through
 * `Ledger` / `MoneyWriter` (ledger.ts), and a test fails if any other module writes the wallets,
 * journals, journal lines or ledger accounts.
 */

export type JournalKind = (typeof JOURNAL_KINDS)[number];
export type LedgerAccountCode = (typeof LEDGER_ACCOUNT_CODES)[number];
export type HouseAccountCode = Exclude<LedgerAccountCode, PlayerAccountCode>;
export type PlayerAccountCode = 'PLAYER_CASH' | 'PLAYER_HELD' | 'PLAYER_BONUS';

export interface JournalLineInput {
  accountId: number;
  /** Signed paise; the lines of one journal sum to zero (the database refuses anything else). */
  amount: Paise;
}

export interface WalletRow {
  userId: number;
  domainId: number;
  cashAccountId: number;
  balancePaise: Paise;
  exposurePaise: Paise;
  /** A demo account plays with play money: its movements go against the play-money house. */
  isDemo: boolean;
}

/** A number from a raw row: node-postgres answers bigint as text, PGlite as a number. */
const int = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n))
    throw new Error(`expected an integer from the database, got ${String(value)}`);
  return n;
};

/** The id of a domain's house account for one purpose, if it was opened. */
async function findHouseAccountId(
  tx: Executor,
  domainId: number,
  code: HouseAccountCode,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.domainId, domainId),
        eq(ledgerAccounts.code, code),
        isNull(ledgerAccounts.userId),
      ),
    );
  return row?.id ?? null;
}

/**
 * The house account of a domain for one purpose, created on first use (its stripes with it, by
 * trigger). Read first: the account exists after its first use, and an insert that meets an
 * existing row would wait for any transaction holding that row.
 */
export async function houseAccountId(
  tx: Executor,
  domainId: number,
  code: HouseAccountCode,
): Promise<number> {
  const found = await findHouseAccountId(tx, domainId, code);
  if (found !== null) return found;
  await tx.insert(ledgerAccounts).values({ domainId, code }).onConflictDoNothing();
  const id = await findHouseAccountId(tx, domainId, code);
  if (id === null) throw new Error(`house account ${code} missing for domain ${domainId}`);
  return id;
}

/**
 * A house account's balance: the sum of its stripes (0 when it was never opened). Exactly the sum
 * of its journal lines committed so far, and those of the transaction reading it.
 */
export async function houseAccountBalance(
  tx: Executor,
  domainId: number,
  code: HouseAccountCode,
): Promise<Paise> {
  const [row] = await tx
    .select({ balance: ledgerAccountBalances.balance })
    .from(ledgerAccountBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerAccountBalances.accountId))
    .where(
      and(
        eq(ledgerAccounts.domainId, domainId),
        eq(ledgerAccounts.code, code),
        isNull(ledgerAccounts.userId),
      ),
    );
  return paise(row?.balance ?? 0);
}

/** A player's account for one purpose other than cash (e.g. held funds), created on first use. */
export async function playerAccountId(
  tx: Executor,
  userId: number,
  domainId: number,
  code: Exclude<PlayerAccountCode, 'PLAYER_CASH'>,
): Promise<number> {
  await tx.insert(ledgerAccounts).values({ domainId, userId, code }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.code, code)));
  if (!row) throw new Error(`account ${code} missing for user ${userId}`);
  return row.id;
}

/** The balance of a player's account for one purpose; 0 when it was never opened. */
export async function playerAccountBalance(
  tx: Executor,
  userId: number,
  code: PlayerAccountCode,
): Promise<Paise> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.code, code)));
  return paise(row?.balance ?? 0);
}

/**
 * What balance pushes show, for several players in one statement: the cash balance, the exposure
 * and the bonus balance (0 without a bonus account) of each player who has a wallet.
 */
export async function selectPlayerBalances(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, { balance: Paise; exposure: Paise; bonus: Paise }>> {
  const found = new Map<number, { balance: Paise; exposure: Paise; bonus: Paise }>();
  if (userIds.length === 0) return found;
  // One text parameter, so the statement is the same whatever the number of players.
  const ids = userIds.map((id) => String(int(id))).join(',');
  const result = (await db.execute(
    sql`select w.user_id, a.balance, w.exposure,
          coalesce((select b.balance from ledger_accounts b where b.user_id = w.user_id and b.code = 'PLAYER_BONUS'), 0) as bonus
        from wallets w join ledger_accounts a on a.id = w.cash_account_id
        where w.user_id = any(string_to_array(${ids}, ',')::bigint[])`,
  )) as unknown as { rows: { user_id: unknown; balance: unknown; exposure: unknown; bonus: unknown }[] };
  for (const row of result.rows) {
    found.set(int(row.user_id), {
      balance: paise(int(row.balance)),
      exposure: paise(int(row.exposure)),
      bonus: paise(int(row.bonus)),
    });
  }
  return found;
}

/** A new player's cash account and wallet row. */
export async function insertWallet(tx: Tx, userId: number, domainId: number): Promise<number> {
  const [account] = await tx
    .insert(ledgerAccounts)
    .values({ domainId, userId, code: 'PLAYER_CASH' })
    .returning({ id: ledgerAccounts.id });
  if (!account) throw new Error('could not open a cash account');
  await tx.insert(wallets).values({ userId, domainId, cashAccountId: account.id });
  return account.id;
}

export interface InsertedJournal {
  journalId: number;
  created: boolean;
  /** The balance after this journal of each player account it moved (house lines have none). */
  balancesAfter: ReadonlyMap<number, Paise>;
}

const NO_BALANCES: ReadonlyMap<number, Paise> = new Map();

/**
 * Inserts one journal with its lines, in one statement. Idempotent on (kind, reference): inserting
 * the same movement twice answers the first journal and moves nothing. The lines go in the order
 * given (their accounts' rows are locked in that order). The balance check is deferred to commit,
 * so it must run inside a transaction.
 */
export async function insertJournal(
  tx: Tx,
  input: {
    domainId: number;
    kind: JournalKind;
    reference: string;
    description: string;
    lines: readonly JournalLineInput[];
  },
): Promise<InsertedJournal> {
  const lines = input.lines.filter((l) => l.amount !== 0);
  const journal = sql`insert into journals (domain_id, kind, reference, description)
      values (${input.domainId}, ${input.kind}, ${input.reference}, ${input.description})
      on conflict do nothing returning id`;
  const rows =
    lines.length === 0
      ? ((await tx.execute(journal)) as unknown as { rows: { id: unknown }[] }).rows.map((r) => ({
          id: r.id,
          account_id: null,
          balance_after: null,
        }))
      : (
          (await tx.execute(sql`with j as (${journal})
              insert into journal_lines (journal_id, account_id, amount)
              select j.id, v.account_id, v.amount
                from j, (values ${sql.join(
                  lines.map((l, i) => sql`(${i}::int, ${l.accountId}::bigint, ${l.amount}::bigint)`),
                  sql`, `,
                )}) as v(ord, account_id, amount)
               order by v.ord
              returning journal_id as id, account_id, balance_after`)) as unknown as {
            rows: { id: unknown; account_id: unknown; balance_after: unknown }[];
          }
        ).rows;
  const [first] = rows;
  if (!first) {
    const existing = await findJournalId(tx, input.kind, input.reference);
    if (existing === null) throw new Error('journal conflict without a journal');
    return { journalId: existing, created: false, balancesAfter: NO_BALANCES };
  }
  const balancesAfter = new Map<number, Paise>();
  for (const r of rows) {
    if (r.account_id !== null && r.balance_after !== null) {
      balancesAfter.set(int(r.account_id), paise(int(r.balance_after)));
    }
  }
  return { journalId: int(first.id), created: true, balancesAfter };
}

/** The lines of a posted journal. */
export async function selectJournalLines(tx: Executor, journalId: number): Promise<JournalLineInput[]> {
  return tx
    .select({ accountId: journalLines.accountId, amount: journalLines.amount })
    .from(journalLines)
    .where(eq(journalLines.journalId, journalId));
}

/** The journal already posted for a movement, if any. */
export async function findJournalId(
  tx: Executor,
  kind: JournalKind,
  reference: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: journals.id })
    .from(journals)
    .where(and(eq(journals.kind, kind), eq(journals.reference, reference)));
  return row?.id ?? null;
}

/** Moves a wallet's exposure by `delta` (positive reserves, negative releases). */
export async function addWalletExposure(tx: Tx, userId: number, delta: Paise): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(wallets)
    .set({ exposure: sql`${wallets.exposure} + ${delta}`, updatedAt: new Date() })
    .where(eq(wallets.userId, userId));
}

/**
 * The wallet and its cash balance. With `forUpdate`, the wallet row is locked first and read after,
 * in two statements: under READ COMMITTED a statement that waited for the lock would still see the
 * cash balance of its own, older snapshot, so a check on it could pass on money already spent.
 */
export async function selectWallet(
  db: Executor,
  userId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<WalletRow | null> {
  if (opts.forUpdate) {
    const locked = await db
      .select({ userId: wallets.userId })
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .for('update');
    if (locked.length === 0) return null;
  }
  const [row] = await db
    .select({
      userId: wallets.userId,
      domainId: wallets.domainId,
      cashAccountId: wallets.cashAccountId,
      exposure: wallets.exposure,
      balance: ledgerAccounts.balance,
      isDemo: users.isDemo,
    })
    .from(wallets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.cashAccountId))
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(eq(wallets.userId, userId));
  if (!row) return null;
  return {
    userId: row.userId,
    domainId: row.domainId,
    cashAccountId: row.cashAccountId,
    balancePaise: row.balance,
    exposurePaise: row.exposure,
    isDemo: row.isDemo,
  };
}
