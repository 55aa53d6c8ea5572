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
import { newClientSeed, type RandomSource } from '../fair/seeds';
import { dice, type DiceDirection, type DiceOutcome, type DiceResult } from '../games/dice';
import { DEFAULT_LIMITS, type StakeLimits } from '../games/money';
import { DEFAULT_RETRY, type RetryPolicy } from '../wallet/retry';
import type { Wallet } from '../wallet/wallet-client';
import { TableError } from './errors';
import { Outbox, type WorkState } from './outbox';
import { realScheduler, type Scheduler } from './scheduler';

export interface DicePlayer {
  /** Our key for the player's seeds: the wallet's playerId (from `balance`). */
  readonly playerId: string;
  readonly casinoToken: string;
}

export interface DicePlay {
  readonly betId: string;
  readonly roundId: string;
  /** The player's own commitment, client seed and the nonce this roll used. */
  readonly seeds: RoundSeeds;
  readonly outcome: DiceOutcome;
  readonly result: DiceResult;
  /** The win's state: none for a lost roll; pending if the wallet has not answered it yet. */
  readonly win: WorkState | 'none';
}

export interface DiceDeskOptions {
  readonly wallet: Wallet;
  readonly scheduler?: Scheduler;
  readonly random?: RandomSource;
  readonly limits?: StakeLimits;
  readonly retry?: RetryPolicy;
  readonly newId?: () => string;
}

/**
 * The instant game: each roll is its own round on the player's own seed pair. One flow: the stake
 * (wallet bet) → the roll from the player's next nonce → the win if any. The nonce is taken only
 * once the stake is taken, so a refused bet burns none.
 */
export class DiceDesk {
  readonly outbox: Outbox;
  private readonly wallet: Wallet;
  private readonly random: RandomSource;
  private readonly limits: StakeLimits;
  private readonly newId: () => string;
  private readonly seeds = new Map<string, SeedState>();

  constructor(options: DiceDeskOptions) {
    this.wallet = options.wallet;
    this.random = options.random ?? randomBytes;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.newId = options.newId ?? randomUUID;
    this.outbox = new Outbox(this.wallet, options.scheduler ?? realScheduler, options.retry ?? DEFAULT_RETRY);
  }

  publicSeeds(playerId: string): PublicSeeds {
    return publicSeeds(this.stateOf(playerId));
  }

  /** The player picks a new client seed: the old pair is revealed, the committed next seed takes over. */
  rotateSeeds(playerId: string, clientSeed: string): RevealedSeeds {
    const { state, revealed } = rotate(this.stateOf(playerId), clientSeed, this.random);
    this.seeds.set(playerId, state);
    return revealed;
  }

  async play(
    player: DicePlayer,
    bet: { stake: number; direction: DiceDirection; target: number },
  ): Promise<DicePlay> {
    const betId = `dice-${this.newId()}`;
    const roundId = betId;
    const candidate = { id: betId, stake: bet.stake, direction: bet.direction, target: bet.target };
    dice.validateBet(candidate, this.limits);
    try {
      await this.wallet.bet({
        casinoToken: player.casinoToken,
        transactionId: betId,
        roundId,
        gameCode: dice.id,
        amount: candidate.stake,
      });
    } catch (error) {
      void this.outbox.rollback({
        casinoToken: player.casinoToken,
        transactionId: `${betId}-R`,
        referenceTransactionId: betId,
        roundId,
      });
      throw new TableError('WALLET_REFUSED', 'the wallet did not take the stake: the roll is refused', error);
    }
    const taken = takeNonce(this.stateOf(player.playerId));
    const { serverSeed } = this.stateOf(player.playerId).active;
    this.seeds.set(player.playerId, taken.state);
    const outcome = dice.outcome(
      floats(serverSeed, taken.round.clientSeed, taken.round.nonce, dice.floatsPerRound),
    );
    const [result] = dice.settle([candidate], outcome);
    let win: DicePlay['win'] = 'none';
    if (result!.payout > 0) {
      const item = await this.outbox.win({
        casinoToken: player.casinoToken,
        transactionId: `${betId}-W`,
        referenceTransactionId: betId,
        roundId,
        amount: result!.payout,
      });
      win = item.state;
    }
    return { betId, roundId, seeds: taken.round, outcome, result: result!, win };
  }

  private stateOf(playerId: string): SeedState {
    let state = this.seeds.get(playerId);
    if (!state) {
      state = createSeedState(newClientSeed(this.random), this.random);
      this.seeds.set(playerId, state);
    }
    return state;
  }
}
