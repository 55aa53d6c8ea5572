import { Link, useParams } from 'react-router';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useTransactionDetail } from '../api/get-transaction-detail';
import { ReadStates } from '../components/ReadStates';
import { StatementAmount } from '../components/StatementAmount';
import { formatDateTime, pnlClass, selectionText, signedMoney } from '../lib/format';
import { STATEMENT_KIND_LABEL } from '../lib/statement-kinds';
import '../betting.css';

/** /account-cash-statement/detail/{id}: one movement, and the bets a settlement settled. */
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
