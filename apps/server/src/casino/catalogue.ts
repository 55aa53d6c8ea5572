import type { CasinoCategory, CasinoGame, CasinoProviderId } from '@backlay/contract';
import { CASINO_PROVIDERS } from '@backlay/contract';
import { CasinoProviderDown, type CasinoProvider } from './casino-provider';

/** How long a provider's list is kept before it is asked again. */
export const CATALOGUE_TTL_MS = 60_000;
/** How long a provider that failed is left alone before it is asked again (so a dead host is not hammered). */
export const CATALOGUE_RETRY_MS = 10_000;
/** How long a provider has to answer its list. */
export const CATALOGUE_TIMEOUT_MS = 2_000;

type Entry = { ok: true; games: CasinoGame[]; at: number } | { ok: false; reason: string; at: number };

/**
 * The lobby's games, read from each provider's own list and kept for a minute. A provider that is
 * down, slow or not configured here is unavailable on its own: the lobby still shows the others
 * and says which one failed. One request at a time per provider: concurrent readers share it.
 */
export class CasinoCatalogue {
  private readonly entries = new Map<CasinoProviderId, Entry>();
  private readonly inFlight = new Map<CasinoProviderId, Promise<Entry>>();

  constructor(
    private readonly providers: Partial<Record<CasinoProviderId, CasinoProvider>>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A provider's games; throws CasinoProviderDown when it cannot be had. */
  async games(provider: CasinoProviderId): Promise<CasinoGame[]> {
    const entry = await this.entry(provider);
    if (!entry.ok) throw new CasinoProviderDown(provider, entry.reason);
    return entry.games;
  }

  /** A provider's games by category, categories in the order the provider lists them. */
  async categories(provider: CasinoProviderId): Promise<CasinoCategory[]> {
    return byCategory(await this.games(provider));
  }

  /**
   * Every provider's games that can be had within `waitMs` (the sport tree's `games`): fresh lists
   * as they are, stale ones refreshed meanwhile, a provider still unanswered left out this time.
   */
  async everyGame(waitMs: number): Promise<CasinoGame[]> {
    const refreshing = CASINO_PROVIDERS.map((p) => this.entry(p));
    await Promise.race([
      Promise.allSettled(refreshing),
      new Promise((resolve) => setTimeout(resolve, waitMs).unref()),
    ]);
    return CASINO_PROVIDERS.flatMap((p) => {
      const e = this.entries.get(p);
      return e?.ok ? e.games : [];
    });
  }

  /**
   * A game's name from the list already at hand (never a request: the wallet asks this inside its
   * money transactions), or null when the provider's list is not known here.
   */
  cachedName(provider: CasinoProviderId, code: string): string | null {
    const entry = this.entries.get(provider);
    return (entry?.ok && entry.games.find((g) => g.code === code)?.name) || null;
  }

  private entry(provider: CasinoProviderId): Promise<Entry> {
    const cached = this.entries.get(provider);
    const age = cached ? this.now() - cached.at : Infinity;
    if (cached && age < (cached.ok ? CATALOGUE_TTL_MS : CATALOGUE_RETRY_MS)) return Promise.resolve(cached);
    const running = this.inFlight.get(provider);
    if (running) return running;
    const fetching = this.fetch(provider).finally(() => this.inFlight.delete(provider));
    this.inFlight.set(provider, fetching);
    return fetching;
  }

  private async fetch(provider: CasinoProviderId): Promise<Entry> {
    const source = this.providers[provider];
    let entry: Entry;
    if (!source) {
      entry = { ok: false, reason: 'not configured here', at: this.now() };
    } else {
      try {
        entry = {
          ok: true,
          games: await source.games(AbortSignal.timeout(CATALOGUE_TIMEOUT_MS)),
          at: this.now(),
        };
      } catch (err) {
        const reason = err instanceof CasinoProviderDown ? err.reason : String(err);
        entry = { ok: false, reason, at: this.now() };
      }
    }
    this.entries.set(provider, entry);
    return entry;
  }
}

/** Games grouped by category, in order of first appearance. */
export function byCategory(games: CasinoGame[]): CasinoCategory[] {
  const groups = new Map<string, CasinoGame[]>();
  for (const g of games) {
    const list = groups.get(g.category);
    if (list) list.push(g);
    else groups.set(g.category, [g]);
  }
  return [...groups].map(([category, list]) => ({ category, games: list }));
}
