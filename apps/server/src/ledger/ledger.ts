import { paise, type Paise } from '@backlay/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../platform/db/database';
import type { DomainEvent, DomainEvents } from '../platform/events/domain-events';
import { AppError } from '../platform/http/app-error';
import {
  addWalletExposure,
  findJournalId,
  houseAccountBalance,
  houseAccountId,
  insertJournal,
  insertWallet,
  selectJournalLines,
  playerAccountBalance,
  playerAccountId,
  selectWallet,
  type HouseAccountCode,
  type JournalKind,
  type WalletRow,
} from './ledger-repository';
import type { WalletNotifier } from './wallet-notifier';

/*
 * The ledger: the only writer of money. Every movement is a balanced journal posted through a
 * MoneyWriter inside `Ledger.transaction`; exposure is reserved and released here, and funds are
 * held here. After the transaction commits, the ledger pushes `UserBalance` once per changed wallet
 * and publishes the domain events the work raised. The database enforces the rest (see
 * drizzle/0001_ledger_invariants.sql).
 */

/** An account a journal line can name: a player's (their wallet changes) or the house's. */
export type LedgerAccount =
  | { kind: 'player'; userId: number; accountId: number }
  | { kind: 'house'; accountId: number; code: HouseAccountCode };

export interface JournalInput {
  domainId: number;
  kind: JournalKind;
  /** Idempotency: one journal per (kind, reference); posting the same movement twice moves money once. */
  reference: string;
  description: string;
  lines: readonly { account: LedgerAccount; amount: Paise }[];
}

export interface Wallet extends WalletRow {
  cash: LedgerAccount & { kind: 'player' };
}

/** Held funds moving out of the player's held account. */
interface HeldMovement {
  userId: number;
  amount: Paise;
  reference: string;
  description: string;
}

/** A journal posted (or found posted before: `created` false), with its player accounts' balances after it. */
export interface PostedJournal {
  journalId: number;
  created: boolean;
  balancesAfter: ReadonlyMap<number, Paise>;
}

/** What a committed transaction changed, announced after the commit. */
export interface MoneyEffects {
  walletsChanged: Iterable<number>;
  events?: readonly DomainEvent[];
}

/** Whether a posted journal's lines are the lines asked for (zero lines are never stored). */
function sameLines(
  posted: readonly { accountId: number; amount: number }[],
  asked: readonly { account: LedgerAccount; amount: number }[],
): boolean {
  const key = (accountId: number, amount: number) => `${accountId}:${amount}`;
  const a = posted.map((l) => key(l.accountId, l.amount)).sort();
  const b = asked
    .filter((l) => l.amount !== 0)
    .map((l) => key(l.account.accountId, l.amount))
    .sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** The money operations of one open transaction. */
export class MoneyWriter {
  readonly walletsChanged = new Set<number>();
  readonly events: DomainEvent[] = [];
  /** Wallets opened in this transaction: nobody holds their balance yet, so none is pushed. */
  private readonly opened = new Set<number>();
  /** House account ids this transaction looked up, for the ledger to remember once it commits. */
  readonly housesSeen = new Map<string, number>();

  constructor(
    readonly tx: Tx,
    /** House account ids known from committed transactions: an opened account is never removed. */
    private readonly houses: ReadonlyMap<string, number> = new Map(),
  ) {}

  /** A new player's cash account and wallet. */
  async openWallet(userId: number, domainId: number): Promise<LedgerAccount & { kind: 'player' }> {
    const accountId = await insertWallet(this.tx, userId, domainId);
    this.opened.add(userId);
    return { kind: 'player', userId, accountId };
  }

  /** The player's wallet; `forUpdate` locks it to the end of the transaction (checks then writes). */
  async wallet(userId: number, opts: { forUpdate?: boolean } = {}): Promise<Wallet> {
    const wallet = await this.findWallet(userId, opts);
    if (!wallet) throw new Error(`wallet of user ${userId} missing`);
    return wallet;
  }

  /** The player's wallet, or null when there is no such player. */
  async findWallet(userId: number, opts: { forUpdate?: boolean } = {}): Promise<Wallet | null> {
    const row = await selectWallet(this.tx, userId, opts);
    return row && { ...row, cash: { kind: 'player', userId, accountId: row.cashAccountId } };
  }

  async houseAccount(domainId: number, code: HouseAccountCode): Promise<LedgerAccount> {
    const key = `${domainId}:${code}`;
    let accountId = this.houses.get(key) ?? this.housesSeen.get(key);
    if (accountId === undefined) {
      accountId = await houseAccountId(this.tx, domainId, code);
      this.housesSeen.set(key, accountId);
    }
    return { kind: 'house', code, accountId };
  }

  /** A house account's balance: the sum of its stripes (house accounts have no one row to read). */
  async houseBalance(domainId: number, code: HouseAccountCode): Promise<Paise> {
    return houseAccountBalance(this.tx, domainId, code);
  }

  /** The journal posted under (kind, reference), if any: a retry finds its first answer. */
  async journalOf(kind: JournalInput['kind'], reference: string): Promise<number | null> {
    return findJournalId(this.tx, kind, reference);
  }

  /**
   * Posts one balanced journal; idempotent on (kind, reference). `balancesAfter` holds the balance
   * of each player account the journal moved, right after it (empty for a replay).
   */
  async post(journal: JournalInput): Promise<PostedJournal> {
    const sum = journal.lines.reduce((s, l) => s + l.amount, 0);
    if (sum !== 0) throw new Error(`journal ${journal.kind}:${journal.reference} does not balance (${sum})`);
    const posted = await insertJournal(this.tx, {
      domainId: journal.domainId,
      kind: journal.kind,
      reference: journal.reference,
      description: journal.description,
      lines: journal.lines.map((l) => ({ accountId: l.account.accountId, amount: l.amount })),
    });
    if (posted.created) {
      for (const line of journal.lines) {
        if (line.account.kind === 'player' && line.amount !== 0) this.changed(line.account.userId);
      }
    } else if (!sameLines(await selectJournalLines(this.tx, posted.journalId), journal.lines)) {
      // A replay is the same movement; the same reference for another one is a mistake, not a no-op.
      throw new AppError(
        'DUPLICATE_REQUEST',
        'This reference was already used for another movement. Nothing was moved.',
      );
    }
    return posted;
  }

  /** Holds back `amount` more of the wallet for open bets. The wallet must be locked by the caller. */
  async reserveExposure(userId: number, amount: Paise): Promise<void> {
    if (amount < 0) throw new Error('reserveExposure takes a positive amount');
    await this.moveExposure(userId, amount);
  }

  /** Gives back exposure that open bets no longer need (settled, voided, hedged). */
  async releaseExposure(userId: number, amount: Paise): Promise<void> {
    if (amount < 0) throw new Error('releaseExposure takes a positive amount');
    await this.moveExposure(userId, paise(-amount));
  }

  private async moveExposure(userId: number, delta: Paise): Promise<void> {
    if (delta === 0) return;
    await addWalletExposure(this.tx, userId, delta);
    this.changed(userId);
  }

  /**
   * Holds funds out of the player's cash (a withdrawal waiting to be paid): they leave the
   * available balance at once. Refused when the cash not needed by open bets is less than `amount`.
   */
  async hold(input: {
    userId: number;
    amount: Paise;
    reference: string;
    description: string;
  }): Promise<PostedJournal> {
    if (input.amount <= 0) throw new Error('a hold takes a positive amount');
    const wallet = await this.wallet(input.userId, { forUpdate: true });
    // A hold asked again answers the first one, whatever the balance is now.
    const existing = await findJournalId(this.tx, 'funds_hold', input.reference);
    if (existing !== null) return { journalId: existing, created: false, balancesAfter: new Map() };
    if (wallet.balancePaise - wallet.exposurePaise < input.amount) {
      throw new AppError('INSUFFICIENT_FUNDS', 'The amount is more than the available balance.');
    }
    const held = await this.heldAccount(wallet);
    return this.post({
      domainId: wallet.domainId,
      kind: 'funds_hold',
      reference: input.reference,
      description: input.description,
      lines: [
        { account: wallet.cash, amount: paise(-input.amount) },
        { account: held, amount: input.amount },
      ],
    });
  }

  /** Gives held funds back to the player's cash (a withdrawal cancelled or rejected). */
  async releaseHold(input: HeldMovement): Promise<PostedJournal> {
    return this.moveHeld(input, 'funds_release', (wallet) => wallet.cash);
  }

  /** Pays held funds out to the house (a withdrawal paid): they leave the player's ledger for good. */
  async settleHold(
    input: HeldMovement & { to: HouseAccountCode; kind: JournalKind },
  ): Promise<PostedJournal> {
    return this.moveHeld(input, input.kind, (wallet) => this.houseAccount(wallet.domainId, input.to));
  }

  private async moveHeld(
    input: HeldMovement,
    kind: JournalKind,
    to: (wallet: Wallet) => LedgerAccount | Promise<LedgerAccount>,
  ): Promise<PostedJournal> {
    const wallet = await this.wallet(input.userId, { forUpdate: true });
    const held = await this.heldAccount(wallet);
    return this.post({
      domainId: wallet.domainId,
      kind,
      reference: input.reference,
      description: input.description,
      lines: [
        { account: held, amount: paise(-input.amount) },
        { account: await to(wallet), amount: input.amount },
      ],
    });
  }

  /** What the player has held (withdrawals not yet paid). */
  async heldBalance(userId: number): Promise<Paise> {
    return playerAccountBalance(this.tx, userId, 'PLAYER_HELD');
  }

  /** What the player has in bonus money (apart from cash, never staked); 0 when they never had any. */
  async bonusBalance(userId: number): Promise<Paise> {
    return playerAccountBalance(this.tx, userId, 'PLAYER_BONUS');
  }

  /**
   * Bonus money moving in or out of the player's bonus account (PLAYER_BONUS, opened on first use):
   * `grant` from the house's bonus account (journal 'bonus'), `convert` to the player's cash when the
   * wagering is met ('bonus_conversion'), `forfeit` back to the house ('bonus_forfeit'). Idempotent
   * on the reference like every journal; the database refuses a bonus balance below zero.
   */
  async moveBonus(input: {
    userId: number;
    direction: 'grant' | 'convert' | 'forfeit';
    amount: Paise;
    reference: string;
    description: string;
  }): Promise<PostedJournal> {
    if (input.amount <= 0) throw new Error('a bonus movement takes a positive amount');
    const wallet = await this.wallet(input.userId);
    const bonus: LedgerAccount = {
      kind: 'player',
      userId: wallet.userId,
      accountId: await playerAccountId(this.tx, wallet.userId, wallet.domainId, 'PLAYER_BONUS'),
    };
    const other =
      input.direction === 'convert' ? wallet.cash : await this.houseAccount(wallet.domainId, 'HOUSE_BONUS');
    const sign = input.direction === 'grant' ? 1 : -1;
    const kind: JournalKind =
      input.direction === 'grant'
        ? 'bonus'
        : input.direction === 'convert'
          ? 'bonus_conversion'
          : 'bonus_forfeit';
    // The player's bonus line first in every bonus journal: rows are locked in one order.
    return this.post({
      domainId: wallet.domainId,
      kind,
      reference: input.reference,
      description: input.description,
      lines: [
        { account: bonus, amount: paise(sign * input.amount) },
        { account: other, amount: paise(-sign * input.amount) },
      ],
    });
  }

  private async heldAccount(wallet: Wallet): Promise<LedgerAccount> {
    const accountId = await playerAccountId(this.tx, wallet.userId, wallet.domainId, 'PLAYER_HELD');
    return { kind: 'player', userId: wallet.userId, accountId };
  }

  private changed(userId: number): void {
    if (!this.opened.has(userId)) this.walletsChanged.add(userId);
  }

  /** A domain event to publish once this transaction has committed. */
  raise(event: DomainEvent): void {
    this.events.push(event);
  }
}

export class Ledger {
  /** The domains' house account ids, learnt from committed transactions (a house account is never removed). */
  private readonly houses = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly notifier: WalletNotifier,
    private readonly events: DomainEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Runs `work` in one database transaction with a MoneyWriter. After the commit, each changed
   * wallet is pushed once and the raised domain events are published; after a rollback, nothing.
   */
  async transaction<T>(work: (money: MoneyWriter) => Promise<T>): Promise<T> {
    let writer: MoneyWriter | null = null;
    const result = await this.db.transaction(async (tx) => {
      writer = new MoneyWriter(tx, this.houses);
      return work(writer);
    });
    const done = writer as MoneyWriter | null;
    if (done) {
      // Only now: an account opened by a transaction that rolled back does not exist.
      for (const [key, id] of done.housesSeen) this.houses.set(key, id);
      this.committed({ walletsChanged: done.walletsChanged, events: done.events });
    }
    return result;
  }

  /**
   * Announces money changes a caller committed itself (the bet write path, which composes the
   * ledger's wallet statements into its own one-round-trip SQL): call only after its commit.
   */
  committed(effects: MoneyEffects): void {
    const events: DomainEvent[] = [];
    for (const userId of effects.walletsChanged) {
      this.notifier.changed(userId);
      events.push({ type: 'WalletChanged', userId });
    }
    if (effects.events) events.push(...effects.events);
    try {
      this.events.publish(events);
    } catch (err) {
      this.log.error({ err }, 'publishing domain events failed');
    }
  }

  /**
   * A domain's house account id, when a committed transaction has used it (null before): for a
   * caller that composes the ledger's statements into its own SQL (the casino's two-trip calls).
   */
  knownHouseAccount(domainId: number, code: HouseAccountCode): number | null {
    return this.houses.get(`${domainId}:${code}`) ?? null;
  }

  /** A house account's balance as it is now: the sum of its stripes. */
  async houseBalance(domainId: number, code: HouseAccountCode): Promise<Paise> {
    return houseAccountBalance(this.db, domainId, code);
  }

  /** The player's wallet as it is now (a read: no lock, no write). */
  async wallet(userId: number): Promise<WalletRow> {
    const row = await selectWallet(this.db, userId);
    if (!row) throw new Error(`wallet of user ${userId} missing`);
    return row;
  }
}
