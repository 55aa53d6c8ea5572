import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { CASINO_PROVIDERS, type CasinoCategory, type CasinoProviderId } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { AppError } from '@/shared/http/errors';
import type { ProviderList } from '../lib/lobby';
import { t } from '../i18n';

export const CASINO_GAMES = ['casino-games'] as const;

/** One provider's games by category: international has its own path, the others share one. */
export function getProviderGames(
  provider: CasinoProviderId,
  signal?: AbortSignal,
): Promise<CasinoCategory[]> {
  return provider === 'international'
    ? call('getInternationalGames', { signal: signal ?? null })
    : call('getCasinoGames', { query: { provider }, signal: signal ?? null });
}

/** The provider said it cannot list its games: asking again at once will not change that. */
function isProviderDown(error: unknown): boolean {
  return error instanceof AppError && error.code === 'CASINO_PROVIDER_UNAVAILABLE';
}

export function providerGamesQueryOptions(provider: CasinoProviderId) {
  return queryOptions({
    queryKey: [...CASINO_GAMES, provider],
    queryFn: ({ signal }) => getProviderGames(provider, signal),
    // The server keeps each provider's list for 60 s.
    staleTime: 60_000,
    // One more try for a network blip or a 5xx; none for a 4xx, an abort or a provider that is down,
    // so the lobby says at once that it is unavailable and shows the others.
    retry: (count, error) =>
      count < 1 &&
      !isProviderDown(error) &&
      !(error instanceof AppError && (error.aborted || (error.status != null && error.status < 500))),
  });
}

/** Why a provider's list is missing, in a few words for its chip. */
export function unavailableReason(error: unknown): string {
  if (isProviderDown(error)) return t('casino.reason.down');
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return t('casino.reason.failed');
}

type ListResult = Pick<UseQueryResult<CasinoCategory[]>, 'data' | 'isError' | 'error' | 'refetch'>;

/** The lists as the lobby reads them; a module function, so TanStack reruns it only on a change. */
function combineLists(results: ListResult[]) {
  return {
    lists: results.map((r, i): ProviderList => {
      const provider = CASINO_PROVIDERS[i] as CasinoProviderId;
      if (r.data !== undefined) return { provider, status: 'success', categories: r.data };
      if (r.isError) return { provider, status: 'error', reason: unavailableReason(r.error) };
      return { provider, status: 'pending' };
    }),
    retryFailed: () => {
      for (const r of results) if (r.isError) void r.refetch();
    },
  };
}

/** Every provider's list, asked for in parallel (one query each); each settles on its own. */
export function useProviderLists(): { lists: ProviderList[]; retryFailed: () => void } {
  return useQueries({
    queries: CASINO_PROVIDERS.map((provider) => providerGamesQueryOptions(provider)),
    combine: combineLists,
  });
}
