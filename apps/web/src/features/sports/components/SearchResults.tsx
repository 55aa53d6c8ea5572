import { faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import { counted } from '@/shared/i18n';
import { useUiStore } from '@/shared/stores/ui';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { filterTabs, type SportTab } from '../lib/visibility';
import { EventSection } from './EventList';
import { t } from '../i18n';

/** "Cricket, Football and Tennis". */
function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return t('sports.search.list', { names: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });
}

/**
 * What the search box found: every event of every sport in the sport tree, in play and upcoming,
 * whatever page the box sits on; it says what was searched, and says so too when nothing matched.
 */
export function SearchResults({
  tabs,
  text,
  pending,
}: {
  /** Every visible sport with all its events (useSportTabs). */
  tabs: SportTab[];
  text: string;
  pending: boolean;
}) {
  const setText = useUiStore((s) => s.setSearchText);
  const needle = text.trim();
  if (pending) {
    return (
      <div className="card skeleton-list" aria-busy="true">
        <Spinner label={t('sports.search.searching')} />
      </div>
    );
  }
  const searched = tabs.filter((tab) => tab.events.length > 0);
  const total = searched.reduce((n, tab) => n + tab.events.length, 0);
  const sections = filterTabs(searched, needle).filter((tab) => tab.events.length > 0);
  const found = sections.reduce((n, tab) => n + tab.events.length, 0);
  const events = t('sports.search.scope', counted(total));
  const scope =
    searched.length > 0
      ? t('sports.search.scopeIn', { scope: events, sports: listOf(searched.map((s) => s.name)) })
      : events;
  const clear = (
    <button type="button" className="btn btn--outline" onClick={() => setText('')}>
      {t('sports.search.clear')}
    </button>
  );

  if (found === 0) {
    return (
      <div role="status">
        <EmptyState icon={faMagnifyingGlass} title={t('sports.search.none', { text: needle })} action={clear}>
          {t('sports.search.noneText', { scope })}
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <p className="search-summary" role="status">
        <strong>{t('sports.search.found', { ...counted(found), text: needle })}</strong>{' '}
        <span className="muted">{t('sports.search.of', { scope })}</span>
      </p>
      {sections.map((s) => (
        <EventSection key={s.id} sportId={s.id} title={s.name} events={s.events} />
      ))}
    </>
  );
}
