import { paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import type { BetHistoryItem } from '../api/get-user-bet-history';
import { t } from '../i18n';
import { formatDateTime, pnlClass, selectionText, signedMoney } from '../lib/format';
import { sideLabel, sideShort } from '../lib/sides';

/** A bet's state as a badge; null for a settled bet, which shows its result instead. */
function statusBadge(status: BetHistoryItem['status']): { text: string; className: string } | null {
  switch (status) {
    case 'MATCHED':
      return { text: t('betting.status.open'), className: 'badge--open' };
    case 'UNMATCHED':
      return { text: t('betting.status.unmatched'), className: 'badge--unmatched' };
    case 'CANCELLED':
      return { text: t('betting.status.cancelled'), className: '' };
    case 'LAPSED':
      return { text: t('betting.status.lapsed'), className: '' };
    case 'VOID':
      return { text: t('betting.status.void'), className: '' };
    case 'SETTLED':
      return null;
  }
}

/** The result of a settled bet, or the state of any other: open, unmatched, cancelled, lapsed, void. */
function Outcome({ item }: { item: BetHistoryItem }) {
  const status = statusBadge(item.status);
  if (status) return <span className={`badge ${status.className}`}>{status.text}</span>;
  const result = item.result ?? paise(0);
  return (
    <span
      className={`bet-rows__result ${pnlClass(result)}`}
      title={result >= 0 ? t('betting.result.won') : t('betting.result.lost')}
    >
      {signedMoney(result)}
    </span>
  );
}

/** One bet's row: on wide screens the time placed leads it and the side is written out. */
function BetRow({ bet: b }: { bet: BetHistoryItem }) {
  const side = b.betType === 'Back' || b.betType === 'Yes' ? 'back' : 'lay';
  const sideName = sideLabel(b.betType);
  const where = `${b.marketName} · ${b.eventName}`;
  const stake = formatMoney(b.stake, 'plain');
  return (
    <tr data-testid="history-row" data-status={b.status}>
      <td className="bet-rows__time">{formatDateTime(b.placeTime)}</td>
      <td className="bet-rows__bet" title={`${sideName} ${b.runnerName} · ${where}`}>
        <span className="bet-rows__cell">
          <span className={`side-tag side-tag--${side} bet-rows__side`} aria-label={sideName}>
            <span className="bet-rows__side-short" aria-hidden="true">
              {sideShort(b.betType)}
            </span>
            <span className="bet-rows__side-long" aria-hidden="true">
              {sideName}
            </span>
          </span>
          <span className="bet-rows__names">
            <strong>{selectionText(b.runnerName, b.fancyValue)}</strong>
            <span className="muted">{where}</span>
          </span>
        </span>
      </td>
      <td className="num">{b.odds}</td>
      <td className="num">₹{stake}</td>
      <td className="num">
        <Outcome item={b} />
      </td>
    </tr>
  );
}

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
              {t('betting.table.placed')}
            </th>
            <th scope="col">{t('betting.table.bet')}</th>
            <th scope="col" className="num">
              {t('betting.term.odds')}
            </th>
            <th scope="col" className="num">
              {t('betting.term.stake')}
            </th>
            <th scope="col" className="num">
              {t('betting.table.result')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => (
            <BetRow key={b.betId} bet={b} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
