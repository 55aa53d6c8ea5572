import type { OpenBet } from '@backlay/contract';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../i18n';
import { formatDateTime, selectionText } from '../lib/format';
import { sideLabel } from '../lib/sides';

export function sideClass(type: OpenBet['betType']): string {
  return type === 'Back' || type === 'Yes' ? 'back' : 'lay';
}

/** Matched bets as compact rows: side, selection, odds, stake, what it wins and what it risks. */
export function OpenBetsList({ bets, showEvent = true }: { bets: OpenBet[]; showEvent?: boolean }) {
  return (
    <ul className="bet-list" data-testid="open-bets-list">
      {bets.map((b) => (
        <li key={b.betId} className={`bet-item bet-item--${sideClass(b.betType)}`} data-testid="matched-bet">
          <div className="bet-item__main">
            <span className={`side-tag side-tag--${sideClass(b.betType)}`}>{sideLabel(b.betType)}</span>
            <div className="bet-item__names">
              <strong>
                {selectionText(b.runnerName, b.fancyValue)}
                {b.isCashOut && (
                  <span className="badge badge--cash-out" title={t('betting.bets.cashOutHint')}>
                    {t('betting.bets.cashOut')}
                  </span>
                )}
              </strong>
              <span className="muted">
                {b.marketName}
                {showEvent ? ` · ${b.eventName}` : ''}
              </span>
            </div>
          </div>
          <dl className="bet-item__figures">
            <div>
              <dt>{t('betting.term.odds')}</dt>
              <dd>{b.odds}</dd>
            </div>
            <div>
              <dt>{t('betting.term.stake')}</dt>
              <dd>₹{formatMoney(b.stake)}</dd>
            </div>
            <div>
              <dt>{t('betting.term.profit')}</dt>
              <dd className="pos">₹{formatMoney(b.expectedProfit)}</dd>
            </div>
            <div>
              <dt>{t('betting.term.liability')}</dt>
              <dd className="neg">₹{formatMoney(b.liability)}</dd>
            </div>
          </dl>
          <time className="bet-item__time muted" dateTime={b.placeTime}>
            {formatDateTime(b.placeTime)}
          </time>
        </li>
      ))}
    </ul>
  );
}
