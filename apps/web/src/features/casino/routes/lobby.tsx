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
  PROVIDER_NAMES,
  categoriesOf,
  filterGames,
  isProviderId,
  mergeProviders,
  type ProviderList,
} from '../lib/lobby';
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
            <strong>{PROVIDER_NAMES[l.provider]}</strong> is unavailable: {l.reason}
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** /lobby (and /casino, under its own title): every provider's games, filtered and searched. */
export function LobbyRoute({ title = 'Casino Lobby' }: { title?: string }) {
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
        title="The casino games could not be loaded"
        action={
          <button type="button" className="btn btn--outline" onClick={retryFailed}>
            Try again
          </button>
        }
      >
        None of our game providers answered. Check your connection and try again.
      </EmptyState>
    );
  } else if (shown.length === 0 && !loading) {
    body = selectedDown ? (
      <EmptyState
        icon={faTriangleExclamation}
        title={`${PROVIDER_NAMES[selectedDown.provider]} is unavailable`}
      >
        {selectedDown.reason.replace(/\.$/, '')}. Choose another provider.
      </EmptyState>
    ) : filtered ? (
      <EmptyState
        icon={faMagnifyingGlass}
        title="No games match"
        action={
          <button type="button" className="btn btn--outline" onClick={clearFilters}>
            Show all games
          </button>
        }
      >
        {search.trim() !== '' ? `Nothing is called "${search.trim()}" here.` : 'Nothing is listed here yet.'}
      </EmptyState>
    ) : (
      <EmptyState icon={faDice} title="No casino games right now">
        Our providers list no games at the moment. Please look again later.
      </EmptyState>
    );
  } else {
    const skeletons = loading ? (shown.length === 0 ? SKELETONS_ALONE : SKELETONS_AFTER) : 0;
    body = (
      <ul className="casino-grid" aria-label="Games" aria-busy={loading}>
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
      <PageHeader title={title} />
      <div className="casino-toolbar">
        <label className="casino-search">
          <Icon icon={faMagnifyingGlass} />
          <span className="visually-hidden">Search games</span>
          <input
            type="search"
            className="casino-search__input"
            placeholder="Search games"
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
            Loading games
          </p>
        )}
        {body}
      </div>
    </section>
  );
}
