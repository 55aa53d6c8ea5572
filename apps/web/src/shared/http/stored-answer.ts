import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteKey, StorageKey } from '@backlay/contract';
import { readStoredAnswer } from './api';

/**
 * Section 4: an answer kept in storage (storeAnswer) shows at reload until the fresh one arrives.
 * The stored copy is what the server sent, money in rupees, so it is parsed like an answer once
 * the HTTP client has loaded; it fills the query only while it has no data, and counts as stale,
 * so the query fetches at once. `queryKey` must be a constant.
 */
export function useStoredAnswer(
  queryKey: QueryKey,
  storageKey: StorageKey,
  key: RouteKey,
  enabled: boolean,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void readStoredAnswer(storageKey, key).then((stored) => {
      if (live && stored !== undefined && queryClient.getQueryData(queryKey) === undefined) {
        queryClient.setQueryData(queryKey, stored, { updatedAt: 0 });
      }
    });
    return () => {
      live = false;
    };
  }, [enabled, queryClient, queryKey, storageKey, key]);
}
