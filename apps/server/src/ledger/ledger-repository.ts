import { paise, type Paise } from '@backlay/exchange';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import {
  journalLines,
  journals,
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

/** The house account of a domain for one purpose, created on first use. */
export async function houseAccountId(
  tx: Executor,
  domainId: number,
  code: HouseAccountCode,
): Promise<number> {
  await tx.insert(ledgerAccounts).values({ domainId, code }).onConflictDoNothing();
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
  if (!row) throw new Error(`house account ${code} missing for domain ${domainId}`);
  return row.id;
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

/**
 * Inserts one journal with its lines. Idempotent on (kind, reference): inserting the same movement
 * twice answers the first journal and moves nothing. The balance check is deferred to commit, so
 * it must run inside a transaction.
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
): Promise<{ journalId: number; created: boolean }> {
  const [inserted] = await tx
    .insert(journals)
    .values({
      domainId: input.domainId,
      kind: input.kind,
      reference: input.reference,
      description: input.description,
    })
    .onConflictDoNothing()
    .returning({ id: journals.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: journals.id })
      .from(journals)
      .where(and(eq(journals.kind, input.kind), eq(journals.reference, input.reference)));
    if (!existing) throw new Error('journal conflict without a journal');
    return { journalId: existing.id, created: false };
  }
  const lines = input.lines.filter((l) => l.amount !== 0);
  await tx
    .insert(journalLines)
    .values(lines.map((l) => ({ journalId: inserted.id, accountId: l.accountId, amount: l.amount })));
  return { journalId: inserted.id, created: true };
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
