import type { PlayerSummary } from '@backlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '@/api/client';
import { formatDateTime, formatMoney } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import { PLAYERS_KEY } from './keys';
import { PlayerDetail } from './PlayerDetail';
import { PlayerStatus } from './PlayerStatus';
import { Pager } from '@/shared/Pager';

const PAGE_SIZE = 50;

/**
 * The site's players: searched by the server (a user name's beginning, or digits of the mobile
 * number; newest first), the search, page and selected player kept in the address so a link or a
 * reload shows the same screen; the selected one's detail beside the list.
 */
export function PlayersPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const selectedId = Number(params.get('id')) || null;
  // What is typed, applied on submit only: each keystroke is not a query on the players table.
  const [draft, setDraft] = useState(q);

  const list = useQuery({
    queryKey: [PLAYERS_KEY, { q, page }],
    queryFn: ({ signal }) =>
      call('adminPlayers', {
        query: { ...(q ? { search: q } : {}), MaxResultCount: PAGE_SIZE, SkipCount: page * PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v == null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const items = list.data?.items ?? [];
  const total = list.data?.totalCount ?? 0;

  return (
    <section className="players" aria-labelledby="players-title">
      <div className="page-head">
        <h1 id="players-title">Players</h1>
        <form
          className="filters"
          role="search"
          aria-label="Search players"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: draft.trim(), page: null, id: null });
          }}
        >
          <label>
            User name or mobile{' '}
            <input
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={64}
              placeholder="e.g. rahul or 98765"
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <button type="submit" className="btn btn--small" disabled={list.isFetching}>
            Search
          </button>
          {q !== '' && (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => {
                setDraft('');
                update({ q: null, page: null, id: null });
              }}
            >
              Clear
            </button>
          )}
        </form>
      </div>
      {list.isError ? (
        <Problem error={list.error} what="see the players" />
      ) : (
        <div className="players__split">
          <div className="players__list">
            <table className="grid queue players__table" aria-label="Players" aria-busy={list.isPending}>
              <thead>
                <tr>
                  <th scope="col">User name</th>
                  <th scope="col">Mobile</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                  <th scope="col" className="num">
                    Exposure
                  </th>
                  <th scope="col">Last sign-in</th>
                </tr>
              </thead>
              <tbody>
                {items.map((player) => (
                  <PlayerRow
                    key={player.id}
                    player={player}
                    selected={player.id === selectedId}
                    onSelect={() => update({ id: String(player.id) })}
                  />
                ))}
              </tbody>
            </table>
            {list.isPending && <p className="muted pad">Loading…</p>}
            {list.isSuccess && items.length === 0 && (
              <p className="muted pad" role="status">
                {q ? `No player matches “${q}”.` : 'This site has no players yet.'}
              </p>
            )}
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              className="pager pad"
              onPage={(p) => update({ page: p === 0 ? null : String(p), id: null })}
            />
          </div>
          <div className="players__detail">
            {selectedId != null ? (
              <PlayerDetail key={selectedId} userId={selectedId} />
            ) : (
              <p className="detail detail--empty muted">Select a player to see their account.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function PlayerRow(props: { player: PlayerSummary; selected: boolean; onSelect: () => void }) {
  const { player, selected, onSelect } = props;
  return (
    <tr
      data-testid={`player-${player.id}`}
      className={selected ? 'is-selected' : undefined}
      onClick={onSelect}
    >
      <td>
        <button
          type="button"
          className="linkish"
          aria-current={selected ? 'true' : undefined}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
        >
          {player.userName}
        </button>
        {player.isDemo && <span className="players__demo">Demo</span>}
      </td>
      <td className="mono nowrap">{player.mobile ?? '—'}</td>
      <td>
        <PlayerStatus status={player.status} />
      </td>
      <td className="num">{formatMoney(player.cash)}</td>
      <td className="num">{formatMoney(player.exposure)}</td>
      {/* Wraps after the date, as the user name does above its Demo mark: the list shows whole
          beside a player's detail at 1280 px. */}
      <td className="small" title={player.lastLoginAt ?? undefined}>
        {player.lastLoginAt ? formatDateTime(player.lastLoginAt) : 'never'}
      </td>
    </tr>
  );
}
