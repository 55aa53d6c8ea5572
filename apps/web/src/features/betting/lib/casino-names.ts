import { STORAGE_KEYS } from '@backlay/contract';
import { storage } from '@/shared/storage/storage';

/** A casino provider's id as a name ("king" → "King"). */
export const providerName = (provider: string) => provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * A casino game's name from the list the sport tree stored (`games`, ids `{provider}-{code}` as our
 * server gives them); the provider's code when the list does not have it.
 */
export function gameName(provider: string, gameCode: string): string {
  const games = storage.getJson<{ id?: unknown; name?: unknown }[]>(STORAGE_KEYS.games);
  const found = Array.isArray(games) ? games.find((g) => g.id === `${provider}-${gameCode}`) : undefined;
  return typeof found?.name === 'string' ? found.name : gameCode;
}
