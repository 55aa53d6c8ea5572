import { useDeferredValue, useEffect, useMemo } from 'react';
import { faTv } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { SearchResults } from '../components/SearchResults';
import { useListPricesFeed } from '../lib/list-prices';
import { useSportTabs } from '../lib/use-sport-tabs';
import { firstTwoPerSport, isLive } from '../lib/visibility';
import { t } from '../i18n';

/** What the app's first screen shows before its list: the list's place, loading. */
const FIRST_SCREEN = { tabs: [], pending: true };
let firstScreen = true;

/**
 * /inplay shows live events by sport; /index shows the two-events view of every sport, each with
 * its real count and a link to all its events. A search text searches every event of every sport,
 * live and upcoming, on either page.
 */
export function InPlayRoute({ mode = 'inplay' }: { mode?: 'inplay' | 'index' }) {
  const { tabs, query } = useSportTabs();
  const search = useUiStore((s) => s.searchText);
  // A search lists events of every sport, live and upcoming.
  useListPricesFeed(search.trim() !== '' || mode === 'index' ? 'all' : 'inplay');
  // The list mounts in a background render React can slice and interrupt, not in the one that
  // brought the events in: a phone's main thread is not held for the whole list at once.
  // On the app's first screen the list comes in a commit of its own, after the header, the
  // navigation and the sidebar: the browser's first layout of the app is then two tasks, not one
  // (115 ms at a phone's speed in Hindi). Later visits show their list in their first frame.
  const current = useMemo(() => ({ tabs, pending: query.isPending }), [tabs, query.isPending]);
  const shown = useDeferredValue(current, firstScreen ? FIRST_SCREEN : current);
  useEffect(() => {
    firstScreen = false;
  }, []);
  const sections =
    mode === 'inplay'
      ? shown.tabs.map((tab) => ({ ...tab, events: tab.events.filter(isLive) }))
      : firstTwoPerSport(shown.tabs);
  const any = sections.some((s) => s.events.length > 0);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-header__title">
          {mode === 'inplay' ? (
            <>
              <span className="live-dot" aria-hidden="true" /> {t('sports.inPlay')}
            </>
          ) : (
            t('sports.inplay.sports')
          )}
        </h1>
      </div>
      <SearchBox />
      {search.trim() !== '' ? (
        <SearchResults tabs={tabs} text={search} pending={query.isPending} />
      ) : shown.pending ? (
        <div className="card skeleton-list" aria-busy="true">
          <Spinner label={t('sports.inplay.loading')} />
        </div>
      ) : query.isError && !any ? (
        <EmptyState
          icon={faTv}
          title={t('sports.inplay.error')}
          action={
            <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
              {t('sports.tryAgain')}
            </button>
          }
        >
          {query.error.message}
        </EmptyState>
      ) : !any ? (
        <EmptyState
          icon={faTv}
          title={mode === 'inplay' ? t('sports.inplay.none') : t('sports.inplay.noneIndex')}
        >
          {t('sports.inplay.noneText')}
        </EmptyState>
      ) : (
        sections.map((s) => (
          <EventSection
            key={s.id}
            sportId={s.id}
            title={s.name}
            events={s.events}
            total={
              mode === 'index'
                ? (shown.tabs.find((tab) => tab.id === s.id)?.events.length ?? 0)
                : s.events.length
            }
            moreTo={mode === 'index' ? `/matchlist/${s.id}` : undefined}
          />
        ))
      )}
    </section>
  );
}

export const IndexRoute = () => <InPlayRoute mode="index" />;

export default InPlayRoute;
