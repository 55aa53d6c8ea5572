// The wallet as the tables use it, watched: every answer carries the player's balance, so the game
// page shows the wallet's own figure without asking it again after each bet or win.
import type { Paise } from '../games/money';
import type { CallOptions, Wallet } from '../wallet/wallet-client';
import type { BalanceAnswer, BetRequest, RollbackRequest, WinRequest } from '../wallet/wire';

const MAX_KNOWN = 50_000;

export class WatchedWallet implements Wallet {
  private readonly known = new Map<string, Paise>();
  private readonly listeners = new Set<(casinoToken: string) => void>();

  constructor(private readonly inner: Wallet) {}

  /** The last balance the wallet answered for this token, if any. */
  last(casinoToken: string): Paise | undefined {
    return this.known.get(casinoToken);
  }

  /** Told of each new balance; the answer unsubscribes. */
  subscribe(listener: (casinoToken: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async balance(casinoToken: string, options?: CallOptions): Promise<BalanceAnswer> {
    const answer = await this.inner.balance(casinoToken, options);
    this.note(casinoToken, answer.balance);
    return answer;
  }

  async bet(request: BetRequest, options?: CallOptions) {
    const answer = await this.inner.bet(request, options);
    this.note(request.casinoToken, answer.balance);
    return answer;
  }

  async win(request: WinRequest, options?: CallOptions) {
    const answer = await this.inner.win(request, options);
    this.note(request.casinoToken, answer.balance);
    return answer;
  }

  async rollback(request: RollbackRequest, options?: CallOptions) {
    const answer = await this.inner.rollback(request, options);
    this.note(request.casinoToken, answer.balance);
    return answer;
  }

  private note(casinoToken: string, balance: Paise): void {
    this.known.delete(casinoToken);
    this.known.set(casinoToken, balance);
    if (this.known.size > MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
    for (const listener of this.listeners) listener(casinoToken);
  }
}
