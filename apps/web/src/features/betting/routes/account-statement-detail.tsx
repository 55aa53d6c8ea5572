import { Link, useParams } from 'react-router';
import type { CasinoRound } from '@backlay/contract';
import { negPaise } from '@backlay/exchange';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useTransactionDetail } from '../api/get-transaction-detail';
import { ReadStates } from '../components/ReadStates';
import { StatementAmount } from '../components/StatementAmount';
import { t } from '../i18n';
import { gameName, providerName } from '../lib/casino-names';
import { formatDateTime, pnlClass, selectionText, signedMoney } from '../lib/format';
import { sideLabel } from '../lib/sides';
import { statementKindLabel } from '../lib/statement-kinds';
import '../betting.css';

/** What a call of a casino round did, in the player's language. */
function moveLabel(type: CasinoRound['moves'][number]['type']): string {
  switch (type) {
    case 'bet':
      return t('betting.casino.moveBet');
    case 'win':
      return t('betting.casino.moveWin');
    case 'rollback':
      return t('betting.casino.rolledBack');
  }
}

/** A casino line's round: the game, what was staked, won and given back, and each call of it. */
function CasinoRoundDetail({ round }: { round: CasinoRound }) {
  return (
    <>
      <h2 className="section-title">{t('betting.casino.round')}</h2>
      <dl className="card detail-list" data-testid="casino-round">
        <div>
          <dt>{t('betting.casino.game')}</dt>
          <dd>{gameName(round.provider, round.gameCode)}</dd>
        </div>
        <div>
          <dt>{t('betting.casino.provider')}</dt>
          <dd>{providerName(round.provider)}</dd>
        </div>
        <div>
          <dt>{t('betting.casino.roundId')}</dt>
          <dd>{round.roundId}</dd>
        </div>
        <div>
          <dt>{t('betting.casino.staked')}</dt>
          <dd>₹{formatMoney(round.stake)}</dd>
        </div>
        <div>
          <dt>{t('betting.casino.won')}</dt>
          <dd>₹{formatMoney(round.won)}</dd>
        </div>
        {round.refunded > 0 && (
          <div>
            <dt>{t('betting.casino.rolledBack')}</dt>
            <dd>₹{formatMoney(round.refunded)}</dd>
          </div>
        )}
        <div>
          <dt>{t('betting.casino.net')}</dt>
          <dd className={pnlClass(round.net)}>{signedMoney(round.net)}</dd>
        </div>
      </dl>
      <ul className="card card--list bet-list" aria-label={t('betting.casino.roundMoves')}>
        {round.moves.map((m) => (
          <li key={m.transactionId} className="bet-item">
            <div className="bet-item__names">
              <strong>{moveLabel(m.type)}</strong>
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
      <PageHeader title={t('betting.statement.detailTitle')}>
        <Link to="/account-cash-statement" className="btn btn--outline btn--small">
          {t('betting.statement.back')}
        </Link>
      </PageHeader>
      {!valid ? (
        <EmptyState icon={faList} title={t('betting.statement.notFound')} />
      ) : (
        <ReadStates read={read}>
          {(data) => (
            <>
              <dl className="card detail-list" data-testid="statement-detail">
                <div>
                  <dt>{t('betting.term.date')}</dt>
                  <dd>{formatDateTime(data.line.date)}</dd>
                </div>
                <div>
                  <dt>{t('betting.term.type')}</dt>
                  <dd>{statementKindLabel(data.line.kind)}</dd>
                </div>
                <div>
                  <dt>{t('betting.term.description')}</dt>
                  <dd>{data.line.description}</dd>
                </div>
                {data.eventName && (
                  <div>
                    <dt>{t('betting.term.event')}</dt>
                    <dd>{data.eventName}</dd>
                  </div>
                )}
                {data.marketName && (
                  <div>
                    <dt>{t('betting.term.market')}</dt>
                    <dd>{data.marketName}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('betting.term.amount')}</dt>
                  <dd>
                    <StatementAmount line={data.line} />
                  </dd>
                </div>
                <div>
                  <dt>{t('betting.statement.balanceAfter')}</dt>
                  <dd>₹{formatMoney(data.line.balance)}</dd>
                </div>
              </dl>
              {data.casinoRound && <CasinoRoundDetail round={data.casinoRound} />}
              {data.bets.length > 0 && (
                <>
                  <h2 className="section-title">{t('betting.statement.betsSettled')}</h2>
                  <ul className="card card--list bet-list">
                    {data.bets.map((b) => (
                      <li key={b.betId} className="bet-item">
                        <div className="bet-item__main">
                          <span
                            className={`side-tag side-tag--${b.betType === 'Back' || b.betType === 'Yes' ? 'back' : 'lay'}`}
                          >
                            {sideLabel(b.betType)}
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
