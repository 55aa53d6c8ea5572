import { Link, useParams } from 'react-router';
import type { CasinoRound } from '@backlay/contract';
import { negPaise } from '@backlay/exchange';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useTransactionDetail } from '../api/get-transaction-detail';
import { ReadStates } from '../components/ReadStates';
import { StatementAmount } from '../components/StatementAmount';
import { gameName, providerName } from '../lib/casino-names';
import { formatDateTime, pnlClass, selectionText, signedMoney } from '../lib/format';
import { STATEMENT_KIND_LABEL } from '../lib/statement-kinds';
import '../betting.css';

const MOVE_LABEL: Record<CasinoRound['moves'][number]['type'], string> = {
  bet: 'Bet',
  win: 'Win',
  rollback: 'Rolled back',
};

/** A casino line's round: the game, what was staked, won and given back, and each call of it. */
function CasinoRoundDetail({ round }: { round: CasinoRound }) {
  return (
    <>
      <h2 className="section-title">Casino round</h2>
      <dl className="card detail-list" data-testid="casino-round">
        <div>
          <dt>Game</dt>
          <dd>{gameName(round.provider, round.gameCode)}</dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>{providerName(round.provider)}</dd>
        </div>
        <div>
          <dt>Round</dt>
          <dd>{round.roundId}</dd>
        </div>
        <div>
          <dt>Staked</dt>
          <dd>₹{formatMoney(round.stake)}</dd>
        </div>
        <div>
          <dt>Won</dt>
          <dd>₹{formatMoney(round.won)}</dd>
        </div>
        {round.refunded > 0 && (
          <div>
            <dt>Rolled back</dt>
            <dd>₹{formatMoney(round.refunded)}</dd>
          </div>
        )}
        <div>
          <dt>Net</dt>
          <dd className={pnlClass(round.net)}>{signedMoney(round.net)}</dd>
        </div>
      </dl>
      <ul className="card card--list bet-list" aria-label="Round transactions">
        {round.moves.map((m) => (
          <li key={m.transactionId} className="bet-item">
            <div className="bet-item__names">
              <strong>{MOVE_LABEL[m.type]}</strong>
              <span className="muted">
                {formatDateTime(m.date)} · {m.transactionId}
              </span>
            </div>
            <strong className={m.type === 'bet' ? 'neg' : pnlClass(m.amount)}>
              {signedMoney(m.type === 'bet' ? negPaise(m.amount) : m.amount)}
            </strong>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /account-cash-statement/detail/{id}: one movement, and the bets a settlement settled or a casino line's round. */
export function AccountStatementDetailRoute() {
  const { id } = useParams();
  const lineId = Number(id);
  const read = useTransactionDetail(lineId);
  const valid = Number.isSafeInteger(lineId) && lineId > 0;
  return (
    <section className="page page--narrow">
      <PageHeader title="Transaction Detail">
        <Link to="/account-cash-statement" className="btn btn--outline btn--small">
          Statement
        </Link>
      </PageHeader>
      {!valid ? (
        <EmptyState icon={faList} title="Transaction not found" />
      ) : (
        <ReadStates read={read}>
          {(data) => (
            <>
              <dl className="card detail-list" data-testid="statement-detail">
                <div>
                  <dt>Date</dt>
                  <dd>{formatDateTime(data.line.date)}</dd>
                </div>
                <div>
                  <dt>Type</dt>
                  <dd>{STATEMENT_KIND_LABEL[data.line.kind]}</dd>
                </div>
                <div>
                  <dt>Description</dt>
                  <dd>{data.line.description}</dd>
                </div>
                {data.eventName && (
                  <div>
                    <dt>Event</dt>
                    <dd>{data.eventName}</dd>
                  </div>
                )}
                {data.marketName && (
                  <div>
                    <dt>Market</dt>
                    <dd>{data.marketName}</dd>
                  </div>
                )}
                <div>
                  <dt>Amount</dt>
                  <dd>
                    <StatementAmount line={data.line} />
                  </dd>
                </div>
                <div>
                  <dt>Balance after</dt>
                  <dd>₹{formatMoney(data.line.balance)}</dd>
                </div>
              </dl>
              {data.casinoRound && <CasinoRoundDetail round={data.casinoRound} />}
              {data.bets.length > 0 && (
                <>
                  <h2 className="section-title">Bets settled</h2>
                  <ul className="card card--list bet-list">
                    {data.bets.map((b) => (
                      <li key={b.betId} className="bet-item">
                        <div className="bet-item__main">
                          <span
                            className={`side-tag side-tag--${b.betType === 'Back' || b.betType === 'Yes' ? 'back' : 'lay'}`}
                          >
                            {b.betType}
                          </span>
                          <div className="bet-item__names">
                            <strong>{selectionText(b.runnerName, b.fancyValue)}</strong>
                            <span className="muted">
                              ₹{formatMoney(b.stake)} @ {b.odds}
                            </span>
                          </div>
                        </div>
                        <strong className={pnlClass(b.result ?? 0)}>
                          {b.result == null ? '—' : signedMoney(b.result)}
                        </strong>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </ReadStates>
      )}
    </section>
  );
}
