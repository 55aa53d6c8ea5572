import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faRotate, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { call } from '@/api/client';
import type { ApiError } from '@/api/errors';
import { formatAge, formatMoney, methodName } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import { useNow } from '@/shared/use-now';
import { RequestDetail } from './RequestDetail';
import type { QueueItem } from './types';
import { Pager } from '@/shared/Pager';

const PAGE_SIZE = 50;
/** The list filters as the API takes them: type 0 all, 1 deposits, 2 withdrawals; status 0 all, 1–4. */
const KINDS = [
  { value: 0, label: 'All kinds' },
  { value: 1, label: 'Deposits' },
  { value: 2, label: 'Withdrawals' },
] as const;
const STATUSES = [
  { value: 1, label: 'Pending' },
  { value: 2, label: 'Approved' },
  { value: 3, label: 'Rejected' },
  { value: 4, label: 'Cancelled' },
  { value: 0, label: 'Any status' },
] as const;

function numberParam(params: URLSearchParams, name: string, allowed: readonly number[], fallback: number) {
  const n = Number(params.get(name));
  return params.has(name) && allowed.includes(n) ? n : fallback;
}

export const PAYMENT_REQUESTS_KEY = 'payment-requests';

/** The finance queue: the site's deposit and withdrawal requests (pending ones, oldest first, by default). */
export function FinanceQueuePage() {
  const [params, setParams] = useSearchParams();
  const type = numberParam(params, 'type', [0, 1, 2], 0);
  const status = numberParam(params, 'status', [0, 1, 2, 3, 4], 1);
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const selectedId = Number(params.get('id')) || null;
  const now = useNow();
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [PAYMENT_REQUESTS_KEY, { type, status, page }],
    queryFn: ({ signal }) =>
      call('adminPaymentRequests', {
        query: { type, status, MaxResultCount: PAGE_SIZE, SkipCount: page * PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  // Where the site takes payments, to set beside the payee the OCR read (owner and finance may read it).
  const settings = useQuery({
    queryKey: ['cashier-settings'],
    queryFn: ({ signal }) => call('adminCashierSettings', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v == null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const select = (id: number | null) => {
    setStale(null);
    update({ id: id == null ? null : String(id) });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: [PAYMENT_REQUESTS_KEY] });

  const items = list.data?.items ?? [];
  const total = list.data?.totalCount ?? 0;
  const selected = items.find((i) => i.id === selectedId) ?? null;

  const onDecided = () => {
    select(null);
    void refresh();
  };
  const onStale = (item: QueueItem, error: ApiError) => {
    const message = `Request #${item.id} (${item.userName}, ${formatMoney(item.amount)}): ${error.message} The queue was refreshed.`;
    toast.warn(message);
    update({ id: null });
    setStale(`${message} (${error.code})`);
    void refresh();
  };

  return (
    <section className="finance" aria-labelledby="finance-title">
      <div className="page-head">
        <h1 id="finance-title">Finance queue</h1>
        <div className="filters" role="group" aria-label="Filters">
          <label>
            Kind{' '}
            <select value={type} onChange={(e) => update({ type: e.target.value, page: null, id: null })}>
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Status{' '}
            <select value={status} onChange={(e) => update({ status: e.target.value, page: null, id: null })}>
              {STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn" onClick={() => void refresh()} disabled={list.isFetching}>
            <FontAwesomeIcon icon={faRotate} spin={list.isFetching} /> Refresh
          </button>
        </div>
      </div>
      {stale && (
        <p className="notice notice--warn" role="alert">
          {stale}
        </p>
      )}
      {list.isError ? (
        <Problem error={list.error} what="see the finance queue" />
      ) : (
        <div className="finance__split">
          <div className="finance__list">
            <table className="grid queue" aria-label="Payment requests" aria-busy={list.isPending}>
              <thead>
                <tr>
                  <th scope="col">Age</th>
                  <th scope="col">Player</th>
                  <th scope="col">Kind</th>
                  <th scope="col" className="num">
                    Amount · UTR
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Flags</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <QueueRow
                    key={item.id}
                    item={item}
                    now={now}
                    selected={item.id === selectedId}
                    onSelect={() => select(item.id)}
                  />
                ))}
              </tbody>
            </table>
            {list.isPending && <p className="muted pad">Loading…</p>}
            {list.isSuccess && items.length === 0 && (
              <p className="muted pad" role="status">
                Nothing {status === 1 ? 'waits for a decision' : 'matches these filters'}.
              </p>
            )}
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              onPage={(p) => update({ page: p === 0 ? null : String(p), id: null })}
            />
          </div>
          <div className="finance__detail">
            {selected ? (
              <RequestDetail
                item={selected}
                now={now}
                settings={settings.data}
                onDecided={onDecided}
                onStale={onStale}
              />
            ) : (
              <p className="detail detail--empty muted">
                {selectedId != null && list.isSuccess
                  ? `Request #${selectedId} is not in this list (decided, or filtered out).`
                  : 'Select a request to see its screenshot and decide it.'}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function QueueRow(props: { item: QueueItem; now: number; selected: boolean; onSelect: () => void }) {
  const { item, now, selected, onSelect } = props;
  const flags = [
    item.amountMismatch && 'amount',
    item.utrMismatch && 'UTR',
    item.payeeMismatch && 'payee',
  ].filter((f): f is string => typeof f === 'string');
  return (
    <tr
      data-testid={`request-${item.id}`}
      className={selected ? 'is-selected' : undefined}
      onClick={onSelect}
    >
      <td className="nowrap" title={item.creationTime}>
        {formatAge(item.creationTime, now)}
      </td>
      <td className="queue__player">
        <button
          type="button"
          className="linkish"
          aria-current={selected ? 'true' : undefined}
          aria-label={`${item.userName}, ${item.type.toLowerCase()} of ${formatMoney(item.amount)}`}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
        >
          {item.userName}
        </button>
      </td>
      <td>
        <span className={`kind kind--${item.type.toLowerCase()}`}>{item.type}</span>
        <span className="queue__method">{methodName(item.paymentMethod)}</span>
      </td>
      <td className="num">
        {formatMoney(item.amount)}
        <span className="queue__utr mono">{item.utr ?? 'no UTR'}</span>
      </td>
      <td>
        {flags.length > 0 && (
          <span className="flag flag--bad" title={`Mismatch: ${flags.join(', ')}`}>
            <FontAwesomeIcon icon={faTriangleExclamation} />
            <span className="visually-hidden">Mismatch: {flags.join(', ')}</span>
          </span>
        )}
      </td>
    </tr>
  );
}
