import { formatMoney } from '@/shared/lib/money';
import type { BetHistoryItem } from '../api/get-user-bet-history';
import { formatDateTime, pnlClass, selectionText, signedMoney } from '../lib/format';

function statusBadge(item: BetHistoryItem) {
  if (item.status === 'MATCHED') return <span className="badge badge--open">Open</span>;
  if (item.status === 'VOID') return <span className="badge">Void</span>;
  return (item.result ?? 0) >= 0 ? (
    <span className="badge badge--ok">Won</span>
  ) : (
    <span className="badge badge--bad">Lost</span>
  );
}

/** Bets as a table on wide screens and as stacked rows on phones (the same markup). */
export function BetTable({ items }: { items: BetHistoryItem[] }) {
  return (
    <div className="card card--list">
      <table className="data-table data-table--stack">
        <thead>
          <tr>
            <th scope="col">Placed</th>
            <th scope="col">Selection</th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Odds
            </th>
            <th scope="col" className="num">
              Stake
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => (
            <tr key={b.betId}>
              <td data-label="Placed">{formatDateTime(b.placeTime)}</td>
              <td data-label="Selection">
                <strong>{selectionText(b.runnerName, b.fancyValue)}</strong>
                <span className="muted cell-sub">
                  {b.marketName} · {b.eventName}
                </span>
              </td>
              <td data-label="Type">
                <span
                  className={`side-tag side-tag--${b.betType === 'Back' || b.betType === 'Yes' ? 'back' : 'lay'}`}
                >
                  {b.betType}
                </span>
              </td>
              <td data-label="Odds" className="num">
                {b.odds}
              </td>
              <td data-label="Stake" className="num">
                ₹{formatMoney(b.stake)}
              </td>
              <td data-label="Status">{statusBadge(b)}</td>
              <td data-label="Result" className={`num ${b.result == null ? '' : pnlClass(b.result)}`}>
                {b.result == null ? '—' : signedMoney(b.result)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
