import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { faStar, faTv, faWifi } from '@fortawesome/free-solid-svg-icons';
import { formatDateTime } from '@/shared/lib/date';
import { useUiStore } from '@/shared/stores/ui';
import { Icon } from '@/shared/ui/Icon';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { useLiveScores } from '../api/get-live-scores';
import { MarketList } from '../components/market/MarketList';
import { ScoreBoard } from '../components/market/ScoreBoard';
import { useEventLive } from '../lib/use-odds';
import { useFirstSnapshotSettled, useLiveOdds, useScoreCard } from '../lib/use-live-odds';
import { useSportTabs } from '../lib/use-sport-tabs';
import { isLive } from '../lib/visibility';
import '../styles/markets.css';

/** /markets/{eventid?}/{dreamid?}: the event's scorecard and live markets. */
export function MarketsRoute() {
  const { eventid } = useParams();
  const eventId = eventid && /^\d+$/.test(eventid) ? Number(eventid) : null;
  const { tabs, query } = useSportTabs();
  const event = eventId == null ? undefined : tabs.flatMap((t) => t.events).find((e) => e.id === eventId);
  const mode = useLiveOdds(eventId);
  const live = useEventLive();
  const card = useScoreCard();
  // The markets mount in a background render React can slice and interrupt, not all at once.
  const settled = useDeferredValue(useFirstSnapshotSettled());
  const listedScores = useLiveScores();
  const pinned = useUiStore((s) => eventId != null && s.pins.includes(eventId));
  const togglePin = useUiStore((s) => s.togglePin);

  if (eventId == null) {
    return (
      <section className="page">
        <EmptyState
          icon={faTv}
          title="Choose an event"
          action={
            <Link to="/inplay" className="btn btn--outline">
              Go to In-Play
            </Link>
          }
        >
          Pick a match from In-Play or a sport tab to see its markets.
        </EmptyState>
      </section>
    );
  }

  // Until the event list has come the page is one loading card; the header, the scorecard and the
  // markets then appear in place instead of pushing one another down the screen as each arrives.
  if (query.isPending) {
    return (
      <section className="page market-page">
        <div className="card skeleton-list" aria-busy="true">
          <Spinner label="Loading markets" />
        </div>
      </section>
    );
  }

  const title = event?.title ?? `Event ${eventId}`;
  const score = live.score ?? (eventId == null ? undefined : listedScores.get(eventId));
  const inPlay = live.status ? live.status === 'IN_PLAY' : event ? isLive(event) : false;
  return (
    <section className="page market-page">
      <header className="event-head card">
        <div className="event-head__main">
          <span className="event-head__sport muted">
            {event?.sportName}
            {event?.competition ? ` · ${event.competition}` : ''}
          </span>
          <h1 className="event-head__title">{title}</h1>
          <span className="event-head__when">
            {inPlay ? (
              <span className="live-pill">In-Play</span>
            ) : event ? (
              <time dateTime={event.startTime}>{formatDateTime(event.startTime)}</time>
            ) : null}
            {score && <span className="event-head__score">{score}</span>}
          </span>
        </div>
        <button
          type="button"
          className={`pin ${pinned ? 'pin--on' : ''}`}
          aria-pressed={pinned}
          aria-label={pinned ? `Unpin ${title}` : `Pin ${title}`}
          onClick={() => togglePin(eventId)}
        >
          <Icon icon={faStar} />
        </button>
      </header>
      {mode === 'polling' && (
        <div className="feed-banner" role="status">
          <Icon icon={faWifi} /> Reconnecting to live prices… refreshing every second.
        </div>
      )}
      {settled ? (
        <>
          <ScoreBoard card={card} fallback={null} />
          <MarketList
            eventId={eventId}
            eventTitle={title}
            empty={
              mode === 'connecting' ? (
                <div className="card skeleton-list" aria-busy="true">
                  <Spinner label="Loading markets" />
                </div>
              ) : (
                <EmptyState icon={faTv} title="No open markets">
                  Markets for this event are closed or not open yet.
                </EmptyState>
              )
            }
          />
        </>
      ) : (
        // The scorecard and the markets appear together, in place of this card.
        <div className="card skeleton-list" aria-busy="true">
          <Spinner label="Loading markets" />
        </div>
      )}
    </section>
  );
}

export default MarketsRoute;
