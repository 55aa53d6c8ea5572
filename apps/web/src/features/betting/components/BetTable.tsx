import { paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import type { BetHistoryItem } from '../api/get-user-bet-history';
import { formatDateTime, pnlClass, selectionText, signedMoney } from '../lib/format';

const STATUS: Record<BetHistoryItem['status'], { text: string; className: string } | null> = {
  MATCHED: { text: 'Open', className: 'badge--open' },
  UNMATCHED: { text: 'Unmatched', className: 'badge--unmatched' },
  CANCELLED: { text: 'Cancelled', className: '' },
  LAPSED: { text: 'Lapsed', className: '' },
  VOID: { text: 'Void', className: '' },
  // A settled bet shows its result instead.
  SETTLED: null,
};

/** The result of a settled bet, or the state of any other: open, unmatched, cancelled, lapsed, void. */
function Outcome({ item }: { item: BetHistoryItem }) {
  const status = STATUS[item.status];
  if (status) return <span className={`badge ${status.className}`}>{status.text}</span>;
  const result = item.result ?? paise(0);
  return (
    <span className={`bet-rows__result ${pnlClass(result)}`} title={result >= 0 ? 'Won' : 'Lost'}>
      {signedMoney(result)}
    </span>
  );
}

const SIDE_SHORT: Record<BetHistoryItem['betType'], string> = { Back: 'B', Lay: 'L', Yes: 'Y', No: 'N' };

/**
 * Bets, one dense row each, on a phone as on a desktop: the side, the selection over its market
 * and event, the odds, the stake and the result (or the state of a bet that has none yet). On wide
 * screens the time placed leads the row and the side is written out.
 */
export function BetTable({ items }: { items: BetHistoryItem[] }) {
  return (
    <div className="card card--list">
      <table className="bet-rows">
        <thead>
          <tr>
            <th scope="col" className="bet-rows__time">
              Placed
            </th>
            <th scope="col">Bet</th>
            <th scope="col" className="num">
              Odds
            </th>
            <th scope="col" className="num">
              Stake
            </th>
            <th scope="col" className="num">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => {
            const side = b.betType === 'Back' || b.betType === 'Yes' ? 'back' : 'lay';
            const where = `${b.marketName} · ${b.eventName}`;
            return (
              <tr key={b.betId} data-testid="history-row" data-status={b.status}>
                <td className="bet-rows__time">{formatDateTime(b.placeTime)}</td>
                <td className="bet-rows__bet" title={`${b.betType} ${b.runnerName} · ${where}`}>
                  <span className="bet-rows__cell">
                    <span className={`side-tag side-tag--${side} bet-rows__side`} aria-label={b.betType}>
                      <span className="bet-rows__side-short" aria-hidden="true">
                        {SIDE_SHORT[b.betType]}
                      </span>
                      <span className="bet-rows__side-long" aria-hidden="true">
                        {b.betType}
                      </span>
                    </span>
                    <span className="bet-rows__names">
                      <strong>{selectionText(b.runnerName, b.fancyValue)}</strong>
                      <span className="muted">{where}</span>
                    </span>
                  </span>
                </td>
                <td className="num">{b.odds}</td>
                <td className="num">₹{formatMoney(b.stake, 'plain')}</td>
                <td className="num">
                  <Outcome item={b} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
