import { useParams } from 'react-router';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { SearchResults } from '../components/SearchResults';
import { useListPricesFeed } from '../lib/list-prices';
import { sportName } from '../lib/sport-names';
import { useSportTabs } from '../lib/use-sport-tabs';
import { t } from '../i18n';

/** /matchlist/{id}: every event of one sport, live first; a search text searches every sport. */
export function MatchListRoute() {
  const { id } = useParams();
  const sportId = Number(id);
  const { tabs, query } = useSportTabs();
  const search = useUiStore((s) => s.searchText);
  const tab = tabs.find((s) => s.id === sportId);
  useListPricesFeed(search.trim() !== '' ? 'all' : Number.isInteger(sportId) ? `sport-${sportId}` : null);
  const name = tab?.name ?? sportName(sportId) ?? t('sports.sport.other');
  return (
    <section className="page">
      <PageHeader title={name} />
      <SearchBox />
      {search.trim() !== '' ? (
        <SearchResults tabs={tabs} text={search} pending={query.isPending} />
      ) : query.isPending ? (
        <Spinner />
      ) : tab && tab.events.length > 0 ? (
        <EventSection
          sportId={sportId}
          title={t('sports.matchlist.events', { sport: name })}
          events={tab.events}
        />
      ) : (
        <EmptyState icon={faList} title={t('sports.matchlist.none', { sport: name.toLowerCase() })}>
          {t('sports.matchlist.noneText')}
        </EmptyState>
      )}
    </section>
  );
}

export default MatchListRoute;
