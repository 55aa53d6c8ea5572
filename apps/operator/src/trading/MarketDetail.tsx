import type { TradingBook, TradingMarket } from '@backlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DASHBOARD_KEY } from '@/dashboard/DashboardPage';
import { formatDateTime, formatMoney } from '@/shared/format';
import { MARKET_BETS_KEY } from './keys';
import { MarketBets } from './MarketBets';
import { MarketStatus } from './MarketStatus';
import { sportName, TYPE_LABELS } from './market-text';
import { decidedStatus, SettlePanel } from './SettlePanel';
import type { SettleOutcome } from './SettleConfirm';

interface Props {
  market: TradingMarket;
  /** False when the list, as filtered now, no longer has it (it was settled under a status filter). */
  inList: boolean;
  /** The markets list is to be read again. */
  onChanged: () => void;
}

/** One market: what it is, this site's book on it, its bets, and its result (recorded, or to give). */
export function MarketDetail({ market, inList, onChanged }: Props) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<SettleOutcome | null>(null);
  // The settle call's answer is the server's word that the result is recorded: it shows at once,
  // before the list is read again.
  const status = outcome ? decidedStatus(outcome.result) : market.status;

  const refresh = () => {
    onChanged();
    void queryClient.invalidateQueries({ queryKey: [MARKET_BETS_KEY, market.marketId] });
    void queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] });
  };
  const onSettled = (answer: SettleOutcome) => {
    setOutcome(answer);
    refresh();
  };

  const titleId = `market-detail-${market.marketId}`;
  return (
    <article className="detail trading-market" aria-labelledby={titleId} data-testid="market-detail">
      <header className="detail__head">
        <h2 id={titleId}>
          {market.eventName} · {market.marketName} <MarketStatus status={status} />
          {market.inPlay && status !== 'settled' && status !== 'voided' && (
            <span className="trading__inplay">In play</span>
          )}
        </h2>
        <p className="muted">
          {TYPE_LABELS[market.marketType]} · {sportName(market.sport)}
          {market.competition ? ` · ${market.competition}` : ''} · starts {formatDateTime(market.startTime)} ·
          market <span className="mono">{market.marketId}</span>
          {market.feedStatus ? ` · feed: ${market.feedStatus.toLowerCase().replace('_', ' ')}` : ''}
        </p>
      </header>
      {!inList && !outcome && (
        <p className="notice notice--info small">
          This market is not in the list as filtered now: its figures are as they were when it was opened.
        </p>
      )}
      <div className="trading-market__body">
        <div className="trading-market__main">
          <Book market={market} />
          <MarketBets market={market} />
        </div>
        <div className="trading-market__side">
          <SettlePanel market={market} outcome={outcome} onSettled={onSettled} onStale={refresh} />
        </div>
      </div>
    </article>
  );
}

const BOOK_ROWS: { key: keyof TradingBook; label: string; money: boolean; title?: string }[] = [
  { key: 'bets', label: 'Bets', money: false },
  { key: 'players', label: 'Players', money: false },
  { key: 'matchedStake', label: 'Matched stake', money: true },
  { key: 'unmatchedStake', label: 'Unmatched stake', money: true },
  {
    key: 'liability',
    label: 'Worst case',
    money: true,
    title: 'What the house pays at worst on the open matched bets, before commission',
  },
];

/** This site's book on the market, real money and play money apart, as the list gives it. */
function Book({ market }: { market: TradingMarket }) {
  const id = `market-book-${market.marketId}`;
  const show = (book: TradingBook, key: keyof TradingBook, money: boolean) =>
    money ? formatMoney(book[key] as TradingBook['liability']) : String(book[key]);
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="visually-hidden">
        Book
      </h3>
      <table className="grid trading-market__book" data-testid="market-book">
        <thead>
          <tr>
            <th scope="col">This site</th>
            {BOOK_ROWS.map((r) => (
              <th key={r.key} scope="col" className="num" title={r.title}>
                {r.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Real money</th>
            {BOOK_ROWS.map((r) => (
              <td key={r.key} className="num">
                {show(market.cash, r.key, r.money)}
              </td>
            ))}
          </tr>
          <tr className="muted">
            <th scope="row">Play money</th>
            {BOOK_ROWS.map((r) => (
              <td key={r.key} className="num">
                {show(market.playMoney, r.key, r.money)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
