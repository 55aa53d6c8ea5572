import { Link } from 'react-router';
import { Icon } from '@/shared/ui/Icon';
import { faAngleRight, faStar } from '@fortawesome/free-solid-svg-icons';
import { SPORT_IDS, type TreeEvent } from '@backlay/contract';
import { formatDateTime } from '@/shared/lib/date';
import { counted } from '@/shared/i18n';
import { useUiStore } from '@/shared/stores/ui';
import { isLive } from '../lib/visibility';
import { sportIcon } from '../lib/sport-icons';
import { useLiveScores } from '../api/get-live-scores';
import { ListPriceCells, ListPriceHeads } from './ListPriceCells';
import { t } from '../i18n';
import '../styles/lists.css';

/** When an event starts, written as every date on the site is (shared/lib/date.ts). */
export function startLabel(event: TreeEvent): string {
  if (isLive(event)) return t('sports.live');
  return Number.isNaN(Date.parse(event.startTime)) ? event.matchDate : formatDateTime(event.startTime);
}

/**
 * One event: its time (or Live) and teams with the live score on one line, then the best back and
 * lay of its match odds (1 X 2) to tap straight into the betslip; beside the teams from 720 px.
 */
export function EventRow({ event, score }: { event: TreeEvent; score?: string | undefined }) {
  const togglePin = useUiStore((s) => s.togglePin);
  const pinned = useUiStore((s) => s.pins.includes(event.id));
  const live = isLive(event);
  // A race is a win market of many runners: no 1 X 2 to show.
  const priced = event.sportId !== SPORT_IDS.horseRacing;
  return (
    <li className={`event-row${priced ? ' event-row--priced' : ''}`}>
      <Link to={`/markets/${event.id}`} className="event-row__main">
        {live ? (
          <span className="event-row__time event-row__time--live">
            <span className="live-pill">{t('sports.live')}</span>
          </span>
        ) : (
          <time className="event-row__time" dateTime={event.startTime}>
            {startLabel(event)}
          </time>
        )}
        <span className="event-row__title">
          {event.team1 && event.team2 ? (
            <span className="event-row__teams">
              <span>{event.team1}</span>
              <span className="event-row__vs"> {t('sports.vs')} </span>
              <span>{event.team2}</span>
            </span>
          ) : (
            <span className="event-row__teams">{event.title}</span>
          )}
          {event.competition && <small className="event-row__competition muted">{event.competition}</small>}
        </span>
        {live && score && <small className="event-row__score">{score}</small>}
        <Icon icon={faAngleRight} className="event-row__chevron" />
      </Link>
      {priced && <ListPriceCells eventId={event.id} eventTitle={event.title} />}
      <button
        type="button"
        className={`pin ${pinned ? 'pin--on' : ''}`}
        aria-pressed={pinned}
        aria-label={t(pinned ? 'sports.unpin' : 'sports.pin', { title: event.title })}
        onClick={() => togglePin(event.id)}
      >
        <Icon icon={faStar} />
      </button>
    </li>
  );
}

/**
 * A sport's events under its name. `total` is how many the sport has when only some are listed
 * (the two-events view): the count shows it, and `moreTo` links to them all.
 */
export function EventSection({
  title,
  events,
  sportId,
  total = events.length,
  moreTo,
}: {
  title: string;
  events: TreeEvent[];
  sportId?: number;
  total?: number;
  moreTo?: string;
}) {
  const scores = useLiveScores();
  if (events.length === 0) return null;
  const more = moreTo != null && total > events.length;
  return (
    <section className="event-section card">
      <h2 className="event-section__title">
        {sportId != null && <Icon icon={sportIcon(sportId)} />}
        <span>{title}</span>
        <span className="event-section__count" aria-label={t('sports.list.count', counted(total))}>
          {total}
        </span>
        {sportId !== SPORT_IDS.horseRacing && <ListPriceHeads />}
      </h2>
      <ul className="event-list">
        {events.map((e) => (
          <EventRow key={e.id} event={e} score={scores.get(e.id)} />
        ))}
      </ul>
      {more && (
        <Link to={moreTo} className="event-section__more">
          {t('sports.list.all', { count: total, sport: title })} <Icon icon={faAngleRight} />
        </Link>
      )}
    </section>
  );
}
