import {
  CASINO_PROVIDERS,
  type CasinoCategory,
  type CasinoGame,
  type CasinoProviderId,
} from '@backlay/contract';
import { t } from '../i18n';

const BRANDS: Record<Exclude<CasinoProviderId, 'international'>, string> = {
  dream: 'Dream',
  king: 'King',
  mac: 'Mac',
  udan: 'Udan',
};

/**
 * A provider as the lobby names it (chips, badges, the tiles' accessible names): the brands as
 * they are, the international provider in the player's language.
 */
export function providerName(provider: CasinoProviderId): string {
  return provider === 'international' ? t('casino.provider.international') : BRANDS[provider];
}

export function isProviderId(value: string | null | undefined): value is CasinoProviderId {
  return value != null && (CASINO_PROVIDERS as readonly string[]).includes(value);
}

/** One provider's list as the lobby holds it while its query runs, answers or fails. */
export type ProviderList =
  | { provider: CasinoProviderId; status: 'pending' }
  | { provider: CasinoProviderId; status: 'error'; reason: string }
  | { provider: CasinoProviderId; status: 'success'; categories: CasinoCategory[] };

/** A provider's games in its own category order, flattened. */
export function gamesOf(categories: CasinoCategory[]): CasinoGame[] {
  return categories.flatMap((c) => c.games);
}

/**
 * Every answered provider's games in one list: providers in the contract's order, each in its own
 * category order. A game listed twice (the same id under two categories) is kept once.
 */
export function mergeProviders(lists: ProviderList[]): CasinoGame[] {
  const seen = new Set<string>();
  const games: CasinoGame[] = [];
  for (const list of lists) {
    if (list.status !== 'success') continue;
    for (const game of gamesOf(list.categories)) {
      if (seen.has(game.id)) continue;
      seen.add(game.id);
      games.push(game);
    }
  }
  return games;
}

/** The categories present, in the order they first appear (the providers' own order). */
export function categoriesOf(games: CasinoGame[]): string[] {
  return [...new Set(games.map((g) => g.category))];
}

/** The lobby's filters; null means "all". */
export interface LobbyFilter {
  category: string | null;
  provider: CasinoProviderId | null;
  search: string;
}

/** The games shown: the category tab, the provider chip and the search by name (case-insensitive). */
export function filterGames(games: CasinoGame[], filter: LobbyFilter): CasinoGame[] {
  const needle = filter.search.trim().toLowerCase();
  return games.filter(
    (g) =>
      (filter.category == null || g.category === filter.category) &&
      (filter.provider == null || g.provider === filter.provider) &&
      (needle === '' || g.name.toLowerCase().includes(needle)),
  );
}

/** Where a tile leads: the game named in the address, so a reload finds it again. */
export function lobbyPagePath(game: Pick<CasinoGame, 'provider' | 'code'>): string {
  const query = new URLSearchParams({ provider: game.provider, code: game.code });
  return `/lobby-page?${query.toString()}`;
}

/** A tile's accessible name: "<game name> by <provider>". */
export function tileName(game: Pick<CasinoGame, 'name' | 'provider'>): string {
  return t('casino.tile', { game: game.name, provider: providerName(game.provider) });
}

/** Narrower than this, the provider is asked for its mobile layout. */
export const MOBILE_MAX_WIDTH = 767;

export function platformFor(viewportWidth: number): 'mobile' | 'desktop' {
  return viewportWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}
