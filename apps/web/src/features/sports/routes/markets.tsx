import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { faTv, faWifi } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { useLiveScores } from '../api/get-live-scores';
import { EventStrip, scoreLine } from '../components/market/EventStrip';
import { MarketList } from '../components/market/MarketList';
import { ScoreBoard } from '../components/market/ScoreBoard';
import { useEventLive } from '../lib/use-odds';
import { useFirstSnapshotSettled, useLiveOdds, useScoreCard } from '../lib/use-live-odds';
import { useSportTabs } from '../lib/use-sport-tabs';
import { isLive } from '../lib/visibility';
import { t } from '../i18n';
import '../styles/markets.css';

/**
 * /markets/{eventid?}/{dreamid?}: the event's strip (score, first prices, one-click, jumps), its
 * scorecard (beside the strip from 720 px) and live markets.
 */
export function MarketsRoute() {
  const { eventid } = useParams();
  const eventId = eventid && /^\d+$/.test(eventid) ? Number(eventid) : null;
  const { tabs, query } = useSportTabs();
  const event = eventId == null ? undefined : tabs.flatMap((tab) => tab.events).find((e) => e.id === eventId);
  const mode = useLiveOdds(eventId);
  const live = useEventLive();
  const card = useScoreCard();
  // The markets mount in a background render React can slice and interrupt, not all at once.
  const settled = useDeferredValue(useFirstSnapshotSettled());
  const listedScores = useLiveScores();

  if (eventId == null) {
    return (
      <section className="page">
        <EmptyState
          icon={faTv}
          title={t('sports.markets.choose')}
          action={
            <Link to="/inplay" className="btn btn--outline">
              {t('sports.goInPlay')}
            </Link>
          }
        >
          {t('sports.markets.chooseText')}
        </EmptyState>
      </section>
    );
  }

  // Until the event list has come the page is one loading card; the header, the scorecard and the
  // markets then appear in place instead of pushing one another down the screen as each arrives.
  if (query.isPending) {
    return (
      <section className="page market-page">
        <div className="card skeleton-list" aria-busy="true">
          <Spinner label={t('sports.loadingMarkets')} />
        </div>
      </section>
    );
  }

  const title = event?.title ?? t('sports.event', { id: eventId });
  const score = live.score ?? (eventId == null ? undefined : listedScores.get(eventId));
  const inPlay = live.status ? live.status === 'IN_PLAY' : event ? isLive(event) : false;
  return (
    <section className="page market-page">
      <EventStrip
        eventId={eventId}
        title={title}
        event={event}
        inPlay={inPlay}
        score={scoreLine(settled ? card : null, score ?? null)}
        settled={settled}
      />
      {mode === 'polling' && (
        <div className="feed-banner" role="status">
          <Icon icon={faWifi} /> {t('sports.markets.polling')}
        </div>
      )}
      {settled ? (
        <>
          <ScoreBoard card={card} fallback={null} />
          <MarketList
            eventId={eventId}
            eventTitle={title}
            empty={
              mode === 'connecting' ? (
                <div className="card skeleton-list" aria-busy="true">
                  <Spinner label={t('sports.loadingMarkets')} />
                </div>
              ) : (
                <EmptyState icon={faTv} title={t('sports.markets.none')}>
                  {t('sports.markets.noneText')}
                </EmptyState>
              )
            }
          />
        </>
      ) : (
        // The scorecard and the markets appear together, in place of this card.
        <div className="card skeleton-list" aria-busy="true">
          <Spinner label={t('sports.loadingMarkets')} />
        </div>
      )}
    </section>
  );
}

export default MarketsRoute;
