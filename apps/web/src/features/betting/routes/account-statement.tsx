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
import { t } from '../i18n';
import { dayBoundary, daysAgo } from '../lib/date-range';
import { formatDateTime } from '../lib/format';
import { statementKindLabel } from '../lib/statement-kinds';
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
      <PageHeader title={t('betting.statement.title')}>
        {isFetching && !isPending && <Spinner label={t('betting.common.updating')} />}
      </PageHeader>
      <Filters>
        <DateRangeFields
          idPrefix="st"
          from={from}
          to={to}
          onFrom={(v) => (setFrom(v), setPage(0))}
          onTo={(v) => (setTo(v), setPage(0))}
        />
        <Field label={t('betting.term.type')} id="st-kind">
          <select
            id="st-kind"
            value={kind}
            onChange={(e) => (setKind(e.target.value as StatementKindFilter), setPage(0))}
          >
            <option value="all">{t('betting.statement.allMovements')}</option>
            <option value="casino">{t('betting.statement.gameReport')}</option>
            {STATEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {statementKindLabel(k)}
              </option>
            ))}
          </select>
        </Field>
      </Filters>
      <ReadStates
        read={read}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState icon={faList} title={t('betting.statement.emptyTitle')}>
            {t('betting.statement.emptyText')}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <div className="card card--list">
              <table className="data-table data-table--stack statement-table" data-testid="statement">
                <thead>
                  <tr>
                    <th scope="col">{t('betting.term.date')}</th>
                    <th scope="col">{t('betting.term.description')}</th>
                    <th scope="col" className="num">
                      {t('betting.term.amount')}
                    </th>
                    <th scope="col" className="num">
                      {t('betting.term.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((line) => (
                    <tr key={line.id} data-kind={line.kind}>
                      <td data-label={t('betting.term.date')}>{formatDateTime(line.date)}</td>
                      <td data-label={t('betting.term.description')}>
                        <Link to={`/account-cash-statement/detail/${line.id}`}>{line.description}</Link>
                        <span className="muted cell-sub">{statementKindLabel(line.kind)}</span>
                      </td>
                      <td data-label={t('betting.term.amount')} className="num">
                        <StatementAmount line={line} />
                      </td>
                      <td data-label={t('betting.term.balance')} className="num statement-table__balance">
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
