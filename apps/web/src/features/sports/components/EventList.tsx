import { Link } from 'react-router';
import { Icon } from '@/shared/ui/Icon';
import { faAngleRight, faStar } from '@fortawesome/free-solid-svg-icons';
import type { TreeEvent } from '@backlay/contract';
import { useUiStore } from '@/shared/stores/ui';
import { isLive } from '../lib/visibility';
import { sportIcon } from '../lib/sport-icons';
import { useLiveScores } from '../api/get-live-scores';
import '../styles/lists.css';

function startLabel(event: TreeEvent): string {
  if (isLive(event)) return 'Live';
  const date = new Date(event.startTime);
  if (Number.isNaN(date.getTime())) return event.matchDate;
  return date.toLocaleString('en-IN', { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

export function EventRow({ event, score }: { event: TreeEvent; score?: string | undefined }) {
  const togglePin = useUiStore((s) => s.togglePin);
  const pinned = useUiStore((s) => s.pins.includes(event.id));
  const live = isLive(event);
  return (
    <li className="event-row">
      <Link to={`/markets/${event.id}`} className="event-row__main">
        {live ? (
          <span className="event-row__time event-row__time--live">
            <span className="live-pill">Live</span>
          </span>
        ) : (
          <span className="event-row__time">{startLabel(event)}</span>
        )}
        <span className="event-row__title">
          {event.team1 && event.team2 ? (
            <>
              <span>{event.team1}</span>
              <span>{event.team2}</span>
            </>
          ) : (
            <span>{event.title}</span>
          )}
          {event.competition && <small className="muted">{event.competition}</small>}
          {live && score && <small className="event-row__score">{score}</small>}
        </span>
        <Icon icon={faAngleRight} className="event-row__chevron" />
      </Link>
      <button
        type="button"
        className={`pin ${pinned ? 'pin--on' : ''}`}
        aria-pressed={pinned}
        aria-label={pinned ? `Unpin ${event.title}` : `Pin ${event.title}`}
        onClick={() => togglePin(event.id)}
      >
        <Icon icon={faStar} />
      </button>
    </li>
  );
}

export function EventSection({
  title,
  events,
  sportId,
}: {
  title: string;
  events: TreeEvent[];
  sportId?: number;
}) {
  const scores = useLiveScores();
  if (events.length === 0) return null;
  return (
    <section className="event-section card">
      <h2 className="event-section__title">
        {sportId != null && <Icon icon={sportIcon(sportId)} />}
        <span>{title}</span>
        <span className="event-section__count">{events.length}</span>
      </h2>
      <ul className="event-list">
        {events.map((e) => (
          <EventRow key={e.id} event={e} score={scores.get(e.id)} />
        ))}
      </ul>
    </section>
  );
}
