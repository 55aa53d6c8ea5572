import type { RouteKey, RouteResult, StorageKey } from '@backlay/contract';
import type { CallOptions } from './client';
import type * as RouteDefs from './route-defs';

/**
 * The HTTP client's front door. axios, zod and the contract's schemas load right after start-up
 * instead of on the critical path to the first paint; `preloadHttpClient` starts that download at
 * boot so the first call rarely waits. The libraries are evaluated a task before the client and
 * before any of the contract's schemas, and each feature's schemas load when a route of theirs is
 * first called (route-defs.ts), in tasks of their own: on a phone, one long task of the main thread
 * becomes several short ones. A failed load is tried again by the next call.
 */
/** A load run once and shared by every caller; forgotten when it fails, so the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/** zod and axios, and the route table's index (which file declares each route), side by side. */
const loadLibraries = once(() =>
  Promise.all([import('./libraries'), import('./route-defs')]).then(
    ([, routing]) => new Promise<typeof RouteDefs>((resolve) => setTimeout(() => resolve(routing), 0)),
  ),
);

const load = once(() => loadLibraries().then(() => import('./client')));

export function preloadHttpClient(): void {
  void load();
  void loadLibraries()
    .then((routing) => routing.preloadRouteDefs())
    .catch(() => undefined);
}

export async function call<K extends RouteKey>(
  key: K,
  options: CallOptions<K> = {},
): Promise<RouteResult<K>> {
  // The route's feature schemas are fetched beside the client, not after it.
  const [client] = await Promise.all([load(), loadLibraries().then((routing) => routing.routeDef(key))]);
  return client.call(key, options);
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
  await (await load()).storeAnswer(storageKey, key, result);
}

export async function readStoredAnswer<K extends RouteKey>(
  storageKey: StorageKey,
  key: K,
): Promise<RouteResult<K> | undefined> {
  return (await load()).readStoredAnswer(storageKey, key);
}
