// What the game pages read (`GET P/play/:session/state` and each SSE `state` event). Amounts are
// integer paise; odds are the games' own hundredths and texts.
import type { ProviderId } from '../catalogue/catalogue';
import type { RoundSeeds } from '../fair/rotation';
import { dice } from '../games/dice';
import type { GameId } from '../games/game';
import type { ProviderRuntime, TableGameId } from './runtime';
import type { RoundEntry } from './rounds';
import type { Session } from './sessions';

/** The page's stake chips, in paise: ₹10, ₹50, ₹100, ₹500, ₹1,000. */
export const STAKE_CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000];

export interface RoundLink {
  readonly roundId: string;
  readonly number: number | undefined;
  readonly game: GameId;
  readonly outcome: unknown;
  /** The commitment shown before the round, its client seed and nonce. */
  readonly seeds: RoundSeeds;
  /** The revealed server seed, once its pair is retired (a table's: right after the round settles). */
  readonly serverSeed: string | null;
  /** The verification page for this round, when its seed is revealed. */
  readonly verifyUrl: string | null;
}

export function verifyUrl(provider: ProviderId, entry: RoundEntry): string | null {
  if (!entry.serverSeed) return null;
  const q = new URLSearchParams({
    game: entry.game,
    serverSeed: entry.serverSeed,
    commitment: entry.seeds.serverSeedHash,
    clientSeed: entry.seeds.clientSeed,
    nonce: String(entry.seeds.nonce),
    round: entry.roundId,
    provider,
  });
  return `/verify?${q.toString()}`;
}

export function roundLink(provider: ProviderId, entry: RoundEntry): RoundLink {
  return {
    roundId: entry.roundId,
    number: entry.number,
    game: entry.game,
    outcome: entry.outcome,
    seeds: entry.seeds,
    serverSeed: entry.serverSeed ?? null,
    verifyUrl: verifyUrl(provider, entry),
  };
}

function common(runtime: ProviderRuntime, session: Session) {
  const name = runtime.info.games.find((g) => g.code === session.gameCode)?.name ?? session.gameCode;
  return {
    provider: runtime.info.id,
    providerTitle: runtime.info.title,
    gameCode: session.gameCode,
    gameName: name,
    playerId: session.playerId,
    lobbyUrl: session.lobbyUrl ?? null,
    /** The player's stakeable balance from the wallet's last answer, in paise (null: not known yet). */
    balance: runtime.wallet.last(session.casinoToken) ?? null,
    stakeChips: STAKE_CHIPS,
    serverNow: Date.now(),
  };
}

export function tableState(runtime: ProviderRuntime, session: Session) {
  const { game, table } = runtime.tables.get(session.gameCode as TableGameId)!;
  const round = table.current();
  const live = new Map(table.bets().map((b) => [b.id, b]));
  const history = table
    .history()
    .map((r) => runtime.rounds.get(r.roundId))
    .filter((e): e is RoundEntry => e !== undefined)
    .map((e) => roundLink(runtime.info.id, e));
  const myBets = session.bets
    .map((bet) => {
      const settled = table.history().find((r) => r.roundId === bet.roundId);
      const result = settled?.results.find((r) => r.id === bet.id);
      const market = game.markets.find((m) => m.market === bet.market);
      const base = {
        id: bet.id,
        roundId: bet.roundId,
        market: bet.market,
        marketLabel: market?.label ?? bet.market,
        oddsText: market?.oddsText ?? '',
        stake: bet.stake,
      };
      if (result) return { ...base, status: result.status, payout: result.payout };
      // Not settled: in play, or an older round no longer in the table's history.
      const status = bet.roundId === round?.roundId ? (live.get(bet.id)?.status ?? 'accepted') : 'accepted';
      return { ...base, status, payout: null };
    })
    .reverse()
    .slice(0, 12);
  return {
    kind: 'table' as const,
    ...common(runtime, session),
    game: game.describe(),
    round: round && {
      roundId: round.roundId,
      number: round.number,
      phase: round.phase,
      closesAt: round.closesAt,
      commitment: round.seeds.serverSeedHash,
      clientSeed: round.seeds.clientSeed,
      nonce: round.seeds.nonce,
    },
    /** The next round's commitment is fixed already: shown so nobody can say it was chosen later. */
    nextCommitment: table.publicSeeds().serverSeedHash,
    myBets,
    history,
  };
}

export function diceState(runtime: ProviderRuntime, session: Session) {
  const desk = runtime.dice!;
  const history = runtime.diceHistoryOf(session.playerId);
  return {
    kind: 'dice' as const,
    ...common(runtime, session),
    game: dice.describe(),
    seeds: desk.publicSeeds(session.playerId),
    plays: history.plays.map((p) => {
      const entry = runtime.rounds.get(p.roundId);
      return {
        betId: p.betId,
        roundId: p.roundId,
        direction: p.result.market,
        target: p.result.target,
        multiplier: p.result.multiplier,
        stake: p.result.stake,
        roll: p.outcome.roll,
        status: p.result.status,
        payout: p.result.payout,
        win: p.win,
        seeds: p.seeds,
        serverSeed: entry?.serverSeed ?? null,
        verifyUrl: entry ? verifyUrl(runtime.info.id, entry) : null,
      };
    }),
    revealed: history.revealed,
  };
}
