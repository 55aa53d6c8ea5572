import { faStar } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { useSportTabs } from '../lib/use-sport-tabs';

/** /favorites: the pinned events. */
export function FavoritesRoute() {
  const { tabs } = useSportTabs();
  const pinned = tabs.flatMap((t) => t.events).filter((e) => e.pin);
  return (
    <section className="page">
      <PageHeader title="Favourites" />
      <SearchBox />
      {pinned.length > 0 ? (
        <EventSection title="Pinned events" events={pinned} />
      ) : (
        <EmptyState icon={faStar} title="No favourites yet">
          Tap the star beside any event to pin it here.
        </EmptyState>
      )}
    </section>
  );
}

export default FavoritesRoute;
