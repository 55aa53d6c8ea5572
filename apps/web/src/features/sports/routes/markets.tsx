import { Link, useParams } from 'react-router';
import { faTv } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useSportTabs } from '../lib/use-sport-tabs';

/** /markets/{eventid?}/{dreamid?}: the event's markets; live odds come with the sports issue. */
export function MarketsRoute() {
  const { eventid } = useParams();
  const { tabs } = useSportTabs();
  const event = tabs.flatMap((t) => t.events).find((e) => String(e.id) === eventid);
  return (
    <section className="page">
      <PageHeader title={event?.title ?? 'Markets'} />
      <EmptyState
        icon={faTv}
        title={event ? 'Markets for this event are not open yet' : 'Choose an event'}
        action={
          <Link to="/inplay" className="btn btn--outline">
            Back to In-Play
          </Link>
        }
      >
        {event
          ? 'Match odds, bookmaker, fancy and toss markets will show here with live prices.'
          : 'Pick a match from In-Play or a sport tab to see its markets.'}
      </EmptyState>
    </section>
  );
}

export default MarketsRoute;
