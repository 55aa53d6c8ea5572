import { useEffect, useState, useSyncExternalStore } from 'react';
import { ODDS_HUB_CODES, type ScoreCard } from '@backlay/contract';
import { call } from '@/shared/http/api';
import type { HubMessage } from '@/shared/realtime/connection';
import { pageHub } from '@/shared/realtime/page-hub';
import { oddsBook, type OddsBook } from './odds-book';

/** 'live': pushed over the hub; 'polling': the hub is down and the page asks every second. */
export type FeedMode = 'connecting' | 'live' | 'polling';

export const POLL_DELAY_MS = 1000;

let scoreCard: ScoreCard | null = null;
const scoreListeners = new Set<() => void>();
function setScoreCard(next: ScoreCard | null) {
  scoreCard = next;
  for (const l of [...scoreListeners]) l();
}
/**
 * Whether the page's first snapshot (its markets and scorecard together) has settled. Until then
 * the page shows one loading card, not a markets area that the scorecard would push down.
 */
let firstSnapshot = false;
const firstSnapshotListeners = new Set<() => void>();
function setFirstSnapshot(settled: boolean) {
  if (firstSnapshot === settled) return;
  firstSnapshot = settled;
  for (const l of [...firstSnapshotListeners]) l();
}
export function useFirstSnapshotSettled(): boolean {
  return useSyncExternalStore(
    (l) => {
      firstSnapshotListeners.add(l);
      return () => firstSnapshotListeners.delete(l);
    },
    () => firstSnapshot,
  );
}

export function useScoreCard(): ScoreCard | null {
  return useSyncExternalStore(
    (l) => {
      scoreListeners.add(l);
      return () => scoreListeners.delete(l);
    },
    () => scoreCard,
  );
}

/**
 * Keeps the book of an event page live: a first snapshot over HTTP, then the hub's snapshots and
 * versioned changes once the page has joined the event's group (heartbeat GroupBy = event id). A
 * change that does not follow the held version fetches a fresh snapshot. While the hub is not
 * connected the page polls Odds/GetUserOddsV2 one second after each answer.
 */
export function useLiveOdds(eventId: number | null, book: OddsBook = oddsBook): FeedMode {
  const [mode, setMode] = useState<FeedMode>('connecting');

  useEffect(() => {
    book.reset(eventId);
    setScoreCard(null);
    setFirstSnapshot(false);
    if (eventId == null) return;
    let disposed = false;
    let inflight: Promise<void> | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;

    const hubUp = () => hub.connection?.state === 'Connected';

    const fetchSnapshot = (): Promise<void> => {
      inflight ??= Promise.all([
        call('userOddsV2', { query: { eventId } }),
        // Not every event has a scorecard yet; the odds still show.
        call('scoreCard', { query: { eventId } }).catch(() => undefined),
      ])
        .then(([odds, card]) => {
          if (disposed) return;
          // Shown together: a scorecard coming after the markets would push them down the screen.
          book.applySnapshot(odds);
          if (card !== undefined) setScoreCard(card);
        })
        .catch((error: unknown) => console.warn('[odds] snapshot failed', error))
        .finally(() => {
          inflight = null;
        });
      return inflight;
    };

    // Polling says so (the banner above the markets) only while the hub is down, not while the
    // realtime client is still loading or connecting for the first time: the banner would come
    // and go as the page loads, moving the markets twice.
    const hubComingUp = () => hub.connection == null || hub.connection.state === 'Connecting';
    const poll = async () => {
      pollTimer = null;
      attach();
      if (disposed || hubUp()) return;
      if (!hubComingUp()) setMode('polling');
      await fetchSnapshot();
      if (!disposed && !hubUp() && pollTimer === null)
        pollTimer = setTimeout(() => void poll(), POLL_DELAY_MS);
    };
    const startPolling = () => {
      if (!hubComingUp()) setMode('polling');
      if (pollTimer === null && !inflight) pollTimer = setTimeout(() => void poll(), POLL_DELAY_MS);
    };
    const stopPolling = () => {
      if (pollTimer !== null) clearTimeout(pollTimer);
      pollTimer = null;
    };

    // Pushes arrive parsed with the contract's ServerPush (shared/realtime drops malformed ones).
    const onMessage = (message: HubMessage) => {
      if (message.Code === ODDS_HUB_CODES.change) {
        if (message.Data.eventId !== eventId) return;
        if (book.applyChange(message.Data) === 'gap') void fetchSnapshot();
      } else if (message.Code === ODDS_HUB_CODES.snapshot) {
        if (message.Data.odds.eventId === eventId) book.applySnapshot(message.Data.odds);
      } else if (message.Code === ODDS_HUB_CODES.scoreCard) {
        if (message.Data.scoreCard.eventId === eventId) setScoreCard(message.Data.scoreCard);
      }
    };

    // The page joins the event's group once its first snapshot is on screen: the hub's snapshot
    // coming first would show the markets, and the scorecard arriving after would push them down.
    let shown = false;
    let whenShown: Promise<void> = Promise.resolve();
    const join = () => {
      // The hub answers a join with a snapshot; until it comes the HTTP one stands.
      const send = () => hub.join('odds');
      if (shown) void send();
      else
        void whenShown.then(() => {
          if (!disposed) void send();
        });
    };

    const hub = pageHub({
      onMessage,
      onConnected: () => {
        stopPolling();
        setMode('live');
        join();
      },
      onDropped: startPolling,
    });
    function attach() {
      if (hub.attach() && hubUp()) {
        setMode('live');
        join();
      }
    }

    whenShown = fetchSnapshot().then(() => {
      shown = true;
      if (!disposed) setFirstSnapshot(true);
    });
    attach();
    void whenShown.then(() => {
      if (!disposed && !hubUp()) startPolling();
    });

    return () => {
      disposed = true;
      stopPolling();
      hub.close();
    };
  }, [eventId, book]);

  return mode;
}
