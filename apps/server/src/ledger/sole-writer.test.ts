import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The ledger is the only writer of money: no module outside apps/server/src/ledger may write the
 * wallets, journals, journal lines or ledger accounts, in SQL text or through Drizzle. (The bet
 * write path composes the ledger's own wallet statements from ledger/wallet-repository.ts.)
 */

const MONEY_TABLES = ['wallets', 'journals', 'journal_lines', 'ledger_accounts', 'ledger_account_stripes'];
const MONEY_SCHEMA_TABLES = ['wallets', 'journals', 'journalLines', 'ledgerAccounts', 'ledgerAccountStripes'];

const sqlWrite = new RegExp(
  String.raw`\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(${MONEY_TABLES.join('|')})"?\b`,
  'i',
);
const drizzleWrite = new RegExp(
  String.raw`\.(insert|update|delete)\(\s*(${MONEY_SCHEMA_TABLES.join('|')})\s*\)`,
);

/** The lines of a source that write money tables. */
export function moneyWrites(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => sqlWrite.test(line) || drizzleWrite.test(line))
    .map((line) => line.trim());
}

const serverSrc = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the ledger is the only writer of money', () => {
  it('finds writes of the money tables in SQL text and in Drizzle calls', () => {
    expect(moneyWrites('await tx.execute(sql`update wallets set exposure = 0`);')).toHaveLength(1);
    expect(moneyWrites('  insert into journal_lines (journal_id) values (1)')).toHaveLength(1);
    expect(moneyWrites('DELETE FROM "journals" where id = 1')).toHaveLength(1);
    expect(moneyWrites('await tx.insert(journalLines).values(rows);')).toHaveLength(1);
    expect(moneyWrites('await db.update( wallets ).set({ exposure: 0 });')).toHaveLength(1);
    expect(moneyWrites('select balance from ledger_accounts where id = 1')).toHaveLength(0);
    expect(moneyWrites('from wallets w where w.user_id = 1 for update of w')).toHaveLength(0);
  });

  it('no module outside ledger/ writes wallets, journals, journal lines or ledger accounts', () => {
    const offenders = sourceFiles(serverSrc)
      .filter((path) => !relative(serverSrc, path).startsWith('ledger/'))
      .flatMap((path) =>
        moneyWrites(readFileSync(path, 'utf8')).map((line) => `${relative(serverSrc, path)}: ${line}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the ledger itself is seen by the check (it is not vacuous)', () => {
    const inLedger = sourceFiles(join(serverSrc, 'ledger')).flatMap((p) =>
      moneyWrites(readFileSync(p, 'utf8')),
    );
    expect(inLedger.length).toBeGreaterThan(0);
  });
});
