import { randomBytes, randomUUID } from 'node:crypto';
import { floats } from '../fair/floats';
import {
  createSeedState,
  publicSeeds,
  rotate,
  takeNonce,
  type PublicSeeds,
  type RevealedSeeds,
  type RoundSeeds,
  type SeedState,
} from '../fair/rotation';
import type { RandomSource, ServerSeed } from '../fair/seeds';
import type { Bet, BetResult } from '../games/bets';
import type { FixedOddsGame } from '../games/game';
import { DEFAULT_LIMITS, type Paise, type StakeLimits } from '../games/money';
import { DEFAULT_RETRY, type RetryPolicy } from '../wallet/retry';
import type { Wallet } from '../wallet/wallet-client';
import { TableError } from './errors';
import { Outbox } from './outbox';
import { realScheduler, type Scheduler } from './scheduler';

export type Phase = 'idle' | 'betting' | 'closed' | 'dealt' | 'settled';

export interface TablePlayer {
  /** The token the player's client was launched with; it names the player to the wallet. */
  readonly casinoToken: string;
}

/**
 * A bet as the table keeps it: `pending` while the wallet's bet call runs, then `accepted` (the
 * wallet took the stake) or `refused` (it did not, or nobody knows: the stake is rolled back).
 */
export interface TableBet<M extends string = string> {
  /** The wallet transactionId of the stake; its win is `${id}-W`, its rollback `${id}-R`. */
  readonly id: string;
  readonly roundId: string;
  readonly casinoToken: string;
  readonly market: M;
  readonly stake: Paise;
  status: 'pending' | 'accepted' | 'refused';
}

export interface RoundRecord<M extends string, O> {
  readonly roundId: string;
  readonly number: number;
  /** The commitment, the table's client seed and the nonce: shown from the round's first second. */
  readonly seeds: RoundSeeds;
  readonly outcome: O;
  readonly results: readonly BetResult<M>[];
}

export interface RoundView {
  readonly roundId: string;
  readonly number: number;
  readonly phase: Phase;
  /** When betting closes (ms since the epoch). */
  readonly closesAt: number;
  readonly seeds: RoundSeeds;
}

export interface TableOptions<M extends string, O> {
  readonly tableId: string;
  readonly game: FixedOddsGame<M, O>;
  readonly wallet: Wallet;
  /** The table's public client seed: fixed before its first round. */
  readonly clientSeed: string;
  readonly scheduler?: Scheduler;
  readonly random?: RandomSource;
  readonly limits?: StakeLimits;
  /** The betting countdown: 20 s by default. */
  readonly bettingMs?: number;
  /** How long a settled round's result shows before the next round opens: 5 s by default. */
  readonly resultMs?: number;
  /** How many settled rounds `history()` keeps: 20 by default. */
  readonly historySize?: number;
  readonly retry?: RetryPolicy;
  /** Unique ids for stakes (printable ASCII, no spaces): a UUID by default. */
  readonly newId?: () => string;
  /** The first round's number (round ids are `${tableId}-${number}`). */
  readonly firstRound?: number;
  /**
   * Retire the seed pair after every settled round (keeping the client seed), so each round has its
   * own server seed, revealed as soon as that round is settled. Off by default.
   */
  readonly rotateEachRound?: boolean;
  /** How many retired pairs `revealedSeeds()` keeps, newest last: all of them by default. */
  readonly revealedSize?: number;
  /**
   * Told after every change of phase (a round opened, closed, dealt, settled). On `settled` the
   * round is already in `history()` and, with `rotateEachRound`, its seed in `revealedSeeds()`.
   */
  readonly onChange?: (round: RoundView) => void;
}

interface LiveRound<M extends string> {
  readonly roundId: string;
  readonly number: number;
  readonly serverSeed: ServerSeed;
  readonly seeds: RoundSeeds;
  readonly closesAt: number;
  phase: Phase;
  readonly bets: TableBet<M>[];
  readonly placing: Set<Promise<unknown>>;
}

/**
 * One game's shared timed rounds: BETTING (a countdown) → CLOSED (no more bets; the stakes being
 * taken finish) → DEALT (the outcome from the round's committed seeds alone) → SETTLED (each
 * winning bet paid by a win naming it) → the next round. Money moves only through the wallet, and
 * each movement carries a transactionId fixed once, so any repeat is a replay.
 */
export class Table<M extends string, O> {
  readonly tableId: string;
  readonly outbox: Outbox;
  private readonly game: FixedOddsGame<M, O>;
  private readonly wallet: Wallet;
  private readonly scheduler: Scheduler;
  private readonly random: RandomSource;
  private readonly limits: StakeLimits;
  private readonly bettingMs: number;
  private readonly resultMs: number;
  private readonly historySize: number;
  private readonly newId: () => string;
  private readonly rotateEachRound: boolean;
  private readonly revealedSize: number;
  private readonly onChange: ((round: RoundView) => void) | undefined;
  private seedState: SeedState;
  private round: LiveRound<M> | undefined;
  private nextNumber: number;
  private running = false;
  private cancelTimer: (() => void) | undefined;
  private readonly settled: RoundRecord<M, O>[] = [];
  private readonly revealed: RevealedSeeds[] = [];
  private readonly rotations: { clientSeed: string; resolve: (r: RevealedSeeds) => void }[] = [];
  /** Settles when the current round has finished (tests and an orderly stop wait on it). */
  private roundDone: Promise<void> = Promise.resolve();

  constructor(options: TableOptions<M, O>) {
    this.tableId = options.tableId;
    this.game = options.game;
    this.wallet = options.wallet;
    this.scheduler = options.scheduler ?? realScheduler;
    this.random = options.random ?? randomBytes;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.bettingMs = options.bettingMs ?? 20_000;
    this.resultMs = options.resultMs ?? 5_000;
    this.historySize = options.historySize ?? 20;
    this.newId = options.newId ?? randomUUID;
    this.nextNumber = options.firstRound ?? 1;
    this.rotateEachRound = options.rotateEachRound ?? false;
    this.revealedSize = options.revealedSize ?? Number.POSITIVE_INFINITY;
    this.onChange = options.onChange;
    this.seedState = createSeedState(options.clientSeed, this.random);
    this.outbox = new Outbox(this.wallet, this.scheduler, options.retry ?? DEFAULT_RETRY);
  }

  /** Opens the first round; each settled round opens the next until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  /** No new round after the current one; answers once it is settled. */
  async stop(): Promise<void> {
    this.running = false;
    await this.roundDone;
    this.cancelTimer?.();
  }

  current(): RoundView | undefined {
    const r = this.round;
    return (
      r && { roundId: r.roundId, number: r.number, phase: r.phase, closesAt: r.closesAt, seeds: r.seeds }
    );
  }

  /** The last settled rounds, newest first. */
  history(): readonly RoundRecord<M, O>[] {
    return [...this.settled].reverse();
  }

  publicSeeds(): PublicSeeds {
    return publicSeeds(this.seedState);
  }

  /** Every retired seed pair, revealed: with a round's seeds, anyone can recompute it. */
  revealedSeeds(): readonly RevealedSeeds[] {
    return [...this.revealed];
  }

  bets(): readonly TableBet<M>[] {
    return this.round ? [...this.round.bets] : [];
  }

  /**
   * Retires the table's seed pair, revealing its server seed: at once between rounds, otherwise as
   * soon as the round in play is settled (its seed must stay secret until then).
   */
  rotateSeeds(newClientSeed: string): Promise<RevealedSeeds> {
    if (!this.round || this.round.phase === 'settled')
      return Promise.resolve(this.applyRotation(newClientSeed));
    return new Promise((resolve) => this.rotations.push({ clientSeed: newClientSeed, resolve }));
  }

  /**
   * Places a bet on the round in play: checked against the game's markets and the table's limits,
   * then staked through the wallet. Taken only when the wallet took the stake; any other answer,
   * an unknown outcome included, rolls the stake back (retried, in the outbox) and refuses the bet.
   */
  async placeBet(player: TablePlayer, bet: { market: string; stake: number }): Promise<TableBet<M>> {
    const round = this.round;
    if (!round || round.phase !== 'betting') {
      throw new TableError('BETTING_CLOSED', 'betting is closed: wait for the next round');
    }
    const id = `${round.roundId}-${this.newId()}`;
    const candidate = { id, market: bet.market, stake: bet.stake };
    this.game.validateBet(candidate, this.limits);
    const placed: TableBet<M> = {
      id,
      roundId: round.roundId,
      casinoToken: player.casinoToken,
      market: candidate.market,
      stake: candidate.stake,
      status: 'pending',
    };
    round.bets.push(placed);
    const staking = this.wallet
      .bet({
        casinoToken: player.casinoToken,
        transactionId: id,
        roundId: round.roundId,
        gameCode: this.game.id,
        amount: placed.stake,
      })
      .then(
        () => {
          placed.status = 'accepted';
        },
        (error: unknown) => {
          placed.status = 'refused';
          void this.outbox.rollback({
            casinoToken: player.casinoToken,
            transactionId: `${id}-R`,
            referenceTransactionId: id,
            roundId: round.roundId,
          });
          throw new TableError(
            'WALLET_REFUSED',
            'the wallet did not take the stake: the bet is refused',
            error,
          );
        },
      );
    round.placing.add(staking);
    try {
      await staking;
      return placed;
    } finally {
      round.placing.delete(staking);
    }
  }

  /** Sends again every win and rollback without a definite answer; answers what is still open. */
  reconcile() {
    return this.outbox.drain();
  }

  private open(): void {
    const serverSeed = this.seedState.active.serverSeed;
    const { state, round: seeds } = takeNonce(this.seedState);
    this.seedState = state;
    const number = this.nextNumber++;
    const closesAt = this.scheduler.now() + this.bettingMs;
    this.round = {
      roundId: `${this.tableId}-${number}`,
      number,
      serverSeed,
      seeds,
      closesAt,
      phase: 'betting',
      bets: [],
      placing: new Set(),
    };
    let finish!: () => void;
    this.roundDone = new Promise((resolve) => (finish = resolve));
    const round = this.round;
    this.changed(round);
    this.cancelTimer = this.scheduler.setTimer(() => {
      void this.play(round).finally(finish);
    }, this.bettingMs);
  }

  private async play(round: LiveRound<M>): Promise<void> {
    round.phase = 'closed';
    this.changed(round);
    // Stakes sent before the close still count: wait for the wallet's answers (each call is time-limited).
    await Promise.allSettled([...round.placing]);
    const outcome = this.game.outcome(
      floats(round.serverSeed, round.seeds.clientSeed, round.seeds.nonce, this.game.floatsPerRound),
    );
    round.phase = 'dealt';
    this.changed(round);
    const accepted: Bet<M>[] = round.bets
      .filter((b) => b.status === 'accepted')
      .map((b) => ({ id: b.id, market: b.market, stake: b.stake }));
    const results = this.game.settle(accepted, outcome);
    const tokenOf = new Map(round.bets.map((b) => [b.id, b.casinoToken]));
    // Losing bets move nothing; each paying bet gets one win naming it, repeated until answered.
    await Promise.all(
      results
        .filter((r) => r.payout > 0)
        .map((r) =>
          this.outbox.win({
            casinoToken: tokenOf.get(r.id)!,
            transactionId: `${r.id}-W`,
            referenceTransactionId: r.id,
            roundId: round.roundId,
            amount: r.payout,
          }),
        ),
    );
    round.phase = 'settled';
    this.settled.push({ roundId: round.roundId, number: round.number, seeds: round.seeds, outcome, results });
    if (this.settled.length > this.historySize) this.settled.shift();
    const rotations = this.rotations.splice(0);
    for (const rotation of rotations) rotation.resolve(this.applyRotation(rotation.clientSeed));
    if (this.rotateEachRound && rotations.length === 0) this.applyRotation(round.seeds.clientSeed);
    this.changed(round);
    if (this.running)
      this.cancelTimer = this.scheduler.setTimer(() => this.running && this.open(), this.resultMs);
  }

  private applyRotation(clientSeed: string): RevealedSeeds {
    const { state, revealed } = rotate(this.seedState, clientSeed, this.random);
    this.seedState = state;
    this.revealed.push(revealed);
    if (this.revealed.length > this.revealedSize) this.revealed.shift();
    return revealed;
  }

  private changed(round: LiveRound<M>): void {
    // A listener's fault must never stop a round that holds stakes.
    try {
      this.onChange?.({
        roundId: round.roundId,
        number: round.number,
        phase: round.phase,
        closesAt: round.closesAt,
        seeds: round.seeds,
      });
    } catch {
      // The listener reports its own faults.
    }
  }
}
