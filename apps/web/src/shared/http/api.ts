import type { RouteKey, RouteResult, StorageKey } from '@backlay/contract';
import type * as Client from './client';
import type { CallOptions } from './client';

/**
 * The HTTP client's front door. axios, zod and the contract's schemas load right after start-up
 * instead of on the critical path to the first paint; `preloadHttpClient` starts that download at
 * boot so the first call rarely waits. The libraries are evaluated a task before the contract's
 * schemas and the client (vite.config.ts keeps them in chunks apart): on a phone, one long task
 * of the main thread becomes two shorter ones. A failed load is tried again by the next call.
 */
let loading: Promise<typeof Client> | null = null;
const load = () =>
  (loading ??= import('./libraries')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./client'))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    }));

export function preloadHttpClient(): void {
  void load();
}

export async function call<K extends RouteKey>(
  key: K,
  options: CallOptions<K> = {},
): Promise<RouteResult<K>> {
  return (await load()).call(key, options);
}

export async function getExternal(url: string, signal?: AbortSignal): Promise<unknown> {
  return (await load()).getExternal(url, signal);
}

/**
 * A route's answer kept in storage as the server sent it (money in rupees), and read back parsed
 * (money in paise). Both need the contract's schemas, so they wait for the client chunk.
 */
export async function storeAnswer<K extends RouteKey>(
  storageKey: StorageKey,
  key: K,
  result: RouteResult<K>,
): Promise<void> {
  (await load()).storeAnswer(storageKey, key, result);
}

export async function readStoredAnswer<K extends RouteKey>(
  storageKey: StorageKey,
  key: K,
): Promise<RouteResult<K> | undefined> {
  return (await load()).readStoredAnswer(storageKey, key);
}
