import { faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { filterTabs, type SportTab } from '../lib/visibility';
import { EventSection } from './EventList';

/** "Cricket, Football and Tennis". */
function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * What the search box found: every event of every sport in the sport tree, in play and upcoming,
 * whatever page the box sits on; it says what was searched, and says so too when nothing matched.
 */
export function SearchResults({
  tabs,
  text,
  pending,
}: {
  /** Every visible sport with all its events (useSportTabs). */
  tabs: SportTab[];
  text: string;
  pending: boolean;
}) {
  const setText = useUiStore((s) => s.setSearchText);
  const needle = text.trim();
  if (pending) {
    return (
      <div className="card skeleton-list" aria-busy="true">
        <Spinner label="Searching events" />
      </div>
    );
  }
  const searched = tabs.filter((t) => t.events.length > 0);
  const total = searched.reduce((n, t) => n + t.events.length, 0);
  const sections = filterTabs(searched, needle).filter((t) => t.events.length > 0);
  const found = sections.reduce((n, t) => n + t.events.length, 0);
  const scope = `${total} in-play and upcoming ${total === 1 ? 'event' : 'events'}${
    searched.length > 0 ? ` in ${listOf(searched.map((t) => t.name))}` : ''
  }`;
  const clear = (
    <button type="button" className="btn btn--outline" onClick={() => setText('')}>
      Clear search
    </button>
  );

  if (found === 0) {
    return (
      <div role="status">
        <EmptyState icon={faMagnifyingGlass} title={`No events match "${needle}"`} action={clear}>
          Searched all {scope} by event, team, player and competition.
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <p className="search-summary" role="status">
        <strong>
          {found} {found === 1 ? 'event matches' : 'events match'} "{needle}"
        </strong>{' '}
        <span className="muted">of all {scope}.</span>
      </p>
      {sections.map((s) => (
        <EventSection key={s.id} sportId={s.id} title={s.name} events={s.events} />
      ))}
    </>
  );
}
