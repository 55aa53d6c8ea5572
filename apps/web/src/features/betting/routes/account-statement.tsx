import { useState } from 'react';
import { Link } from 'react-router';
import { STATEMENT_KINDS, type StatementKindFilter } from '@backlay/contract';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { useTransactionHistory } from '../api/get-transaction-history';
import { DateRangeFields, Field, Filters } from '../components/history-filters';
import { ReadStates } from '../components/ReadStates';
import { StatementAmount } from '../components/StatementAmount';
import { dayBoundary, daysAgo } from '../lib/date-range';
import { formatDateTime } from '../lib/format';
import { STATEMENT_KIND_LABEL } from '../lib/statement-kinds';
import '../betting.css';

const PAGE_SIZE = 20;

/**
 * /account-cash-statement: every wallet movement with the balance after it, newest first. "Game
 * Report" (`kind=casino`) lists the casino's lines alone: bets, wins and rolled-back stakes, each
 * naming its game, provider and round; its detail shows the whole round.
 */
export function AccountStatementRoute() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [kind, setKind] = useState<StatementKindFilter>('all');
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
            onChange={(e) => (setKind(e.target.value as StatementKindFilter), setPage(0))}
          >
            <option value="all">All movements</option>
            <option value="casino">Game Report</option>
            {STATEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {STATEMENT_KIND_LABEL[k]}
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
                        <span className="muted cell-sub">{STATEMENT_KIND_LABEL[line.kind]}</span>
                      </td>
                      <td data-label="Amount" className="num">
                        <StatementAmount line={line} />
                      </td>
                      <td data-label="Balance" className="num statement-table__balance">
                        ₹{formatMoney(line.balance)}
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
