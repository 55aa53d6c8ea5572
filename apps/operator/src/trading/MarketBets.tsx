import type { TradingBet, TradingMarket } from '@backlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/api/client';
import { formatDateTime, formatMoney } from '@/shared/format';
import { Pager } from '@/shared/Pager';
import { Problem } from '@/shared/Problem';
import { MARKET_BETS_KEY } from './keys';
import { BET_STATUS_LABELS, formatSigned, pricedInOdds, SIDE_LABELS } from './market-text';

const PAGE_SIZE = 50;

/** This site's bets on a market, newest first, paged by the server; a settlement's marks show here. */
export function MarketBets({ market }: { market: TradingMarket }) {
  const [page, setPage] = useState(0);
  const bets = useQuery({
    queryKey: [MARKET_BETS_KEY, market.marketId, page],
    queryFn: ({ signal }) =>
      call('adminMarketBets', {
        query: { marketId: market.marketId, MaxResultCount: PAGE_SIZE, SkipCount: page * PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const titleId = `market-bets-${market.marketId}`;
  const items = bets.data?.items ?? [];
  return (
    <section className="trading__bets" aria-labelledby={titleId}>
      <h3 id={titleId}>
        Bets <span className="muted small">this site&apos;s players, newest first</span>
      </h3>
      {bets.isError ? (
        <Problem error={bets.error} what="see the bets of this market" />
      ) : (
        <>
          <div className="table-scroll">
            <table className="grid trading__bets-table" aria-labelledby={titleId} aria-busy={bets.isPending}>
              <thead>
                <tr>
                  <th scope="col">Placed</th>
                  <th scope="col">Player</th>
                  <th scope="col">Bet</th>
                  <th scope="col" className="num">
                    Stake
                  </th>
                  <th scope="col" className="num">
                    Liability
                  </th>
                  <th scope="col">Status</th>
                  <th
                    scope="col"
                    className="num"
                    title="The player's profit (+) or loss (−), before commission"
                  >
                    Result
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((bet) => (
                  <BetRow key={bet.betId} bet={bet} oddsAreDecimal={pricedInOdds(market.marketType)} />
                ))}
              </tbody>
            </table>
          </div>
          {bets.isPending && <p className="muted pad">Loading…</p>}
          {bets.isSuccess && items.length === 0 && (
            <p className="muted pad" role="status">
              No player of this site has bet on this market.
            </p>
          )}
          {bets.isSuccess && (
            <Pager page={page} pageSize={PAGE_SIZE} total={bets.data.totalCount} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}

function BetRow({ bet, oddsAreDecimal }: { bet: TradingBet; oddsAreDecimal: boolean }) {
  return (
    <tr data-testid={`bet-${bet.betId}`} data-status={bet.status}>
      <td className="nowrap small">
        {formatDateTime(bet.placedAt)}
        <span className="trading__sub">
          bet #{bet.betId}
          {bet.orderId !== bet.betId ? ` · order #${bet.orderId}` : ''}
        </span>
      </td>
      <td>
        {bet.userName}
        {bet.isDemo && <span className="players__demo">Demo</span>}
        <span className="trading__sub">player #{bet.userId}</span>
      </td>
      <td>
        <span className={`side side--${bet.side}`}>{SIDE_LABELS[bet.side]}</span> {bet.runnerName}
        <span className="trading__sub">
          {oddsAreDecimal ? `@ ${bet.odds.toFixed(2)}` : `rate ${bet.odds}`}
          {bet.isCashOut ? ' · cash out' : ''}
        </span>
      </td>
      <td className="num">{formatMoney(bet.stake)}</td>
      <td className="num">{formatMoney(bet.liability)}</td>
      <td className="nowrap">
        {BET_STATUS_LABELS[bet.status]}
        {bet.settledAt && <span className="trading__sub">{formatDateTime(bet.settledAt)}</span>}
      </td>
      <td className="num">{bet.result == null ? '—' : formatSigned(bet.result)}</td>
    </tr>
  );
}
