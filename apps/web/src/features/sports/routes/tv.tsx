import { faTv } from '@fortawesome/free-solid-svg-icons';
import { STORAGE_KEYS } from '@backlay/contract';
import { storage } from '@/shared/storage/storage';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

/** /tv: live streams of the events that have one (host-gated by the router). */
export function TvRoute() {
  const channels = storage.getJson<{ eventId: number; url: string }[]>(STORAGE_KEYS.tv) ?? [];
  return (
    <section className="page">
      <PageHeader title="Live TV" />
      {channels.length === 0 ? (
        <EmptyState icon={faTv} title="No streams right now">
          Live streams appear here while their matches are in play.
        </EmptyState>
      ) : (
        <ul className="card event-list">
          {channels.map((c) => (
            <li className="event-row" key={c.eventId}>
              <span className="event-row__title">Event {c.eventId}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default TvRoute;
