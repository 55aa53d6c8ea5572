import { Link } from 'react-router';
import type { ExpectedProfitLoss, OpenBet } from '@backlay/contract';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../i18n';
import { pnlClass, selectionText, signedMoney } from '../lib/format';
import { groupPositions, type MarketPosition } from '../lib/positions';
import { sideLabel } from '../lib/sides';
import { OpenBetsList, sideClass } from './OpenBetsList';
import { UnmatchedActions } from './UnmatchedActions';

/** An unmatched bet: where it rests and for how much, with Cancel and Edit price. */
function UnmatchedRow({ bet }: { bet: OpenBet }) {
  const side = sideClass(bet.betType);
  const ladder = bet.marketTypeName === 'match_odd';
  return (
    <li className={`bet-item bet-item--${side} bet-item--unmatched`} data-testid="unmatched-bet">
      <div className="bet-item__main">
        <span className={`side-tag side-tag--${side}`}>{sideLabel(bet.betType)}</span>
        <div className="bet-item__names">
          <strong>{selectionText(bet.runnerName, bet.fancyValue)}</strong>
          <span className="muted">
            {t('betting.positions.waiting', {
              stake: formatMoney(bet.stake, 'plain'),
              odds: bet.odds.toFixed(ladder ? 2 : 0),
              liability: formatMoney(bet.liability, 'plain'),
            })}
          </span>
        </div>
      </div>
      <UnmatchedActions
        orderId={bet.orderId}
        side={side === 'back' ? 'back' : 'lay'}
        marketType={ladder ? 'MATCH_ODDS' : 'BOOKMAKER'}
        rate={bet.odds}
        stake={bet.stake}
        idPrefix={`order-${bet.orderId}`}
      />
    </li>
  );
}

function PositionCard({ position, showEvent }: { position: MarketPosition; showEvent: boolean }) {
  const { matched, unmatched, outcomes } = position;
  const exposure =
    position.exposure != null && position.exposure > 0 ? formatMoney(position.exposure, 'plain') : null;
  return (
    <article className="position card" data-testid={`position-${position.marketId}`}>
      <header className="position__head">
        <div className="position__names">
          <strong>{position.marketName}</strong>
          {showEvent && (
            <Link to={`/markets/${position.eventId}`} className="muted">
              {position.eventName}
            </Link>
          )}
        </div>
        {exposure != null && (
          <span className="position__exposure">
            {t('betting.term.exposure')} <strong className="neg">₹{exposure}</strong>
          </span>
        )}
      </header>
      {outcomes.length > 0 && (
        <dl className="position__outcomes" aria-label={t('betting.positions.ifThisWins')}>
          {outcomes.map((o) => (
            <div key={o.key} data-testid="position-outcome">
              <dt>{o.label}</dt>
              <dd className={pnlClass(o.amount)}>{signedMoney(o.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
      {matched.length > 0 && (
        <>
          <h3 className="position__sub">
            {t('betting.status.matched')} <span className="event-bets__count">{matched.length}</span>
          </h3>
          <OpenBetsList bets={matched} showEvent={false} />
        </>
      )}
      {unmatched.length > 0 && (
        <>
          <h3 className="position__sub">
            {t('betting.status.unmatched')} <span className="event-bets__count">{unmatched.length}</span>
          </h3>
          <ul className="bet-list">
            {unmatched.map((b) => (
              <UnmatchedRow key={b.betId} bet={b} />
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/**
 * Open bets as positions: one card per market with what the player wins or loses on each outcome
 * (matched bets; from Bet/GetUserExpectedProfitLoss), the matched bets (cash-out hedges marked), and
 * the unmatched bets with Cancel and Edit price.
 */
export function Positions({
  bets,
  pnl,
  showEvent = true,
}: {
  bets: OpenBet[];
  pnl: readonly ExpectedProfitLoss[] | undefined;
  showEvent?: boolean;
}) {
  const positions = groupPositions(bets, pnl);
  return (
    <div className="positions" data-testid="positions">
      {positions.map((p) => (
        <PositionCard key={p.marketId} position={p} showEvent={showEvent} />
      ))}
    </div>
  );
}
