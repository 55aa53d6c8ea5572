import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import {
  journalLines,
  journals,
  ledgerAccounts,
  wallets,
  type JOURNAL_KINDS,
  type LEDGER_ACCOUNT_CODES,
} from '../platform/db/schema';

export type JournalKind = (typeof JOURNAL_KINDS)[number];
export type HouseAccountCode = Exclude<(typeof LEDGER_ACCOUNT_CODES)[number], 'PLAYER_CASH'>;

export interface JournalLineInput {
  accountId: number;
  /** Signed paise; the lines of one journal sum to zero (the database refuses anything else). */
  amount: number;
}

export interface WalletSnapshot {
  userId: number;
  balancePaise: number;
  exposurePaise: number;
}

/** The house account of a domain for one purpose, created on first use. */
export async function houseAccount(tx: Executor, domainId: number, code: HouseAccountCode): Promise<number> {
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

/** A new player's cash account and wallet row. */
export async function createWallet(tx: Tx, userId: number, domainId: number): Promise<number> {
  const [account] = await tx
    .insert(ledgerAccounts)
    .values({ domainId, userId, code: 'PLAYER_CASH' })
    .returning({ id: ledgerAccounts.id });
  if (!account) throw new Error('could not open a cash account');
  await tx.insert(wallets).values({ userId, domainId, cashAccountId: account.id });
  return account.id;
}

/**
 * Posts one journal. Idempotent on (kind, reference): posting the same movement twice returns the
 * first journal and moves nothing. Must run inside a transaction, since the balance check is
 * deferred to commit.
 */
export async function postJournal(
  tx: Tx,
  input: {
    domainId: number;
    kind: JournalKind;
    reference: string;
    description: string;
    lines: JournalLineInput[];
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

export async function readWallet(
  db: Executor,
  userId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<WalletSnapshot & { cashAccountId: number; domainId: number }> {
  const query = db
    .select({
      userId: wallets.userId,
      domainId: wallets.domainId,
      cashAccountId: wallets.cashAccountId,
      exposurePaise: wallets.exposure,
      balancePaise: ledgerAccounts.balance,
    })
    .from(wallets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.cashAccountId))
    .where(eq(wallets.userId, userId));
  const [row] = opts.forUpdate ? await query.for('update', { of: wallets }) : await query;
  if (!row) throw new Error(`wallet of user ${userId} missing`);
  return row;
}
