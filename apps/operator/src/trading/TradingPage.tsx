import type { TradingMarket } from '@backlay/contract';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faRotate } from '@fortawesome/free-solid-svg-icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '@/api/client';
import { formatDateTime, formatMoney } from '@/shared/format';
import { Pager } from '@/shared/Pager';
import { Problem } from '@/shared/Problem';
import { MARKETS_KEY } from './keys';
import { MarketDetail } from './MarketDetail';
import { MarketStatus } from './MarketStatus';
import {
  sportName,
  STATUS_LABELS,
  TRADING_MARKET_STATUSES,
  TRADING_SPORTS,
  TYPE_LABELS,
} from './market-text';

const PAGE_SIZE = 50;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value != null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * The Trading screen: the markets (the feed's and the stored ones) by sport and status with this
 * site's book on each, paged by the server, markets awaiting a result set apart; the selected one's
 * bets and its settlement below. Filters, page and selection are kept in the address, so a link or a
 * reload shows the same screen. The API has no search by name: the filters are the server's own.
 */
export function TradingPage() {
  const [params, setParams] = useSearchParams();
  const sport = oneOf(params.get('sport'), TRADING_SPORTS);
  const status = oneOf(params.get('status'), TRADING_MARKET_STATUSES);
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const selectedId = params.get('id');
  const search = params.get('q')?.trim().slice(0, 100) || undefined;
  // The row as it was when opened: a market settled under a status filter leaves the list, and its
  // detail (with the settlement's outcome) stays on screen.
  const [opened, setOpened] = useState<TradingMarket | null>(null);
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: [MARKETS_KEY, { sport, status, search, page }],
    queryFn: ({ signal }) =>
      call('adminMarkets', {
        query: {
          ...(sport ? { sport } : {}),
          ...(status ? { status } : {}),
          ...(search ? { search } : {}),
          MaxResultCount: PAGE_SIZE,
          SkipCount: page * PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v == null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const select = (market: TradingMarket) => {
    setOpened(market);
    update({ id: market.marketId });
  };

  const items = list.data?.items ?? [];
  const total = list.data?.totalCount ?? 0;
  const listed = items.find((m) => m.marketId === selectedId) ?? null;
  const selected = listed ?? (opened?.marketId === selectedId ? opened : null);
  const awaiting = items.filter((m) => m.status === 'closed').length;

  return (
    <section className="trading" aria-labelledby="trading-title">
      <div className="page-head">
        <h1 id="trading-title">Trading</h1>
        {awaiting > 0 && status !== 'closed' && (
          <p className="trading__awaiting-note small">
            {awaiting} market{awaiting === 1 ? '' : 's'} on this page await{awaiting === 1 ? 's' : ''} a
            result.{' '}
            <button
              type="button"
              className="linkish"
              onClick={() => update({ status: 'closed', page: null, id: null })}
            >
              Show only those awaiting a result
            </button>
          </p>
        )}
        <div className="filters" role="group" aria-label="Filters">
          <form
            role="search"
            aria-label="Markets"
            onSubmit={(e) => {
              e.preventDefault();
              const words = new FormData(e.currentTarget).get('q');
              update({ q: typeof words === 'string' ? words.trim() : null, page: null, id: null });
            }}
          >
            <label>
              Event or market{' '}
              <input
                key={search ?? ''}
                name="q"
                type="search"
                defaultValue={search ?? ''}
                maxLength={100}
                placeholder="India v Australia, 1.2345…"
              />
            </label>{' '}
            <button type="submit" className="btn btn--small">
              Search
            </button>
          </form>
          <label>
            Sport{' '}
            <select
              value={sport ?? ''}
              onChange={(e) => update({ sport: e.target.value, page: null, id: null })}
            >
              <option value="">All sports</option>
              {TRADING_SPORTS.map((s) => (
                <option key={s} value={s}>
                  {sportName(s)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Status{' '}
            <select
              value={status ?? ''}
              onChange={(e) => update({ status: e.target.value, page: null, id: null })}
            >
              <option value="">Any status</option>
              {TRADING_MARKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--small"
            onClick={() => void queryClient.invalidateQueries({ queryKey: [MARKETS_KEY] })}
            disabled={list.isFetching}
          >
            <FontAwesomeIcon icon={faRotate} spin={list.isFetching} /> Refresh
          </button>
        </div>
      </div>
      {list.isError ? (
        <Problem error={list.error} what="see the markets" />
      ) : (
        <>
          <div className="trading__list">
            <table className="grid queue trading__table" aria-label="Markets" aria-busy={list.isPending}>
              <thead>
                <tr>
                  <th scope="col">Start</th>
                  <th scope="col">Event</th>
                  <th scope="col">Market</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Bets
                  </th>
                  <th scope="col" className="num">
                    Matched
                  </th>
                  <th
                    scope="col"
                    className="num"
                    title="What the house pays at worst on the open matched bets"
                  >
                    Worst case
                  </th>
                  <th
                    scope="col"
                    className="num"
                    title="Demo accounts: the house's own money, nothing at risk"
                  >
                    Play money
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((market) => (
                  <MarketRow
                    key={market.marketId}
                    market={market}
                    selected={market.marketId === selectedId}
                    onSelect={() => select(market)}
                  />
                ))}
              </tbody>
            </table>
            {list.isPending && <p className="muted pad">Loading…</p>}
            {list.isSuccess && items.length === 0 && (
              <p className="muted pad" role="status">
                {sport || status ? 'No market matches these filters.' : 'There are no markets.'}
              </p>
            )}
          </div>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPage={(p) => update({ page: p === 0 ? null : String(p), id: null })}
          />
          <div className="trading__detail">
            {selected ? (
              <MarketDetail
                key={selected.marketId}
                market={selected}
                inList={listed != null}
                onChanged={() => void queryClient.invalidateQueries({ queryKey: [MARKETS_KEY] })}
              />
            ) : (
              <p className="detail detail--empty trading__empty muted">
                {selectedId != null && list.isSuccess
                  ? `Market ${selectedId} is not in this list (filtered out, or on another page).`
                  : 'Select a market to see its bets and settle it.'}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function MarketRow(props: { market: TradingMarket; selected: boolean; onSelect: () => void }) {
  const { market, selected, onSelect } = props;
  const awaiting = market.status === 'closed';
  const classes = [selected && 'is-selected', awaiting && 'trading__row--awaiting'].filter(Boolean).join(' ');
  return (
    <tr
      data-testid={`market-${market.marketId}`}
      data-status={market.status}
      className={classes || undefined}
      onClick={onSelect}
    >
      <td className="nowrap small" title={market.startTime}>
        {formatDateTime(market.startTime)}
        {market.inPlay && market.status !== 'settled' && market.status !== 'voided' && (
          <span className="trading__inplay">In play</span>
        )}
      </td>
      <td>
        {market.eventName}
        <span className="trading__sub">
          {sportName(market.sport)}
          {market.competition ? ` · ${market.competition}` : ''}
        </span>
      </td>
      <td>
        <button
          type="button"
          className="linkish"
          aria-current={selected ? 'true' : undefined}
          aria-label={`${market.eventName}, ${market.marketName}`}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
        >
          {market.marketName}
        </button>
        <span className="trading__sub">{TYPE_LABELS[market.marketType]}</span>
      </td>
      <td>
        <MarketStatus status={market.status} />
      </td>
      <td className="num">
        {market.cash.bets}
        <span className="trading__sub">
          {market.cash.players} player{market.cash.players === 1 ? '' : 's'}
        </span>
      </td>
      <td className="num">
        {formatMoney(market.cash.matchedStake)}
        {market.cash.unmatchedStake > 0 && (
          <span className="trading__sub">+{formatMoney(market.cash.unmatchedStake)} unmatched</span>
        )}
      </td>
      <td className={market.cash.liability > 0 ? 'num trading__liability' : 'num'}>
        {formatMoney(market.cash.liability)}
      </td>
      <td className="num muted small">
        {market.playMoney.bets > 0 ? (
          <>
            {market.playMoney.bets} bet{market.playMoney.bets === 1 ? '' : 's'}
            <span className="trading__sub">{formatMoney(market.playMoney.matchedStake)}</span>
          </>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
