// The five providers this process plays, each with its own catalogue and colours, as a real
// aggregator's brands would differ. Game codes are the games' ids (the verification page's `game`).
import type { GameId } from '../games/game';

export const PROVIDERS = ['international', 'dream', 'king', 'mac', 'udan'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDERS as readonly string[]).includes(value);
}

export interface CatalogueGame {
  readonly code: GameId;
  readonly name: string;
  readonly category: string;
}

/** How a provider answers a launch: `{ url }`, `{ data: { url } }`, or king's bearer call with no body. */
export type LaunchStyle = 'url' | 'data' | 'bearer';

export interface ProviderInfo {
  readonly id: ProviderId;
  readonly title: string;
  readonly launch: LaunchStyle;
  /** The tile art's tint: background, accent. */
  readonly colours: { readonly background: string; readonly accent: string };
  readonly games: readonly CatalogueGame[];
}

export const PROVIDER_INFO: Readonly<Record<ProviderId, ProviderInfo>> = {
  international: {
    id: 'international',
    title: 'International Casino',
    launch: 'url',
    colours: { background: '#0f2a4a', accent: '#f5c542' },
    games: [
      { code: 'teen-patti-2020', name: 'Teen Patti 20-20', category: 'Card Games' },
      { code: 'andar-bahar', name: 'Andar Bahar', category: 'Card Games' },
      { code: 'dragon-tiger', name: 'Dragon Tiger', category: 'Live Casino' },
      { code: 'lucky-7', name: 'Lucky 7', category: 'Live Casino' },
      { code: 'dice', name: 'Dice', category: 'Instant Games' },
    ],
  },
  dream: {
    id: 'dream',
    title: 'Dream Casino',
    launch: 'data',
    colours: { background: '#2d1247', accent: '#ff7ad9' },
    games: [
      { code: 'teen-patti-2020', name: 'Teen Patti 20-20', category: 'Live Casino' },
      { code: 'andar-bahar', name: 'Andar Bahar', category: 'Live Casino' },
    ],
  },
  king: {
    id: 'king',
    title: 'King Casino',
    launch: 'bearer',
    colours: { background: '#3a1010', accent: '#ffb347' },
    games: [
      { code: 'dragon-tiger', name: 'Dragon Tiger', category: 'Card Games' },
      { code: 'lucky-7', name: 'Lucky 7', category: 'Card Games' },
    ],
  },
  mac: {
    id: 'mac',
    title: 'Mac Casino',
    launch: 'url',
    colours: { background: '#0d3326', accent: '#5ef2a0' },
    games: [
      { code: 'dice', name: 'Dice', category: 'Instant Games' },
      { code: 'lucky-7', name: 'Lucky 7', category: 'Card Games' },
    ],
  },
  udan: {
    id: 'udan',
    title: 'Udan Casino',
    launch: 'data',
    colours: { background: '#123640', accent: '#7fe3ff' },
    games: [
      { code: 'andar-bahar', name: 'Andar Bahar', category: 'Live Casino' },
      { code: 'teen-patti-2020', name: 'Teen Patti 20-20', category: 'Live Casino' },
      { code: 'dragon-tiger', name: 'Dragon Tiger', category: 'Card Games' },
    ],
  },
};

export function catalogueGame(provider: ProviderId, code: string): CatalogueGame | undefined {
  return PROVIDER_INFO[provider].games.find((g) => g.code === code);
}
