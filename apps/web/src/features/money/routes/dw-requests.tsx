import { useState } from 'react';
import { Link } from 'react-router';
import type { PaymentRequestItem } from '@backlay/contract';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { notify } from '@/shared/ui/toast';
import { useCancelRequest } from '../api/cancel-request';
import { usePlayerRequests, type RequestStatusFilter, type RequestTypeFilter } from '../api/player-requests';
import { LoadError } from '../components/CashierStates';
import { RequestCard } from '../components/RequestCard';
import { t } from '../i18n';
import '../money.css';

const PAGE_SIZE = 10;

const types = (): { value: RequestTypeFilter; label: string }[] => [
  { value: 0, label: t('money.requests.all') },
  { value: 1, label: t('money.requests.deposits') },
  { value: 2, label: t('money.requests.withdrawals') },
];
const statuses = (): { value: RequestStatusFilter; label: string }[] => [
  { value: 0, label: t('money.requests.all') },
  { value: 1, label: t('money.status.pending') },
  { value: 2, label: t('money.requests.approvedPaid') },
  { value: 3, label: t('money.status.rejected') },
  { value: 4, label: t('money.status.cancelled') },
];

function Chips<T extends number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="filter-chips" role="group" aria-label={label}>
      <span className="filter-chips__label">{label}</span>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`filter-chip ${value === o.value ? 'filter-chip--on' : ''}`}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** /dwrequests: every deposit and withdrawal with its state, times, UTR and reason; pending withdrawals cancel here. */
export function DwRequestsRoute() {
  const [type, setType] = useState<RequestTypeFilter>(0);
  const [status, setStatus] = useState<RequestStatusFilter>(0);
  const [page, setPage] = useState(0);
  const read = usePlayerRequests({ page, pageSize: PAGE_SIZE, type, status });
  const cancel = useCancelRequest();

  const onCancel = (r: PaymentRequestItem) =>
    cancel.mutate(r.id, {
      onSuccess: (answer) =>
        notify.success(
          t('money.withdrawal.cancelled', { id: answer.id, amount: formatMoney(answer.amount) }),
        ),
      onError: (e) => notify.error(e.message),
    });

  return (
    <section className="page page--narrow money-page">
      <PageHeader title={t('money.requests.title')}>
        {read.isFetching && !read.isPending && <Spinner label={t('money.requests.updating')} />}
      </PageHeader>
      <div className="card money-filters" role="search">
        <Chips
          label={t('money.requests.type')}
          options={types()}
          value={type}
          onChange={(v) => (setType(v), setPage(0))}
        />
        <Chips
          label={t('money.requests.status')}
          options={statuses()}
          value={status}
          onChange={(v) => (setStatus(v), setPage(0))}
        />
      </div>
      {read.isPending ? (
        <Spinner />
      ) : read.data === undefined ? (
        <LoadError error={read.error} retry={() => void read.refetch()} />
      ) : read.data.items.length === 0 ? (
        <EmptyState
          icon={faList}
          title={type === 0 && status === 0 ? t('money.requests.none') : t('money.requests.noneMatch')}
          action={
            <Link to="/depositw" className="btn btn--primary">
              {t('money.requests.makeDeposit')}
            </Link>
          }
        >
          {t('money.requests.emptyText')}
        </EmptyState>
      ) : (
        <>
          <div className="request-list" data-testid="requests">
            {read.data.items.map((r) => (
              <RequestCard
                key={r.id}
                request={r}
                onCancel={onCancel}
                cancelling={cancel.isPending && cancel.variables === r.id}
              />
            ))}
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={read.data.totalCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
