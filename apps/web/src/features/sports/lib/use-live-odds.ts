import { useEffect, useState, useSyncExternalStore } from 'react';
import { ODDS_HUB_CODES, type ScoreCard } from '@backlay/contract';
import { call } from '@/shared/http/api';
import type { HubMessage, RealtimeConnection } from '@/shared/realtime/connection';
import { getRealtimeConnection } from '@/shared/realtime/registry';
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
    if (eventId == null) return;
    let disposed = false;
    let inflight: Promise<void> | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;
    let connection: RealtimeConnection | null = null;
    const detach: (() => void)[] = [];

    const hubUp = () => connection?.state === 'Connected';

    const fetchSnapshot = (): Promise<void> => {
      inflight ??= Promise.all([
        call('userOddsV2', { query: { eventId } }).then((odds) => {
          if (!disposed) book.applySnapshot(odds);
        }),
        call('scoreCard', { query: { eventId } }).then(
          (card) => {
            if (!disposed) setScoreCard(card);
          },
          // Not every event has a scorecard yet; the odds still show.
          () => undefined,
        ),
      ])
        .then(() => undefined)
        .catch((error: unknown) => console.warn('[odds] snapshot failed', error))
        .finally(() => {
          inflight = null;
        });
      return inflight;
    };

    const poll = async () => {
      pollTimer = null;
      attach();
      if (disposed || hubUp()) return;
      await fetchSnapshot();
      if (!disposed && !hubUp() && pollTimer === null)
        pollTimer = setTimeout(() => void poll(), POLL_DELAY_MS);
    };
    const startPolling = () => {
      setMode('polling');
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

    const join = () => {
      // The hub answers a join with a snapshot; until it comes the HTTP one stands.
      connection?.sendHeartbeat?.().catch((error: unknown) => console.warn('[odds] join failed', error));
    };

    // The realtime client loads after the first paint, so it may arrive after this page.
    function attach() {
      if (connection || disposed) return;
      connection = getRealtimeConnection();
      if (!connection) return;
      detach.push(connection.onMessage(onMessage));
      detach.push(
        connection.onStateChange((state) => {
          if (state === 'Connected') {
            stopPolling();
            setMode('live');
            join();
          } else if (state === 'Disconnected' || state === 'Reconnecting') {
            startPolling();
          }
        }),
      );
      if (hubUp()) {
        setMode('live');
        join();
      }
    }

    attach();
    void fetchSnapshot().then(() => {
      if (!disposed && !hubUp()) startPolling();
    });

    return () => {
      disposed = true;
      stopPolling();
      for (const off of detach) off();
      // Leave the group: the heartbeat reads GroupBy from the page now on screen.
      if (connection?.state === 'Connected') void connection.sendHeartbeat?.().catch(() => undefined);
    };
  }, [eventId, book]);

  return mode;
}
