import type { CasinoProviderId } from '@backlay/contract';
import { paise, subPaise, type Paise } from '@backlay/exchange';
import pg from 'pg';
import {
  lockWalletRowsInOrderSql,
  postJournalCtes,
  walletStateSql,
  type Ledger,
  type WalletRow,
} from '../ledger';
import type { Db } from '../platform/db/database';
import {
  CASINO_LOCK_CLASS,
  intFromDb as num,
  playerOf,
  playerSql,
  type CasinoPlayer,
  type CasinoTxnRow,
  type NewCasinoTxn,
} from './wallet-repository';

/*
 * A wallet call on PostgreSQL in two round trips (issue 18), where the Ledger transaction takes
 * about nine (BEGIN, the locks, the read, the wallet's lock, its read, the journal, the call's
 * row, COMMIT, each its own message):
 *
 *   1. BEGIN; the call's advisory locks; its own id, its bet and the calls naming that bet; the
 *      player its token names (with their site's switches); the wallet's row lock; the wallet (and
 *      whether the player has an active bonus claim)
 *   2. the journal, its lines and the call's row in one statement; COMMIT
 *
 * with the call's judgement (`CallPlan`, the same the step-by-step path uses) between them. The
 * statements are prepared once per connection (`PREPARE`): a call sends EXECUTE lines, which
 * PostgreSQL neither parses nor (after a few runs) plans again; planning the same reads and writes
 * call after call was most of PostgreSQL's time a call. The statements of one simple-protocol message
 * each take their own snapshot, so every read after a lock sees what was committed before it was
 * granted (as the bet path's first way does). Arguments are written into the EXECUTE lines as
 * literals: integers checked, strings escaped by the driver.
 *
 * A call that has more to do than move money against the house goes the step-by-step way instead,
 * from its start: a stake judged against a loss limit, bonus wagering to count or take back (a
 * player with an active claim), or a house account no committed call has used yet on this server.
 */

/** The calls already taken that a call judges: its own id's, its bet's, and those naming that bet. */
export interface FoundCalls {
  own: CasinoTxnRow | null;
  bet: CasinoTxnRow | null;
  named: CasinoTxnRow[];
}

/** What a call does with the player's money, decided under its locks and the wallet's. */
export interface Movement<R> {
  /** A stake to judge against the player's loss limit (only for a player who set one). */
  lossCheck: Paise | null;
  /** Bonus wagering: a stake to count, a rolled-back stake to take back (real money only). */
  bonus: { record: { transactionId: string; amount: Paise } } | { uncount: { transactionId: string } } | null;
  /** The journal, when money moves: the amount to the player's cash (signed), the house the other side. */
  journal: {
    kind: 'casino_debit' | 'casino_credit';
    reference: string;
    description: string;
    toPlayer: Paise;
  } | null;
  /** The call's row in casino_transactions, without the player, the balance and the journal. */
  log: Omit<NewCasinoTxn, 'domainId' | 'userId' | 'provider' | 'balanceAfterPaise' | 'journalId'>;
  /** The answer, given the balance the player can stake after the call. */
  answer: (balance: Paise) => R;
}

/** A money call: the ids it locks, the rows it reads, and its judgement of them. */
export interface CallPlan<R> {
  ids: string[];
  ownId: string;
  betId: string;
  /**
   * A replay's answer, or what to do once the wallet is locked, given the calls found and the
   * player the call's token names (null: none), both read under the call's locks; a refusal throws.
   */
  judge: (
    found: FoundCalls,
    player: CasinoPlayer | null,
  ) => { replay: R } | { then: (wallet: WalletRow) => Movement<R> };
}

type Row = Record<string, unknown>;

const int = (n: number): string => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${String(n)}`);
  return String(n);
};
const text = (s: string): string => pg.escapeLiteral(s);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

const CALL_COLUMNS = `id, domain_id, user_id, provider, transaction_id, type, outcome, round_id, game_code,
  reference_transaction_id, amount_paise, balance_after_paise, journal_id`;

function callRow(r: Row): CasinoTxnRow {
  return {
    id: num(r.id),
    domainId: num(r.domain_id),
    userId: num(r.user_id),
    provider: r.provider as CasinoProviderId,
    transactionId: String(r.transaction_id),
    type: r.type as CasinoTxnRow['type'],
    outcome: r.outcome as CasinoTxnRow['outcome'],
    roundId: String(r.round_id),
    gameCode: r.game_code === null ? null : String(r.game_code),
    referenceTransactionId: r.reference_transaction_id === null ? null : String(r.reference_transaction_id),
    amountPaise: paise(num(r.amount_paise)),
    balanceAfterPaise: paise(num(r.balance_after_paise)),
    journalId: numOrNull(r.journal_id),
  };
}

const WRITE_COLUMNS = `domain_id, user_id, provider, transaction_id, type, outcome, round_id, game_code,
  reference_transaction_id, amount_paise, balance_after_paise, journal_id`;

/**
 * The call's row as the prepared writes take it: $1-$10 its values up to its amount, then the
 * balance after the call and the journal's id as SQL expressions.
 */
const LOG_TYPES = 'int, bigint, text, text, text, text, text, text, text, bigint';
const logValues = (balance: string, journal: string) =>
  `${Array.from({ length: 10 }, (_, i) => `$${i + 1}`).join(', ')}, ${balance}, ${journal}`;

/** The statements a call runs, prepared once per connection (see above). */
export const PREPARE = [
  `prepare backlay_casino_locks(text[]) as
     select pg_advisory_xact_lock(${CASINO_LOCK_CLASS}, hashtext(k.key))
     from unnest($1) with ordinality as k(key, n) order by k.n`,
  // Its own id ($2), its bet's ($3, the same for a bet) and the calls naming that bet, each an
  // equality on the whole of its index: the generic plan is the index lookup whatever the
  // statistics (an array or an OR let it pick a scan of every call of the provider, filtered).
  `prepare backlay_casino_calls(text, text, text) as
     select ${CALL_COLUMNS} from casino_transactions where provider = $1 and transaction_id = $2
     union
     select ${CALL_COLUMNS} from casino_transactions where provider = $1 and transaction_id = $3
     union
     select ${CALL_COLUMNS} from casino_transactions where provider = $1 and reference_transaction_id = $3
     order by id`,
  `prepare backlay_casino_player(bigint, text) as ${playerSql('$1', '$2')}`,
  `prepare backlay_casino_lock_wallet(bigint) as ${lockWalletRowsInOrderSql('array[$1]::bigint[]')}`,
  `prepare backlay_casino_wallet(bigint) as
     select s.*, exists (select 1 from user_bonuses c where c.user_id = $1 and c.status = 'ACTIVE') as claim
     from (${walletStateSql('$1')}) s`,
  // Money moves: the journal (domain, kind, reference, description: $12-$15; the player's cash
  // account and amount, the house's: $16-$19) and the call's row, whose balance is the cash line's
  // balance after the journal less the exposure read under the wallet's lock ($11; the casino
  // never moves exposure).
  `prepare backlay_casino_post(${LOG_TYPES}, bigint, int, text, text, text, bigint, bigint, bigint, bigint) as
     with ${postJournalCtes({
       domainId: '$12',
       kind: '$13',
       reference: '$14',
       description: '$15',
       lines: [
         { accountId: '$16', amount: '$17' },
         { accountId: '$18', amount: '$19' },
       ],
     })},
     t as (
       insert into casino_transactions (${WRITE_COLUMNS})
       select ${logValues('(select balance_after from l where account_id = $16) - $11', 'j.id')}
       from j
       returning balance_after_paise)
     select (select balance_after_paise from t) as balance`,
  // No money moves (a win of 0, a rollback of nothing): the call's row alone, its balance $11.
  `prepare backlay_casino_log(${LOG_TYPES}, bigint) as
     insert into casino_transactions (${WRITE_COLUMNS}) values (${logValues('$11', 'null')})
     returning balance_after_paise as balance`,
].join(';\n');

/** The connections the statements are prepared on. */
const preparedOn = new WeakSet<pg.PoolClient>();

export class CasinoFastPath {
  /** The fast path for this database: only PostgreSQL through a pool (null for PGlite). */
  static on(db: Db, ledger: Ledger): CasinoFastPath | null {
    const pool = (db as unknown as { $client?: unknown }).$client;
    return pool instanceof pg.Pool ? new CasinoFastPath(pool, ledger) : null;
  }

  private constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
  ) {}

  /**
   * The call in two round trips: `{ done }` with its answer (or its refusal thrown), or null when
   * it must go the step-by-step way (nothing was written then).
   */
  async run<R>(provider: CasinoProviderId, userId: number, plan: CallPlan<R>): Promise<{ done: R } | null> {
    const client = await this.pool.connect();
    let open = false;
    let broken = false;
    try {
      if (!preparedOn.has(client)) {
        // A connection whose preparation failed half way is closed rather than reused.
        broken = true;
        await client.query(PREPARE);
        preparedOn.add(client);
        broken = false;
      }
      const u = int(userId);
      const p = text(provider);
      const keys = [...new Set(plan.ids.map((id) => `${provider}:${id}`))].sort();
      const array = (items: string[]) => `array[${items.map(text).join(', ')}]::text[]`;
      open = true;
      const first = (await client.query(
        `begin;
         execute backlay_casino_locks(${array(keys)});
         execute backlay_casino_calls(${p}, ${text(plan.ownId)}, ${text(plan.betId)});
         execute backlay_casino_player(${u}, ${p});
         execute backlay_casino_lock_wallet(${u});
         execute backlay_casino_wallet(${u})`,
      )) as unknown as pg.QueryResult<Row>[];
      const calls = (first[2]?.rows ?? []).map(callRow);
      const judged = plan.judge(
        {
          own: calls.find((r) => r.transactionId === plan.ownId) ?? null,
          bet: calls.find((r) => r.transactionId === plan.betId) ?? null,
          named: calls.filter((r) => r.referenceTransactionId === plan.betId),
        },
        playerOf(first[3]?.rows[0]),
      );
      if ('replay' in judged) {
        await client.query('rollback');
        open = false;
        return { done: judged.replay };
      }
      const w = first[5]?.rows[0];
      if (!w) throw new Error(`wallet of user ${userId} missing`);
      const wallet: WalletRow = {
        userId,
        domainId: num(w.domain_id),
        cashAccountId: num(w.cash_account_id),
        balancePaise: paise(num(w.balance)),
        exposurePaise: paise(num(w.exposure)),
        isDemo: w.is_demo === true,
      };
      const move = judged.then(wallet);
      const house = move.journal
        ? this.ledger.knownHouseAccount(wallet.domainId, wallet.isDemo ? 'HOUSE_PLAY_MONEY' : 'HOUSE_CASINO')
        : null;
      const stepByStep =
        move.lossCheck !== null ||
        (move.bonus !== null && !wallet.isDemo && w.claim === true) ||
        (move.journal !== null && house === null);
      if (stepByStep) {
        await client.query('rollback');
        open = false;
        return null;
      }
      const log = move.log;
      const orNull = (v: string | null) => (v === null ? 'null' : text(v));
      const row = [
        int(wallet.domainId),
        u,
        p,
        text(log.transactionId),
        text(log.type),
        text(log.outcome),
        text(log.roundId),
        orNull(log.gameCode),
        orNull(log.referenceTransactionId),
        int(log.amountPaise),
      ];
      const write = move.journal
        ? `execute backlay_casino_post(${[
            ...row,
            int(wallet.exposurePaise),
            int(wallet.domainId),
            text(move.journal.kind),
            text(move.journal.reference),
            text(move.journal.description),
            int(wallet.cashAccountId),
            int(move.journal.toPlayer),
            int(house as number),
            int(-move.journal.toPlayer),
          ].join(', ')})`
        : `execute backlay_casino_log(${[...row, int(subPaise(wallet.balancePaise, wallet.exposurePaise))].join(', ')})`;
      const second = (await client.query(`${write}; commit`)) as unknown as pg.QueryResult<Row>[];
      open = false;
      const balance = second[0]?.rows[0]?.balance;
      // A journal of that reference posted before (never by this call's own rows): nothing was
      // written; the step-by-step way answers it.
      if (balance === null || balance === undefined) return null;
      if (move.journal) this.ledger.committed({ walletsChanged: [userId] });
      return { done: move.answer(paise(num(balance))) };
    } catch (err) {
      if (open) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }
}
