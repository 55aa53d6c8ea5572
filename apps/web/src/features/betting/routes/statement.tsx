import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { STATEMENT_KINDS } from '@backlay/contract';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatRupees } from '@/shared/lib/money';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { useTransactionHistory, type StatementLine } from '../api/get-transaction-history';
import { useTransactionDetail } from '../api/get-transaction-detail';
import { DateRangeFields, Field, Filters, ReadStates, dayBoundary, daysAgo } from '../components/page-parts';
import { formatDateTime, pnlClass, selectionText, signedRupees } from '../lib/format';
import '../betting.css';

type Kind = (typeof STATEMENT_KINDS)[number];
export const KIND_LABEL: Record<Kind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal reversed',
  bet_settlement: 'Bet settlement',
  bonus: 'Bonus',
  referral_reward: 'Referral reward',
  casino_debit: 'Casino debit',
  casino_credit: 'Casino credit',
  demo_funding: 'Demo funds',
  adjustment: 'Adjustment',
};

const PAGE_SIZE = 20;

function Amount({ line }: { line: StatementLine }) {
  if (line.credit > 0) return <span className="pos">+₹{formatRupees(line.credit)}</span>;
  if (line.debit > 0) return <span className="neg">−₹{formatRupees(line.debit)}</span>;
  return <span>₹0.00</span>;
}

/** /account-cash-statement: every wallet movement with the balance after it, newest first. */
export function AccountStatementRoute() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [kind, setKind] = useState<'all' | Kind>('all');
  const [page, setPage] = useState(0);
  const read = useTransactionHistory({
    MaxResultCount: PAGE_SIZE,
    SkipCount: page * PAGE_SIZE,
    StartDate: dayBoundary(from, false),
    EndDate: dayBoundary(to, true),
    kind,
  });
  const { isPending, isFetching } = read;
  return (
    <section className="page">
      <PageHeader title="Account Statement">
        {isFetching && !isPending && <Spinner label="Updating" />}
      </PageHeader>
      <Filters>
        <DateRangeFields
          idPrefix="st"
          from={from}
          to={to}
          onFrom={(v) => (setFrom(v), setPage(0))}
          onTo={(v) => (setTo(v), setPage(0))}
        />
        <Field label="Type" id="st-kind">
          <select
            id="st-kind"
            value={kind}
            onChange={(e) => (setKind(e.target.value as 'all' | Kind), setPage(0))}
          >
            <option value="all">All movements</option>
            {STATEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </Field>
      </Filters>
      <ReadStates
        read={read}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState icon={faList} title="No transactions in this period">
            Every credit and debit to your wallet is listed here.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <div className="card card--list">
              <table className="data-table data-table--stack statement-table" data-testid="statement">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Description</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col" className="num">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((line) => (
                    <tr key={line.id} data-kind={line.kind}>
                      <td data-label="Date">{formatDateTime(line.date)}</td>
                      <td data-label="Description">
                        <Link to={`/account-cash-statement/detail/${line.id}`}>{line.description}</Link>
                        <span className="muted cell-sub">{KIND_LABEL[line.kind]}</span>
                      </td>
                      <td data-label="Amount" className="num">
                        <Amount line={line} />
                      </td>
                      <td data-label="Balance" className="num statement-table__balance">
                        ₹{formatRupees(line.balance)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.totalCount} onPage={setPage} />
          </>
        )}
      </ReadStates>
    </section>
  );
}

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
                  <dd>{KIND_LABEL[data.line.kind]}</dd>
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
                    <Amount line={data.line} />
                  </dd>
                </div>
                <div>
                  <dt>Balance after</dt>
                  <dd>₹{formatRupees(data.line.balance)}</dd>
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
                              ₹{formatRupees(b.stake)} @ {b.odds}
                            </span>
                          </div>
                        </div>
                        <strong className={pnlClass(b.result ?? 0)}>
                          {b.result == null ? '—' : signedRupees(b.result)}
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
