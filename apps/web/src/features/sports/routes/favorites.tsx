import { faStar } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { SearchResults } from '../components/SearchResults';
import { useListPricesFeed } from '../lib/list-prices';
import { useSportTabs } from '../lib/use-sport-tabs';
import { t } from '../i18n';

/** /favorites: the pinned events; a search text searches every sport, as on the other lists. */
export function FavoritesRoute() {
  const { tabs, query } = useSportTabs();
  const search = useUiStore((s) => s.searchText);
  useListPricesFeed('all');
  const pinned = tabs.flatMap((tab) => tab.events).filter((e) => e.pin);
  return (
    <section className="page">
      <PageHeader title={t('sports.fav.title')} />
      <SearchBox />
      {search.trim() !== '' ? (
        <SearchResults tabs={tabs} text={search} pending={query.isPending} />
      ) : pinned.length > 0 ? (
        <EventSection title={t('sports.fav.pinned')} events={pinned} />
      ) : (
        <EmptyState icon={faStar} title={t('sports.fav.none')}>
          {t('sports.fav.hint')}
        </EmptyState>
      )}
    </section>
  );
}

export default FavoritesRoute;
