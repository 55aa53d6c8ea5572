import { REQUEST_DONE_LINGER_MS, REQUEST_ERROR_LINGER_MS } from '../config/constants';
import { useLoadingStore } from '../stores/loading';

/**
 * Tracks every pending request with its AbortController, so inactivity, a hidden tab and
 * unload can abort them all, and the loading indicator knows when anything is in flight.
 */
let nextId = 1;
const controllers = new Map<number, AbortController>();

export interface TrackedRequest {
  id: number;
  signal: AbortSignal;
}

export function trackRequest(url: string, external?: AbortSignal | null): TrackedRequest {
  const id = nextId++;
  const controller = new AbortController();
  if (external) {
    if (external.aborted) controller.abort();
    else external.addEventListener('abort', () => controller.abort(), { once: true });
  }
  controllers.set(id, controller);
  useLoadingStore.getState().addRequest(id, url);
  return { id, signal: controller.signal };
}

export function finishRequest(id: number, ok: boolean): void {
  controllers.delete(id);
  const linger = ok ? REQUEST_DONE_LINGER_MS : REQUEST_ERROR_LINGER_MS;
  setTimeout(() => useLoadingStore.getState().removeRequest(id), linger);
}

export function pendingRequestCount(): number {
  return controllers.size;
}

/** Aborts every request still in flight; each then fails with 'Request aborted'. */
export function abortPendingRequests(): number {
  const count = controllers.size;
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  return count;
}
