import type { BetPosition } from './bet-write-repository';
import type { StoredBet } from './positions';

type KnownWallet = Omit<BetPosition, 'bets' | 'unmatched' | 'marketOpen' | 'existingBetId'>;

interface KnownUser {
  wallet: KnownWallet;
  markets: Map<string, { bets: StoredBet[]; unmatched: StoredBet[]; placed: number }>;
}

/** The wallet's part of a position, copied field by field (see `get`). */
function walletOf(p: KnownWallet): KnownWallet {
  return {
    balancePaise: p.balancePaise,
    exposurePaise: p.exposurePaise,
    status: p.status,
    excludedUntilMs: p.excludedUntilMs,
    timedOutUntilMs: p.timedOutUntilMs,
    loss: p.loss,
    isDemo: p.isDemo,
  };
}

/**
 * What this process last knew of users' wallets and of their bets per market (matched and resting), to try the
 * next bet in one round trip. Kept per user so that bets on several markets keep it current, and
 * bounded: the least recently used user goes first when it is full. Knowing is only a guess: the
 * write it leads to is guarded by "the state is still this" in the database.
 */
export class KnownPositions {
  private readonly users = new Map<number, KnownUser>();

  constructor(private readonly max = 20_000) {}

  /** The position last known of a user in a market, and the market's bet count then. */
  get(userId: number, marketId: string): { position: BetPosition; placed: number } | null {
    const user = this.users.get(userId);
    const market = user?.markets.get(marketId);
    if (!user || !market) return null;
    // Written out, not spread: on Node 20, keys added after a spread (`{ ...wallet, marketOpen }`)
    // cost about a microsecond each, and this runs for every bet (bench/bets' window profile).
    const w = user.wallet;
    return {
      position: {
        balancePaise: w.balancePaise,
        exposurePaise: w.exposurePaise,
        status: w.status,
        excludedUntilMs: w.excludedUntilMs,
        timedOutUntilMs: w.timedOutUntilMs,
        loss: w.loss,
        isDemo: w.isDemo,
        marketOpen: true,
        existingBetId: null,
        bets: market.bets,
        unmatched: market.unmatched,
      },
      placed: market.placed,
    };
  }

  remember(userId: number, marketId: string, position: BetPosition, placed: number): void {
    const { bets, unmatched } = position;
    const wallet = walletOf(position);
    const entry = this.users.get(userId) ?? { wallet, markets: new Map() };
    this.users.delete(userId);
    // A Map keeps insertion order: the least recently used user is first.
    if (this.users.size >= this.max) this.users.delete(this.users.keys().next().value as number);
    entry.wallet = wallet;
    entry.markets.set(marketId, { bets, unmatched, placed });
    this.users.set(userId, entry);
  }

  forget(userId: number): void {
    this.users.delete(userId);
  }
}
