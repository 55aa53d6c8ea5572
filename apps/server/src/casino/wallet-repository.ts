import { paise, type Paise } from '@backlay/exchange';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { CasinoProviderId } from '@backlay/contract';
import type { Executor, Tx } from '../platform/db/database';
import { noLossLimitSql } from '../responsible-gaming';
import { casinoTransactions, type CASINO_OUTCOMES } from '../platform/db/schema';

/* The seamless wallet's SQL: its log of calls taken (casino_transactions) and the player it reads. */

export type CasinoOutcome = (typeof CASINO_OUTCOMES)[number];

export interface CasinoTxnRow {
  id: number;
  domainId: number;
  userId: number;
  provider: CasinoProviderId;
  transactionId: string;
  type: 'bet' | 'win' | 'rollback';
  outcome: CasinoOutcome;
  roundId: string;
  gameCode: string | null;
  referenceTransactionId: string | null;
  amountPaise: Paise;
  balanceAfterPaise: Paise;
  journalId: number | null;
}

export type NewCasinoTxn = Omit<CasinoTxnRow, 'id'>;

/** 'cwal': the advisory-lock class of wallet calls, apart from the markets' ('bets'). */
export const CASINO_LOCK_CLASS = 0x6377616c;

/**
 * Serialises every call about the same transaction ids of a provider until the transaction ends:
 * a call locks its own id and the bet it names, in one sorted order, so a bet and its win or
 * rollback never pass each other and two calls never wait for each other in a circle. Taken
 * before the wallet's row lock, by every wallet call alike.
 */
export async function lockTransactionIds(tx: Tx, provider: CasinoProviderId, ids: string[]): Promise<void> {
  const keys = [...new Set(ids.map((id) => `${provider}:${id}`))].sort();
  // One statement, the locks taken in the sorted order (the keys' position in the array).
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CASINO_LOCK_CLASS}, hashtext(k.key))
        from unnest(array[${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}]::text[]) with ordinality as k(key, n)
        order by k.n`,
  );
}

const columns = {
  id: casinoTransactions.id,
  domainId: casinoTransactions.domainId,
  userId: casinoTransactions.userId,
  provider: casinoTransactions.provider,
  transactionId: casinoTransactions.transactionId,
  type: casinoTransactions.type,
  outcome: casinoTransactions.outcome,
  roundId: casinoTransactions.roundId,
  gameCode: casinoTransactions.gameCode,
  referenceTransactionId: casinoTransactions.referenceTransactionId,
  amountPaise: casinoTransactions.amountPaise,
  balanceAfterPaise: casinoTransactions.balanceAfterPaise,
  journalId: casinoTransactions.journalId,
};

/**
 * What a call needs to know, in one read: the call already taken under its own id, the bet it
 * names (when it names one) and every taken call that names that bet. Read after the call's locks.
 */
export async function findCallAndBet(
  ex: Executor,
  provider: CasinoProviderId,
  ownId: string,
  betId: string,
): Promise<{ own: CasinoTxnRow | null; bet: CasinoTxnRow | null; named: CasinoTxnRow[] }> {
  const rows = await ex
    .select(columns)
    .from(casinoTransactions)
    .where(
      and(
        eq(casinoTransactions.provider, provider),
        or(
          inArray(casinoTransactions.transactionId, [...new Set([ownId, betId])]),
          eq(casinoTransactions.referenceTransactionId, betId),
        ),
      ),
    )
    .orderBy(casinoTransactions.id);
  return {
    own: rows.find((r) => r.transactionId === ownId) ?? null,
    bet: rows.find((r) => r.transactionId === betId) ?? null,
    named: rows.filter((r) => r.referenceTransactionId === betId),
  };
}

export async function insertTransaction(tx: Tx, row: NewCasinoTxn): Promise<void> {
  await tx.insert(casinoTransactions).values({ ...row, amountPaise: paise(row.amountPaise) });
}

export interface CasinoPlayer {
  id: number;
  domainId: number;
  status: 'pending' | 'active' | 'locked' | 'closed';
  isDemo: boolean;
  /** Self-excluded until this time, when it is still ahead. */
  excludedUntil: Date | null;
  /** Taking a time-out until this time, when it is still ahead. */
  timedOutUntil: Date | null;
  /** The player's site is under maintenance (its `siteSuspended` setting). */
  siteSuspended: boolean;
  /** The player's site has its casino switched off (its `casino` setting is false). */
  casinoOff: boolean;
  /** The player's site has switched off the provider calling (casino_provider_settings). */
  providerOff: boolean;
  /** The player set a loss limit (responsible gaming): a stake is judged against it in its transaction. */
  lossLimited: boolean;
}

/**
 * The read of the player a casinoToken names, as the wallet judges them for a call of `provider`:
 * one statement's text (the fast path sends it in its first message), arguments SQL literals the
 * caller has checked. Its row is read by `playerOf`.
 */
export function playerSql(userId: string, provider: string): string {
  return `select u.id, u.domain_id, u.status, u.is_demo, u.excluded_until, u.timed_out_until,
      coalesce((d.settings->>'siteSuspended')::boolean, false) as site_suspended,
      coalesce((d.settings->>'casino')::boolean = false, false) as casino_off,
      exists (select 1 from casino_provider_settings p
        where p.domain_id = u.domain_id and p.provider = ${provider} and p.enabled = false) as provider_off,
      not ${noLossLimitSql('u.id')} as loss_limited
    from users u join domains d on d.id = u.domain_id
    where u.id = ${userId}`;
}

/** An integer from the database (node-postgres answers bigint as text): a safe integer, or it throws. */
export function intFromDb(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`expected an integer from the database, got ${String(v)}`);
  return n;
}

/** The player of `playerSql`'s row (none: no such player); a bar already over reads as none. */
export function playerOf(row: Record<string, unknown> | undefined): CasinoPlayer | null {
  if (!row) return null;
  const ahead = (v: unknown) => {
    if (v === null || v === undefined) return null;
    const at = v instanceof Date ? v : new Date(String(v));
    return at.getTime() > Date.now() ? at : null;
  };
  return {
    id: intFromDb(row.id),
    domainId: intFromDb(row.domain_id),
    status: row.status as CasinoPlayer['status'],
    isDemo: row.is_demo === true,
    excludedUntil: ahead(row.excluded_until),
    timedOutUntil: ahead(row.timed_out_until),
    siteSuspended: row.site_suspended === true,
    casinoOff: row.casino_off === true,
    providerOff: row.provider_off === true,
    lossLimited: row.loss_limited === true,
  };
}

/** The player a casinoToken names, as the wallet judges them for a call of `provider`. */
export async function findPlayer(
  ex: Executor,
  userId: number,
  provider: CasinoProviderId,
): Promise<CasinoPlayer | null> {
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${String(userId)}`);
  const result = (await ex.execute(
    sql.raw(playerSql(String(userId), pg.escapeLiteral(provider))),
  )) as unknown as {
    rows: Record<string, unknown>[];
  };
  return playerOf(result.rows[0]);
}
