import { useEffect, useSyncExternalStore } from 'react';
import type { EventPrices } from '@backlay/contract';
import { call } from '@/shared/http/api';
import type { HubMessage } from '@/shared/realtime/connection';
import { pageHub } from '@/shared/realtime/page-hub';
import { priceListOfPath } from './hub-group-by';

type Listener = () => void;

/**
 * The best match-odds prices of the events on the lists, by event. A row renders again only when
 * its own event's prices change; of two copies of an event's prices the one with the higher odds
 * version stands (an HTTP answer that raced a push is not allowed to wind prices back).
 */
export class ListPriceStore {
  private readonly rows = new Map<number, EventPrices>();
  private readonly listeners = new Map<number, Set<Listener>>();

  get(eventId: number): EventPrices | undefined {
    return this.rows.get(eventId);
  }

  subscribe(eventId: number, listener: Listener): () => void {
    const set = this.listeners.get(eventId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(eventId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(eventId);
    };
  }

  apply(prices: readonly EventPrices[], removed: readonly number[] = []): void {
    const changed: number[] = [];
    for (const row of prices) {
      const held = this.rows.get(row.eventId);
      if (held && held.version > row.version) continue;
      this.rows.set(row.eventId, row);
      changed.push(row.eventId);
    }
    for (const eventId of removed) if (this.rows.delete(eventId)) changed.push(eventId);
    for (const eventId of changed) for (const l of [...(this.listeners.get(eventId) ?? [])]) l();
  }
}

export const listPriceStore = new ListPriceStore();

export function useEventPrices(
  eventId: number,
  store: ListPriceStore = listPriceStore,
): EventPrices | undefined {
  return useSyncExternalStore(
    (l) => store.subscribe(eventId, l),
    () => store.get(eventId),
  );
}

/** While the hub is down (or not loaded yet), the list asks again this often. */
export const LIST_POLL_MS = 5000;

/**
 * Keeps a list's prices live: Odds/GetListPrices at once, then the hub's ListPrices pushes once
 * the page has joined its list's group (the heartbeat's GroupBy, hub-group-by.ts); while the hub
 * is not connected the list asks again every LIST_POLL_MS.
 */
export function useListPricesFeed(list: string | null, store: ListPriceStore = listPriceStore): void {
  useEffect(() => {
    if (list == null) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The hub pushes the list of the page's path (its GroupBy); another list (a search's) is polled.
    const pushed = priceListOfPath(window.location.pathname) === list;
    const hubUp = () => pushed && hub.connection?.state === 'Connected';

    const fetchNow = () =>
      call('listPrices', { query: { list } })
        .then((answer) => {
          if (!disposed) store.apply(answer.prices);
        })
        .catch((error: unknown) => console.warn('[prices] list prices failed', error));

    const poll = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        attach();
        if (disposed || hubUp()) return;
        void fetchNow().finally(() => {
          if (!disposed && !hubUp()) poll();
        });
      }, LIST_POLL_MS);
    };

    const join = () => void hub.join('prices');
    const hub = pageHub({
      onMessage: (message: HubMessage) => {
        if (message.Code !== 'ListPrices' || message.Data.list !== list) return;
        store.apply(message.Data.prices, message.Data.removed);
      },
      // Joining is answered with the whole list, so changes lost while away are made good.
      onConnected: () => {
        if (pushed) join();
      },
      onDropped: () => poll(),
    });
    function attach() {
      if (hub.attach() && hubUp()) join();
    }

    void fetchNow();
    attach();
    poll();
    return () => {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      hub.close();
    };
  }, [list, store]);
}
