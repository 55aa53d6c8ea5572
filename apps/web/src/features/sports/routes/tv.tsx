import { useState } from 'react';
import { Link } from 'react-router';
import { faTv } from '@fortawesome/free-solid-svg-icons';
import { STORAGE_KEYS } from '@backlay/contract';
import { safeLink } from '@/shared/http/sanitize';
import { storage } from '@/shared/storage/storage';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useSportTabs } from '../lib/use-sport-tabs';
import { isLive } from '../lib/visibility';
import { t } from '../i18n';
import '../styles/lists.css';

/** /tv (host-gated by the router): the stored streams, named after their events, one playing. */
export function TvRoute() {
  const { tabs } = useSportTabs();
  const events = new Map(tabs.flatMap((tab) => tab.events).map((e) => [e.id, e]));
  const channels = (storage.getJson<{ eventId: number; url: string }[]>(STORAGE_KEYS.tv) ?? []).filter(
    (c) => safeLink(c.url) !== '',
  );
  const [playing, setPlaying] = useState<number | null>(null);
  const current = channels.find((c) => c.eventId === playing);
  return (
    <section className="page">
      <PageHeader title={t('sports.tv.title')} />
      {channels.length === 0 ? (
        <EmptyState icon={faTv} title={t('sports.tv.none')}>
          {t('sports.tv.noneText')}
        </EmptyState>
      ) : (
        <>
          {current && (
            <div className="tv-player card">
              <iframe
                title={t('sports.tv.stream', {
                  title: events.get(current.eventId)?.title ?? t('sports.tv.event', { id: current.eventId }),
                })}
                src={safeLink(current.url)}
                allow="autoplay; fullscreen"
                sandbox="allow-scripts allow-same-origin allow-presentation"
              />
            </div>
          )}
          <ul className="card event-list">
            {channels.map((c) => {
              const event = events.get(c.eventId);
              return (
                <li className="event-row" key={c.eventId}>
                  <span className="event-row__main">
                    <span className="event-row__time">
                      {event && isLive(event) ? <span className="live-pill">{t('sports.live')}</span> : null}
                    </span>
                    <span className="event-row__title">
                      <span>{event?.title ?? t('sports.event', { id: c.eventId })}</span>
                      {event?.competition && <small className="muted">{event.competition}</small>}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn--outline"
                    aria-pressed={playing === c.eventId}
                    onClick={() => setPlaying(playing === c.eventId ? null : c.eventId)}
                  >
                    {playing === c.eventId ? t('sports.tv.stop') : t('sports.tv.watch')}
                  </button>
                  <Link to={`/markets/${c.eventId}`} className="btn btn--primary">
                    {t('sports.tv.markets')}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

export default TvRoute;
