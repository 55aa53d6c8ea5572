import { useParams } from 'react-router';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { SPORT_NAMES, type SportId } from '@backlay/contract';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { SearchResults } from '../components/SearchResults';
import { useListPricesFeed } from '../lib/list-prices';
import { useSportTabs } from '../lib/use-sport-tabs';

/** /matchlist/{id}: every event of one sport, live first; a search text searches every sport. */
export function MatchListRoute() {
  const { id } = useParams();
  const sportId = Number(id);
  const { tabs, query } = useSportTabs();
  const search = useUiStore((s) => s.searchText);
  const tab = tabs.find((t) => t.id === sportId);
  useListPricesFeed(search.trim() !== '' ? 'all' : Number.isInteger(sportId) ? `sport-${sportId}` : null);
  const name = tab?.name ?? SPORT_NAMES[sportId as SportId] ?? 'Sport';
  return (
    <section className="page">
      <PageHeader title={name} />
      <SearchBox />
      {search.trim() !== '' ? (
        <SearchResults tabs={tabs} text={search} pending={query.isPending} />
      ) : query.isPending ? (
        <Spinner />
      ) : tab && tab.events.length > 0 ? (
        <EventSection sportId={sportId} title={`${name} events`} events={tab.events} />
      ) : (
        <EmptyState icon={faList} title={`No ${name.toLowerCase()} events right now`}>
          Upcoming fixtures are listed here as soon as markets open.
        </EmptyState>
      )}
    </section>
  );
}

export default MatchListRoute;
