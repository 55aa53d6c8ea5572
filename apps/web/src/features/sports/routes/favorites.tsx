import { faStar } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { SearchResults } from '../components/SearchResults';
import { useListPricesFeed } from '../lib/list-prices';
import { useSportTabs } from '../lib/use-sport-tabs';

/** /favorites: the pinned events; a search text searches every sport, as on the other lists. */
export function FavoritesRoute() {
  const { tabs, query } = useSportTabs();
  const search = useUiStore((s) => s.searchText);
  useListPricesFeed('all');
  const pinned = tabs.flatMap((t) => t.events).filter((e) => e.pin);
  return (
    <section className="page">
      <PageHeader title="Favourites" />
      <SearchBox />
      {search.trim() !== '' ? (
        <SearchResults tabs={tabs} text={search} pending={query.isPending} />
      ) : pinned.length > 0 ? (
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
