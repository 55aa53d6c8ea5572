import { useState } from 'react';
import { BET_STATUSES } from '@backlay/contract';
import { faBook } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { useUserBetHistory } from '../api/get-user-bet-history';
import { BetTable } from '../components/BetTable';
import { DateRangeFields, Field, Filters, SportField } from '../components/history-filters';
import { ReadStates } from '../components/ReadStates';
import { t } from '../i18n';
import { dayBoundary, daysAgo } from '../lib/date-range';
import '../betting.css';

const PAGE_SIZE = 20;
type StatusFilter = 'ALL' | (typeof BET_STATUSES)[number];

/** The status filter's choices, in the player's language. */
function statusLabel(status: StatusFilter): string {
  switch (status) {
    case 'ALL':
      return t('betting.status.all');
    case 'MATCHED':
      return t('betting.status.open');
    case 'SETTLED':
      return t('betting.status.settled');
    case 'VOID':
      return t('betting.status.void');
    case 'UNMATCHED':
      return t('betting.status.unmatched');
    case 'CANCELLED':
      return t('betting.status.cancelled');
    case 'LAPSED':
      return t('betting.status.lapsed');
  }
}

/** /bet-history: date range, status and sport filters, paged. */
export function BetHistoryRoute() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [sport, setSport] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const body = {
    MaxResultCount: PAGE_SIZE,
    SkipCount: page * PAGE_SIZE,
    StartDate: dayBoundary(from, false),
    EndDate: dayBoundary(to, true),
    status,
    ...(sport === '' ? {} : { sportId: sport }),
  };
  const read = useUserBetHistory(body);
  const { isPending, isFetching } = read;
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };
  return (
    <section className="page">
      <PageHeader title={t('betting.history.title')}>
        {isFetching && !isPending && <Spinner label={t('betting.common.updating')} />}
      </PageHeader>
      <Filters>
        <DateRangeFields idPrefix="bh" from={from} to={to} onFrom={change(setFrom)} onTo={change(setTo)} />
        <Field label={t('betting.history.status')} id="bh-status">
          <select
            id="bh-status"
            value={status}
            onChange={(e) => change(setStatus)(e.target.value as StatusFilter)}
          >
            {(['ALL', ...BET_STATUSES] as StatusFilter[]).map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        <SportField id="bh-sport" value={sport} onChange={change(setSport)} />
      </Filters>
      <ReadStates
        read={read}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState icon={faBook} title={t('betting.history.emptyTitle')}>
            {t('betting.history.emptyText')}
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <BetTable items={d.items} />
            <Pager page={page} pageSize={PAGE_SIZE} total={d.totalCount} onPage={setPage} />
          </>
        )}
      </ReadStates>
    </section>
  );
}
