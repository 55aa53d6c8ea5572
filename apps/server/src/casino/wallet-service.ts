import type {
  CasinoBalanceInput,
  CasinoBalanceResult,
  CasinoBetInput,
  CasinoProviderId,
  CasinoRollbackInput,
  CasinoRollbackOutcome,
  CasinoRollbackResult,
  CasinoTransactionResult,
  CasinoWinInput,
  ErrorBody,
} from '@backlay/contract';
import { negPaise, paiseToRupees, subPaise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import { recordCasinoWager, uncountCasinoWager } from '../bonus';
import type { Ledger, MoneyWriter, PostedJournal, Wallet, WalletRow } from '../ledger';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import { barredError, guardRisk } from '../responsible-gaming';
import type { CasinoTokens } from './casino-token';
import { CasinoFastPath, type CallPlan, type FoundCalls } from './wallet-fast-path';
import * as repo from './wallet-repository';

/*
 * The seamless wallet (README.md beside this file): a provider's balance, bet, win and rollback
 * calls, each idempotent on (provider, transactionId). Every movement is one balanced journal posted
 * through the ledger in the same transaction as its casino_transactions row: the player's cash
 * against the domain's HOUSE_CASINO account (HOUSE_PLAY_MONEY for a demo player's play money). The
 * ledger pushes the balance after the commit.
 *
 * Every call about a bet (the bet, its wins, its rollbacks) first takes the advisory locks of its
 * own transaction id and of the bet's, then the wallet's row lock: a bet and its rollback never
 * pass each other, whatever order they come in.
 */

/** How long past its expiry a casinoToken still names the player of a win, a rollback or a replay. */
export const CASINO_TOKEN_GRACE_SECONDS = 24 * 60 * 60;

const OUTCOME: Record<'reversed' | 'already_reversed' | 'tombstone', CasinoRollbackOutcome> = {
  reversed: 'Reversed',
  already_reversed: 'AlreadyReversed',
  tombstone: 'Tombstone',
};

/** INSUFFICIENT_FUNDS with the balance the player can stake now, as the provider shows it. */
export class InsufficientCasinoFunds extends AppError {
  constructor(readonly available: Paise) {
    super(
      'INSUFFICIENT_FUNDS',
      `The stake is more than the balance the player can stake (${formatRupees(available)}). Nothing was taken.`,
    );
  }

  override toBody(): ErrorBody & { balance: number; currency: 'INR' } {
    return { ...super.toBody(), balance: paiseToRupees(this.available), currency: 'INR' };
  }
}

/** What the player can stake: cash not needed by open exchange bets. Bonus money is never staked. */
const available = (wallet: WalletRow): Paise => subPaise(wallet.balancePaise, wallet.exposurePaise);

/** What a verified casinoToken says: the player, their domain, and whether it is past its expiry. */
interface TokenClaims {
  userId: number;
  domainId: number;
  tokenExpired: boolean;
}

/** A call's plan as the wallet writes it: judged with the player the token names (`named`). */
type WalletPlan<R> = Omit<CallPlan<R>, 'judge'> & {
  judge: (found: FoundCalls, player: TokenPlayer) => ReturnType<CallPlan<R>['judge']>;
};

interface TokenPlayer extends repo.CasinoPlayer {
  /** Whether the token is past its own expiry (taken only within the grace, and not for new stakes). */
  tokenExpired: boolean;
}

export class CasinoWallet {
  /** The two-round-trip calls on PostgreSQL; null on PGlite. */
  private readonly fast: CasinoFastPath | null;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly tokens: CasinoTokens,
    private readonly now: () => Date = () => new Date(),
    /** The game's name for the cash statement's lines, when the lobby knows it; else its code is shown. */
    private readonly gameName: (provider: CasinoProviderId, gameCode: string) => string | null = () => null,
  ) {
    this.fast = CasinoFastPath.on(db, ledger);
  }

  /** How a statement line names the game: its name in the lobby, else the provider's code. */
  private gameLabel(provider: CasinoProviderId, gameCode: string | null): string {
    return (gameCode && this.gameName(provider, gameCode)) || gameCode || '';
  }

  async balance(provider: CasinoProviderId, input: CasinoBalanceInput): Promise<CasinoBalanceResult> {
    const claims = await this.claims(input.casinoToken, { live: true });
    const player = this.named(claims, await repo.findPlayer(this.db, claims.userId, provider));
    // A provider the site switched off launches no game: its launch checks the token with this call.
    if (player.providerOff) throw providerOffError(provider);
    // Nor does a player taking a time-out or excluded from play (responsible gaming).
    const barred = barredError(player);
    if (barred) throw barred;
    const wallet = await this.ledger.wallet(player.id);
    return { playerId: String(player.id), balance: available(wallet), currency: 'INR', demo: player.isDemo };
  }

  async bet(provider: CasinoProviderId, input: CasinoBetInput): Promise<CasinoTransactionResult> {
    const claims = await this.claims(input.casinoToken);
    return this.call<CasinoTransactionResult>(provider, claims, {
      ids: [input.transactionId],
      ownId: input.transactionId,
      betId: input.transactionId,
      judge: ({ own: first, named }, player) => {
        if (first) {
          const same =
            first.type === 'bet' &&
            first.userId === player.id &&
            first.roundId === input.roundId &&
            first.gameCode === input.gameCode &&
            first.amountPaise === input.amount;
          return { replay: this.replay(first, same) };
        }
        if (named.some((r) => r.outcome === 'tombstone')) {
          throw new AppError(
            'CASINO_BET_CANCELLED',
            'A rollback of this bet came before it: the bet is refused. Nothing was taken.',
          );
        }
        if (player.tokenExpired) throw new AppError('CASINO_TOKEN_EXPIRED');
        refuseStaker(player, provider);
        return {
          then: (wallet) => {
            const free = available(wallet);
            if (free < input.amount) throw new InsufficientCasinoFunds(free);
            return {
              // A loss limit: what the player lost in its windows, read under the wallet's lock (a
              // player without one costs no read).
              lossCheck: player.lossLimited ? input.amount : null,
              // Play money counts for no bonus. Counted before the debit: the claim's lock, then the
              // ledger's rows, in the order the bonus feature's own work takes them.
              bonus: { record: { transactionId: input.transactionId, amount: input.amount } },
              journal: {
                kind: 'casino_debit',
                reference: `casino:${provider}:${input.transactionId}`,
                description: `Casino bet: ${this.gameLabel(provider, input.gameCode)} (${provider}), round ${input.roundId}`,
                toPlayer: negPaise(input.amount),
              },
              log: {
                transactionId: input.transactionId,
                type: 'bet',
                outcome: 'accepted',
                roundId: input.roundId,
                gameCode: input.gameCode,
                referenceTransactionId: null,
                amountPaise: input.amount,
              },
              answer: (balance) => ({ transactionId: input.transactionId, balance, currency: 'INR' }),
            };
          },
        };
      },
    });
  }

  async win(provider: CasinoProviderId, input: CasinoWinInput): Promise<CasinoTransactionResult> {
    const claims = await this.claims(input.casinoToken);
    return this.call<CasinoTransactionResult>(provider, claims, {
      ids: [input.transactionId, input.referenceTransactionId],
      ownId: input.transactionId,
      betId: input.referenceTransactionId,
      judge: (found, player) => {
        const first = found.own;
        if (first) {
          const same =
            first.type === 'win' &&
            first.userId === player.id &&
            first.roundId === input.roundId &&
            first.referenceTransactionId === input.referenceTransactionId &&
            first.amountPaise === input.amount;
          return { replay: this.replay(first, same) };
        }
        const { bet, named } = this.betOf(found, player, input.roundId);
        if (!bet) {
          if (named.some((r) => r.outcome === 'tombstone')) {
            throw new AppError(
              'CASINO_BET_CANCELLED',
              'This bet was rolled back before it came. Nothing was paid.',
            );
          }
          throw new AppError(
            'CASINO_BET_NOT_FOUND',
            'No bet of this provider has that referenceTransactionId. Nothing was paid.',
          );
        }
        if (named.some((r) => r.type === 'rollback')) {
          throw new AppError(
            'CASINO_BET_CANCELLED',
            'This bet was rolled back: its stake went back. Nothing was paid.',
          );
        }
        return {
          then: () => ({
            lossCheck: null,
            bonus: null,
            // A win of 0 closes a lost round and moves nothing.
            journal:
              input.amount > 0
                ? {
                    kind: 'casino_credit',
                    reference: `casino:${provider}:${input.transactionId}`,
                    description: `Casino win: ${this.gameLabel(provider, bet.gameCode)} (${provider}), round ${input.roundId}`,
                    toPlayer: input.amount,
                  }
                : null,
            log: {
              transactionId: input.transactionId,
              type: 'win',
              outcome: 'paid',
              roundId: input.roundId,
              gameCode: null,
              referenceTransactionId: input.referenceTransactionId,
              amountPaise: input.amount,
            },
            answer: (balance) => ({ transactionId: input.transactionId, balance, currency: 'INR' }),
          }),
        };
      },
    });
  }

  async rollback(provider: CasinoProviderId, input: CasinoRollbackInput): Promise<CasinoRollbackResult> {
    const claims = await this.claims(input.casinoToken);
    return this.call<CasinoRollbackResult>(provider, claims, {
      ids: [input.transactionId, input.referenceTransactionId],
      ownId: input.transactionId,
      betId: input.referenceTransactionId,
      judge: (found, player) => {
        const first = found.own;
        if (first) {
          const same =
            first.type === 'rollback' &&
            first.userId === player.id &&
            first.roundId === input.roundId &&
            first.referenceTransactionId === input.referenceTransactionId;
          return { replay: this.replayRollback(first, same) };
        }
        const { bet, named } = this.betOf(found, player, input.roundId);
        if (bet && named.some((r) => r.type === 'win')) {
          throw new AppError(
            'CASINO_BET_HAS_WIN',
            'This bet already has a win: a paid round is final and is not rolled back. Nothing was changed.',
          );
        }
        const reversedBefore = named.some((r) => r.outcome === 'reversed');
        const outcome: repo.CasinoOutcome = !bet
          ? 'tombstone'
          : reversedBefore
            ? 'already_reversed'
            : 'reversed';
        const refunded = bet && outcome === 'reversed' ? bet.amountPaise : ZERO_PAISE;
        return {
          then: () => ({
            lossCheck: null,
            // A stake given back no longer counts for the player's bonus wagering. Before the
            // journal: the claim's lock, then the ledger's rows, as the bet and the bonus feature take them.
            bonus: bet && outcome === 'reversed' ? { uncount: { transactionId: bet.transactionId } } : null,
            // One reversal per bet in the ledger too, whatever ids its rollbacks carry.
            journal:
              bet && outcome === 'reversed'
                ? {
                    kind: 'casino_credit',
                    reference: `casino-rollback:${provider}:${bet.transactionId}`,
                    description: `Casino bet rolled back: ${this.gameLabel(provider, bet.gameCode)} (${provider}), round ${bet.roundId}`,
                    toPlayer: refunded,
                  }
                : null,
            log: {
              transactionId: input.transactionId,
              type: 'rollback',
              outcome,
              roundId: input.roundId,
              gameCode: null,
              referenceTransactionId: input.referenceTransactionId,
              amountPaise: refunded,
            },
            answer: (balance) => ({
              transactionId: input.transactionId,
              balance,
              currency: 'INR',
              referenceTransactionId: input.referenceTransactionId,
              outcome: OUTCOME[outcome],
              refunded,
            }),
          }),
        };
      },
    });
  }

  /**
   * Runs one money call: its two round trips on PostgreSQL (`CasinoFastPath`) when the call is
   * plain, else (PGlite; a loss limit to judge; bonus wagering to count; a house account not yet
   * used) one Ledger transaction step by step. Both take the same locks in the same order (the
   * call's ids, then the wallet), read the player the token names under them, and judge the same
   * rows with the same `plan`.
   */
  private async call<R>(provider: CasinoProviderId, claims: TokenClaims, plan: WalletPlan<R>): Promise<R> {
    const judged: CallPlan<R> = {
      ...plan,
      judge: (found, player) => plan.judge(found, this.named(claims, player)),
    };
    const fast = await this.fast?.run(provider, claims.userId, judged);
    if (fast) return fast.done;
    return this.ledger.transaction(async (money) => {
      await repo.lockTransactionIds(money.tx, provider, plan.ids);
      const found = await repo.findCallAndBet(money.tx, provider, plan.ownId, plan.betId);
      const player = await repo.findPlayer(money.tx, claims.userId, provider);
      const verdict = judged.judge(found, player);
      if ('replay' in verdict) return verdict.replay;
      const wallet = await money.wallet(claims.userId, { forUpdate: true });
      const move = verdict.then(wallet);
      if (move.lossCheck !== null) {
        await guardRisk(money.tx, claims.userId, {
          atRisk: wallet.exposurePaise,
          added: move.lossCheck,
          what: 'stake',
        });
      }
      if (move.bonus && !wallet.isDemo) {
        if ('record' in move.bonus) {
          await recordCasinoWager(money, { userId: claims.userId, provider, ...move.bonus.record });
        } else {
          await uncountCasinoWager(money, { userId: claims.userId, provider, ...move.bonus.uncount });
        }
      }
      let journalId: number | null = null;
      let balance = available(wallet);
      if (move.journal) {
        const posted = await money.post({
          domainId: wallet.domainId,
          kind: move.journal.kind,
          reference: move.journal.reference,
          description: move.journal.description,
          lines: [
            { account: wallet.cash, amount: move.journal.toPlayer },
            { account: await this.house(money, wallet), amount: negPaise(move.journal.toPlayer) },
          ],
        });
        journalId = posted.journalId;
        balance = await this.availableAfter(money, wallet, posted);
      }
      await repo.insertTransaction(money.tx, {
        ...move.log,
        domainId: wallet.domainId,
        userId: claims.userId,
        provider,
        balanceAfterPaise: balance,
        journalId,
      });
      return move.answer(balance);
    });
  }

  /**
   * The bet a win or a rollback names (read with the call: `findCallAndBet`), checked against the
   * call (same player, same round), and the calls already taken that name it; `bet` null when no
   * bet has that id (`named` then holds any tombstones). An id that is a win's or a rollback's is no bet.
   */
  private betOf(
    found: { bet: repo.CasinoTxnRow | null; named: repo.CasinoTxnRow[] },
    player: TokenPlayer,
    roundId: string,
  ): { bet: repo.CasinoTxnRow | null; named: repo.CasinoTxnRow[] } {
    const { bet, named } = found;
    if (bet && bet.type !== 'bet') {
      throw new AppError(
        'CASINO_BET_NOT_FOUND',
        `The referenceTransactionId names a ${bet.type}, not a bet. Nothing was changed.`,
      );
    }
    if (bet && bet.userId !== player.id) {
      throw new AppError('CASINO_TOKEN_FOREIGN', "The bet is another player's. Nothing was changed.");
    }
    if (bet && bet.roundId !== roundId) throw new AppError('CASINO_ROUND_MISMATCH');
    return { bet, named };
  }

  /**
   * What the player can stake right after a journal of this call: its cash line's balance after it,
   * less the exposure read under the wallet's lock (which the casino never moves and which the lock
   * keeps still). Read again only if the journal was not posted by this call.
   */
  private async availableAfter(money: MoneyWriter, wallet: Wallet, posted: PostedJournal): Promise<Paise> {
    const after = posted.balancesAfter.get(wallet.cash.accountId);
    if (!posted.created || after === undefined) return available(await money.wallet(wallet.userId));
    return subPaise(after, wallet.exposurePaise);
  }

  /** The first answer of a call again, or a conflict when the same id comes with other details. */
  private replay(first: repo.CasinoTxnRow, same: boolean): CasinoTransactionResult {
    if (!same) throw new AppError('CASINO_TRANSACTION_CONFLICT');
    return { transactionId: first.transactionId, balance: first.balanceAfterPaise, currency: 'INR' };
  }

  private replayRollback(first: repo.CasinoTxnRow, same: boolean): CasinoRollbackResult {
    if (!same || first.type !== 'rollback' || first.outcome === 'accepted' || first.outcome === 'paid') {
      throw new AppError('CASINO_TRANSACTION_CONFLICT');
    }
    return {
      ...this.replay(first, true),
      referenceTransactionId: first.referenceTransactionId ?? '',
      outcome: OUTCOME[first.outcome],
      refunded: first.amountPaise,
    };
  }

  /** The house side of a player's casino movements: play money for a demo player. */
  private async house(money: MoneyWriter, wallet: Wallet) {
    return money.houseAccount(wallet.domainId, wallet.isDemo ? 'HOUSE_PLAY_MONEY' : 'HOUSE_CASINO');
  }

  /**
   * Who a casinoToken names: ours (our key, audience casino), not expired (a win, a rollback or a
   * replay takes one up to a day past its expiry; `live` takes none). The player is read with the
   * call (`named` judges them).
   */
  private async claims(token: string, opts: { live?: boolean } = {}): Promise<TokenClaims> {
    const now = this.now();
    const verdict = await this.tokens.verify(token, now, opts.live ? 0 : CASINO_TOKEN_GRACE_SECONDS);
    if (!verdict.ok) {
      throw new AppError(verdict.reason === 'expired' ? 'CASINO_TOKEN_EXPIRED' : 'CASINO_TOKEN_INVALID');
    }
    return {
      userId: verdict.claims.userId,
      domainId: verdict.claims.domainId,
      tokenExpired: verdict.expiresAt.getTime() <= now.getTime(),
    };
  }

  /** The player the token names: one that exists, of the domain the token was signed for. */
  private named(claims: TokenClaims, player: repo.CasinoPlayer | null): TokenPlayer {
    if (!player) throw new AppError('CASINO_TOKEN_INVALID', 'The casinoToken names no player of ours.');
    if (player.domainId !== claims.domainId) throw new AppError('CASINO_TOKEN_FOREIGN');
    return { ...player, tokenExpired: claims.tokenExpired };
  }
}

/** A provider the player's site switched off: no balance (so no launch) and no new stake. */
function providerOffError(provider: CasinoProviderId): AppError {
  return new AppError('FORBIDDEN', `The player's site has the ${provider} games switched off.`);
}

/** A new stake needs a player who may bet now, as the exchange asks (bet-service's refuseBettor). */
function refuseStaker(player: repo.CasinoPlayer, provider: CasinoProviderId): void {
  // The site's own switches first: an operator who suspends the site, turns its casino off or
  // switches this provider off stops every new stake at once (a round already staked still pays
  // its wins and rollbacks).
  if (player.siteSuspended) throw new AppError('SITE_SUSPENDED');
  if (player.casinoOff) throw new AppError('FORBIDDEN', "The player's site has its casino switched off.");
  if (player.providerOff) throw providerOffError(provider);
  if (player.status === 'pending') throw new AppError('USER_NOT_VERIFIED');
  if (player.status !== 'active') throw new AppError('USER_LOCKED');
  const barred = barredError(player);
  if (barred) throw barred;
}
