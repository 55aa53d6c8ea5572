import { useEffect } from 'react';
import { faTv } from '@fortawesome/free-solid-svg-icons';
import { useLayoutStore } from '@/shared/stores/layout';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { EventSection } from '../components/EventList';
import { SearchBox } from '../components/SearchBox';
import { useSportTabs } from '../lib/use-sport-tabs';
import { firstTwoPerSport, isLive } from '../lib/visibility';

/**
 * /inplay shows live events by sport; /index shows the two-events view of every sport. The
 * search text narrows both.
 */
export function InPlayRoute({ mode = 'inplay' }: { mode?: 'inplay' | 'index' }) {
  const { tabs, query } = useSportTabs();
  const setFlags = useLayoutStore((s) => s.setFlags);
  useEffect(() => {
    setFlags({ sliderHeader: true });
    return () => setFlags({ sliderHeader: false });
  }, [setFlags]);

  const sections =
    mode === 'inplay' ? tabs.map((t) => ({ ...t, events: t.events.filter(isLive) })) : firstTwoPerSport(tabs);
  const any = sections.some((s) => s.events.length > 0);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-header__title">
          {mode === 'inplay' ? (
            <>
              <span className="live-dot" aria-hidden="true" /> In-Play
            </>
          ) : (
            'Sports'
          )}
        </h1>
      </div>
      <SearchBox />
      {query.isPending ? (
        <div className="card skeleton-list" aria-busy="true">
          <Spinner label="Loading events" />
        </div>
      ) : query.isError && !any ? (
        <EmptyState
          icon={faTv}
          title="Events could not be loaded"
          action={
            <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
              Try again
            </button>
          }
        >
          {query.error.message}
        </EmptyState>
      ) : !any ? (
        <EmptyState
          icon={faTv}
          title={mode === 'inplay' ? 'Nothing is in play right now' : 'No events scheduled'}
        >
          Live matches appear here the moment they start. Check back shortly.
        </EmptyState>
      ) : (
        sections.map((s) => <EventSection key={s.id} sportId={s.id} title={s.name} events={s.events} />)
      )}
    </section>
  );
}

export const IndexRoute = () => <InPlayRoute mode="index" />;

export default InPlayRoute;
