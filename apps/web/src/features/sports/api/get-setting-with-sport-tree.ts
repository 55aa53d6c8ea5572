import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type SettingWithSportTree } from '@backlay/contract';
import { TREE_MARKER_FAILURE_MS, TREE_MARKER_SUCCESS_MS } from '@/shared/config/constants';
import { call } from '@/shared/http/api';
import { storage } from '@/shared/storage/storage';
import { useLoadingStore } from '@/shared/stores/loading';

const MARKER = 'TreeSportWithEvent';

/**
 * The domain settings with the sport tree. Stores the tree, games, casino_is_empty and tv, and
 * keeps a loading marker (not on market pages) that lingers 1.5 s after success, 1 s after failure.
 */
export async function getSettingWithSportTree(): Promise<SettingWithSportTree> {
  const marked = !window.location.href.includes('markets');
  const loading = useLoadingStore.getState();
  if (marked) loading.addMarker(MARKER);
  try {
    const result = await call('getSettingWithSportTree', { query: { domain: window.location.hostname } });
    const events = [...result.events].sort((a, b) => a.order - b.order);
    storage.setJson(STORAGE_KEYS.treeSportWithEvent, events);
    storage.setJson(STORAGE_KEYS.games, result.games);
    storage.setFlag(STORAGE_KEYS.casinoIsEmpty, result.games.length === 0);
    storage.setJson(STORAGE_KEYS.tv, result.tv);
    if (marked) setTimeout(() => useLoadingStore.getState().removeMarker(MARKER), TREE_MARKER_SUCCESS_MS);
    return { ...result, events };
  } catch (error) {
    if (marked) setTimeout(() => useLoadingStore.getState().removeMarker(MARKER), TREE_MARKER_FAILURE_MS);
    throw error;
  }
}

export function sportTreeQueryOptions() {
  return queryOptions({
    queryKey: ['setting-with-sport-tree'],
    queryFn: getSettingWithSportTree,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useSportTree() {
  return useQuery(sportTreeQueryOptions());
}
