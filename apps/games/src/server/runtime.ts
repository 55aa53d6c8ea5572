// One provider's live parts: its wallet client (its own secret), one table per card game, a dice
// desk when it offers dice, and the book of its settled rounds.
import { PROVIDER_INFO, type ProviderId, type ProviderInfo } from '../catalogue/catalogue';
import { newClientSeed } from '../fair/seeds';
import { andarBahar } from '../games/andar-bahar';
import { dragonTiger } from '../games/dragon-tiger';
import type { FixedOddsGame, GameId } from '../games/game';
import { lucky7 } from '../games/lucky7';
import { teenPatti } from '../games/teen-patti';
import type { DicePlay } from '../tables/dice-desk';
import { DiceDesk } from '../tables/dice-desk';
import type { RevealedSeeds } from '../fair/rotation';
import { Table } from '../tables/table';
import { WalletClient } from '../wallet/wallet-client';
import { WatchedWallet } from './balances';
import { RoundBook } from './rounds';

export type TableGameId = Exclude<GameId, 'dice'>;
type AnyTable = Table<string, unknown>;

const TABLE_GAMES: Readonly<Record<TableGameId, FixedOddsGame<string, unknown>>> = {
  'teen-patti-2020': teenPatti as unknown as FixedOddsGame<string, unknown>,
  'andar-bahar': andarBahar as unknown as FixedOddsGame<string, unknown>,
  'dragon-tiger': dragonTiger as unknown as FixedOddsGame<string, unknown>,
  'lucky-7': lucky7 as unknown as FixedOddsGame<string, unknown>,
};

/** What changed, for the pages listening: a table's round, or a player's balance. */
export type Change =
  | { readonly kind: 'table'; readonly game: GameId }
  | { readonly kind: 'balance'; readonly casinoToken: string };

/** A player's dice rolls and retired pairs, for their page. */
export interface DiceHistory {
  readonly plays: DicePlay[];
  readonly revealed: RevealedSeeds[];
}

const DICE_PLAYS_KEPT = 20;
const DICE_REVEALS_KEPT = 5;
const DICE_PLAYERS_KEPT = 20_000;

export interface RuntimeOptions {
  readonly provider: ProviderId;
  readonly walletUrl: string;
  readonly secret: string;
  readonly bettingMs: number;
  readonly pauseMs: number;
  readonly now?: () => number;
  readonly onError?: (error: unknown, where: string) => void;
}

export class ProviderRuntime {
  readonly info: ProviderInfo;
  readonly wallet: WatchedWallet;
  readonly tables = new Map<
    TableGameId,
    { readonly game: FixedOddsGame<string, unknown>; readonly table: AnyTable }
  >();
  readonly dice: DiceDesk | undefined;
  readonly rounds = new RoundBook();
  private readonly diceHistory = new Map<string, DiceHistory>();
  private readonly listeners = new Set<(change: Change) => void>();
  private readonly now: () => number;

  constructor(options: RuntimeOptions) {
    this.info = PROVIDER_INFO[options.provider];
    this.now = options.now ?? Date.now;
    this.wallet = new WatchedWallet(
      new WalletClient({ baseUrl: options.walletUrl, provider: options.provider, secret: options.secret }),
    );
    this.wallet.subscribe((casinoToken) => this.emit({ kind: 'balance', casinoToken }));
    for (const { code } of this.info.games) {
      if (code === 'dice') continue;
      const game = TABLE_GAMES[code];
      const table: AnyTable = new Table({
        tableId: `${options.provider}-${code}`,
        game,
        wallet: this.wallet,
        // Public from the first round: shown with every round's seeds.
        clientSeed: `${options.provider}-${code}-${newClientSeed().slice(0, 12)}`,
        bettingMs: options.bettingMs,
        resultMs: options.pauseMs,
        rotateEachRound: true,
        revealedSize: 5,
        onChange: (round) => {
          if (round.phase === 'settled') this.recordSettled(code, table);
          this.emit({ kind: 'table', game: code });
        },
      });
      this.tables.set(code, { game, table });
    }
    this.dice = this.info.games.some((g) => g.code === 'dice')
      ? new DiceDesk({ wallet: this.wallet })
      : undefined;
  }

  start(): void {
    for (const { table } of this.tables.values()) table.start();
  }

  /** No new rounds; answers once every round in play has settled (its stakes paid or not taken). */
  async stop(): Promise<void> {
    await Promise.all([...this.tables.values()].map(({ table }) => table.stop()));
  }

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  diceHistoryOf(playerId: string): DiceHistory {
    let history = this.diceHistory.get(playerId);
    if (!history) {
      history = { plays: [], revealed: [] };
      this.diceHistory.set(playerId, history);
      if (this.diceHistory.size > DICE_PLAYERS_KEPT)
        this.diceHistory.delete(this.diceHistory.keys().next().value!);
    }
    return history;
  }

  recordDicePlay(playerId: string, play: DicePlay): void {
    const history = this.diceHistoryOf(playerId);
    history.plays.unshift(play);
    if (history.plays.length > DICE_PLAYS_KEPT) history.plays.pop();
    this.rounds.add({
      roundId: play.roundId,
      game: 'dice',
      number: undefined,
      seeds: play.seeds,
      serverSeed: undefined,
      outcome: play.outcome,
      settledAt: this.now(),
    });
  }

  recordDiceReveal(playerId: string, revealed: RevealedSeeds): void {
    const history = this.diceHistoryOf(playerId);
    history.revealed.unshift(revealed);
    if (history.revealed.length > DICE_REVEALS_KEPT) history.revealed.pop();
    this.rounds.reveal(
      history.plays.map((p) => p.roundId),
      revealed.serverSeedHash,
      revealed.serverSeed,
    );
  }

  private recordSettled(game: TableGameId, table: AnyTable): void {
    const record = table.history()[0];
    if (!record) return;
    const pair = table.revealedSeeds().find((s) => s.serverSeedHash === record.seeds.serverSeedHash);
    this.rounds.add({
      roundId: record.roundId,
      game,
      number: record.number,
      seeds: record.seeds,
      serverSeed: pair?.serverSeed,
      outcome: record.outcome,
      settledAt: this.now(),
    });
  }

  /** Tells the pages listening that something they show changed. */
  emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}
