import { sql, type SQL } from 'drizzle-orm';

/*
 * The wallet statements the bet write path composes into its one-round-trip SQL (betting's
 * bet-write-repository): the ledger owns what they do to a wallet, betting only where they run.
 * Arguments are SQL expressions (placeholders such as `$1`, or literals the caller has checked).
 */

/** Locks several wallets in one fixed order (by user id), so two batches never wait in a circle. */
export function lockWalletRowsInOrderSql(userIds: string): string {
  return `select user_id from wallets where user_id = any(${userIds}) order by user_id for update`;
}

/**
 * A CTE body that reserves (positive) or releases (negative) exposure on a wallet when `condition`
 * (an SQL boolean) holds, answering the wallet's new exposure. The database refuses a negative
 * exposure (`exposure_not_negative`).
 */
export function moveExposureCte(user: string, delta: string, condition: string): string {
  return `update wallets set exposure = exposure + ${delta}, updated_at = now()
      where user_id = ${user} and ${condition}
      returning exposure`;
}

/**
 * The same move as a Drizzle SQL statement, for a CTE of a write that runs through Drizzle (betting's
 * order-repository): the wallet's exposure moved by `delta` (an SQL expression of paise), answering the
 * new exposure and the cash account to read the balance from.
 */
export function moveExposureStatement(userId: number, delta: SQL): SQL {
  return sql`update wallets set exposure = exposure + ${delta}, updated_at = now()
      where user_id = ${userId}
      returning exposure, cash_account_id`;
}

/**
 * The wallet's state for a decision, as one statement to run after its lock (selectWallet's read):
 * domain, cash account, exposure, cash balance and whether it is a demo account's.
 */
export function walletStateSql(user: string): string {
  return `select w.domain_id, w.cash_account_id, w.exposure, a.balance, u.is_demo
      from wallets w join ledger_accounts a on a.id = w.cash_account_id join users u on u.id = w.user_id
      where w.user_id = ${user}`;
}

/**
 * Two CTEs (`j`, `l`) that post one journal and its lines, for a caller's one-statement write: `j`
 * answers the journal's id (nothing when (kind, reference) was posted before: then no line is
 * written either), `l` each line's account and balance after it (a player's; null for a house
 * account). Arguments are SQL literals the caller has checked; the lines must sum to zero (the
 * database refuses anything else at commit) and go in the order given.
 */
export function postJournalCtes(input: {
  domainId: string;
  kind: string;
  reference: string;
  description: string;
  lines: readonly { accountId: string; amount: string }[];
}): string {
  const values = input.lines.map((l, i) => `(${i}, ${l.accountId}::bigint, ${l.amount}::bigint)`).join(', ');
  return `j as (
      insert into journals (domain_id, kind, reference, description)
      values (${input.domainId}, ${input.kind}, ${input.reference}, ${input.description})
      on conflict do nothing returning id),
    l as (
      insert into journal_lines (journal_id, account_id, amount)
      select j.id, v.account_id, v.amount from j, (values ${values}) as v(ord, account_id, amount)
      order by v.ord
      returning account_id, balance_after)`;
}
