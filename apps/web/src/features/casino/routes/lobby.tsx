import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { faDice, faMagnifyingGlass, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import type { CasinoProviderId } from '@backlay/contract';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { Icon } from '@/shared/ui/Icon';
import { useProviderLists } from '../api/get-casino-games';
import { CategoryTabs, categoryTabId } from '../components/CategoryTabs';
import { GameTile, TileSkeleton } from '../components/GameTile';
import { ProviderFilter } from '../components/ProviderFilter';
import {
  categoriesOf,
  filterGames,
  isProviderId,
  mergeProviders,
  providerName,
  type ProviderList,
} from '../lib/lobby';
import { withElements } from '@/shared/i18n';
import { t } from '../i18n';
import '../casino.css';

const PANEL_ID = 'casino-games';
/** Skeleton tiles: a screenful while nothing is listed, a row's worth after the listed games. */
const SKELETONS_ALONE = 8;
const SKELETONS_AFTER = 4;

/**
 * The lobby's filters live in the address (category, provider, q), replaced rather than pushed:
 * the game page's back button and a reload both find the lobby as it was left.
 */
function useLobbyFilters() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const providerParam = params.get('provider');
  const provider = isProviderId(providerParam) ? providerParam : null;
  const search = params.get('q') ?? '';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value == null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { category, provider, search, set };
}

const isDown = (l: ProviderList): l is Extract<ProviderList, { status: 'error' }> => l.status === 'error';

function UnavailableNotes({ lists, onRetry }: { lists: ProviderList[]; onRetry: () => void }) {
  const failed = lists.filter(isDown);
  if (failed.length === 0) return null;
  return (
    <div className="casino-notes" role="status">
      <ul>
        {failed.map((l) => (
          <li key={l.provider} id={`casino-unavailable-${l.provider}`}>
            {withElements((marks) => t('casino.lobby.unavailableNote', { ...marks, reason: l.reason }), {
              provider: <strong>{providerName(l.provider)}</strong>,
            })}
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onRetry}>
        {t('casino.tryAgain')}
      </button>
    </div>
  );
}

/** /lobby (and /casino, under its own title): every provider's games, filtered and searched. */
export function LobbyRoute({ title }: { title?: string }) {
  const { lists, retryFailed } = useProviderLists();
  const filters = useLobbyFilters();
  const location = useLocation();
  // The box follows the typing at once; the address (and so the grid) a beat behind.
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDeferredValue(searchText);
  useEffect(() => {
    if (search !== filters.search) filters.set({ q: search });
    // Only the typed text drives the address; the address drives the box only when it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const games = useMemo(() => mergeProviders(lists), [lists]);
  const categories = useMemo(() => categoriesOf(games), [games]);
  const category =
    filters.category != null && categories.includes(filters.category) ? filters.category : null;
  const shown = useMemo(
    () => filterGames(games, { category, provider: filters.provider, search }),
    [games, category, filters.provider, search],
  );

  const allFailed = lists.every((l) => l.status === 'error');
  const relevant = filters.provider == null ? lists : lists.filter((l) => l.provider === filters.provider);
  const loading = relevant.some((l) => l.status === 'pending');
  const selectedDown = filters.provider == null ? undefined : relevant.find(isDown);
  const filtered = category != null || filters.provider != null || search.trim() !== '';
  const from = location.pathname + location.search;
  const clearFilters = () => {
    setSearchText('');
    filters.set({ category: null, provider: null, q: null });
  };

  let body;
  if (allFailed) {
    body = (
      <EmptyState
        icon={faTriangleExclamation}
        title={t('casino.lobby.failed')}
        action={
          <button type="button" className="btn btn--outline" onClick={retryFailed}>
            {t('casino.tryAgain')}
          </button>
        }
      >
        {t('casino.lobby.failedText')}
      </EmptyState>
    );
  } else if (shown.length === 0 && !loading) {
    body = selectedDown ? (
      <EmptyState
        icon={faTriangleExclamation}
        title={t('casino.unavailable', { provider: providerName(selectedDown.provider) })}
      >
        {t('casino.lobby.otherProvider', { reason: selectedDown.reason.replace(/\.$/, '') })}
      </EmptyState>
    ) : filtered ? (
      <EmptyState
        icon={faMagnifyingGlass}
        title={t('casino.lobby.noMatch')}
        action={
          <button type="button" className="btn btn--outline" onClick={clearFilters}>
            {t('casino.lobby.showAll')}
          </button>
        }
      >
        {search.trim() !== ''
          ? t('casino.lobby.noneCalled', { search: search.trim() })
          : t('casino.lobby.noneListed')}
      </EmptyState>
    ) : (
      <EmptyState icon={faDice} title={t('casino.lobby.none')}>
        {t('casino.lobby.noneText')}
      </EmptyState>
    );
  } else {
    const skeletons = loading ? (shown.length === 0 ? SKELETONS_ALONE : SKELETONS_AFTER) : 0;
    body = (
      <ul className="casino-grid" aria-label={t('casino.lobby.games')} aria-busy={loading}>
        {shown.map((game) => (
          <GameTile key={game.id} game={game} from={from} />
        ))}
        {Array.from({ length: skeletons }, (_, i) => (
          <TileSkeleton key={`skeleton-${i}`} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page casino-lobby">
      <PageHeader title={title ?? t('casino.lobby.title')} />
      <div className="casino-toolbar">
        <label className="casino-search">
          <Icon icon={faMagnifyingGlass} />
          <span className="visually-hidden">{t('casino.lobby.search')}</span>
          <input
            type="search"
            className="casino-search__input"
            placeholder={t('casino.lobby.search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </label>
        <ProviderFilter
          lists={lists}
          selected={filters.provider}
          onSelect={(provider: CasinoProviderId | null) => filters.set({ provider })}
        />
      </div>
      {!allFailed && <UnavailableNotes lists={lists} onRetry={retryFailed} />}
      <CategoryTabs
        categories={categories}
        selected={category}
        onSelect={(c) => filters.set({ category: c })}
        panelId={PANEL_ID}
      />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={categoryTabId(category == null ? 0 : categories.indexOf(category) + 1)}
        className="casino-panel"
      >
        {loading && (
          <p className="visually-hidden" role="status">
            {t('casino.lobby.loading')}
          </p>
        )}
        {body}
      </div>
    </section>
  );
}
