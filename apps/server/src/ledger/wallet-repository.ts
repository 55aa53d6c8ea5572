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
