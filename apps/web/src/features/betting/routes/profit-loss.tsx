import { useState } from 'react';
import { Link } from 'react-router';
import { SPORT_NAMES, type SportId } from '@backlay/contract';
import { faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { useUserProfitLoss } from '../api/get-user-profit-loss';
import { DateRangeFields, Filters, SportField } from '../components/history-filters';
import { ReadStates } from '../components/ReadStates';
import { dayBoundary, daysAgo } from '../lib/date-range';
import { formatDateTime, pnlClass, signedMoney } from '../lib/format';
import '../betting.css';

const PAGE_SIZE = 20;

/** /ProfitLoss: settled profit and loss by event over a date range. */
export function ProfitLossRoute() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [sport, setSport] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const read = useUserProfitLoss({
    MaxResultCount: PAGE_SIZE,
    SkipCount: page * PAGE_SIZE,
    StartDate: dayBoundary(from, false),
    EndDate: dayBoundary(to, true),
    ...(sport === '' ? {} : { sportId: sport }),
  });
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title="Profit & Loss">
        {data && (
          <span className="page-header__meta">
            Total <strong className={pnlClass(data.total)}>{signedMoney(data.total)}</strong>
          </span>
        )}
      </PageHeader>
      <Filters>
        <DateRangeFields
          idPrefix="pl"
          from={from}
          to={to}
          onFrom={(v) => (setFrom(v), setPage(0))}
          onTo={(v) => (setTo(v), setPage(0))}
        />
        <SportField id="pl-sport" value={sport} onChange={(v) => (setSport(v), setPage(0))} />
      </Filters>
      <ReadStates
        read={read}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState icon={faMoneyBill} title="No profit or loss in this period">
            Your results per event appear here once markets settle.
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <div className="card card--list">
              <table className="data-table data-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Settled</th>
                    <th scope="col">Event</th>
                    <th scope="col" className="num">
                      Stake
                    </th>
                    <th scope="col" className="num">
                      Commission
                    </th>
                    <th scope="col" className="num">
                      Profit / loss
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((row) => (
                    <tr key={row.eventId}>
                      <td data-label="Settled">{formatDateTime(row.settledTime)}</td>
                      <td data-label="Event">
                        <Link to={`/profit-detail/${row.eventId}`}>{row.eventName}</Link>
                        <span className="muted cell-sub">{SPORT_NAMES[row.sportId as SportId] ?? ''}</span>
                      </td>
                      <td data-label="Stake" className="num">
                        ₹{formatMoney(row.stake)}
                      </td>
                      <td data-label="Commission" className="num">
                        ₹{formatMoney(row.commission)}
                      </td>
                      <td data-label="Profit / loss" className={`num ${pnlClass(row.profitLoss)}`}>
                        {signedMoney(row.profitLoss)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} pageSize={PAGE_SIZE} total={d.totalCount} onPage={setPage} />
          </>
        )}
      </ReadStates>
    </section>
  );
}
