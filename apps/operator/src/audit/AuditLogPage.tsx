import type { AuditLogItem } from '@backlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '@/api/client';
import { formatDateTime } from '@/shared/format';
import { Problem } from '@/shared/Problem';

const PAGE_SIZES = [50, 100, 200] as const;
const FILTERS = ['actor', 'action', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** A datetime-local value (the operator's own clock) as the instant the API takes; '' stays ''. */
function instant(local: string): string {
  const ms = Date.parse(local);
  return local && Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}

/**
 * The site's audit log, newest first, paged and filtered by the server (operator, an action or a
 * family of actions ending with a dot such as `payment.`, and a time range), the filters kept in the
 * address. Read-only: the log is append-only (a database trigger refuses any change), and the
 * console offers no edit or delete.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 50;
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const applied = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<Filter, string>;
  const [draft, setDraft] = useState(applied);

  const log = useQuery({
    queryKey: ['audit-log', { size, page, ...applied }],
    queryFn: ({ signal }) =>
      call('adminAuditLog', {
        query: {
          MaxResultCount: size,
          SkipCount: page * size,
          ...(applied.actor ? { actor: applied.actor } : {}),
          ...(applied.action ? { action: applied.action } : {}),
          ...(applied.from ? { from: instant(applied.from) } : {}),
          ...(applied.to ? { to: instant(applied.to) } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v == null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const apply = () => go({ ...Object.fromEntries(FILTERS.map((f) => [f, draft[f].trim()])), page: null });
  const clear = () => {
    setDraft({ actor: '', action: '', from: '', to: '' });
    go({ actor: null, action: null, from: null, to: null, page: null });
  };

  const items = useMemo(() => log.data?.items ?? [], [log.data]);
  const seenActions = useMemo(() => [...new Set(items.map((i) => i.action))].sort(), [items]);
  const families = useMemo(
    () => [...new Set(seenActions.map((a) => `${a.split('.')[0] ?? a}.`))].sort(),
    [seenActions],
  );
  const filtering = FILTERS.some((f) => applied[f] !== '');
  const total = log.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const set = (f: Filter) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [f]: e.target.value }));

  return (
    <section className="audit" aria-labelledby="audit-title">
      <div className="page-head">
        <h1 id="audit-title">Audit log</h1>
        <p className="muted small">
          Every operator action on this site, newest first. Nothing here can be changed or deleted.
        </p>
      </div>
      <form
        className="filters"
        aria-label="Filter the log"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label>
          Operator <input value={draft.actor} onChange={set('actor')} placeholder="user name" />
        </label>
        <label>
          Action{' '}
          <input
            value={draft.action}
            onChange={set('action')}
            placeholder="payment.approve_deposit or payment."
            list="audit-actions"
          />
          <datalist id="audit-actions">
            {[...families, ...seenActions].map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <label>
          From <input type="datetime-local" value={draft.from} onChange={set('from')} />
        </label>
        <label>
          To <input type="datetime-local" value={draft.to} onChange={set('to')} />
        </label>
        <button type="submit" className="btn btn--small">
          Apply
        </button>
        {filtering && (
          <button type="button" className="btn btn--small" onClick={clear}>
            Clear
          </button>
        )}
        <label>
          Rows a page{' '}
          <select value={size} onChange={(e) => go({ size: e.target.value, page: null })}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="muted small" role="status">
        {filtering ? `${total} rows match.` : `${total} rows in all.`}
      </p>
      {log.isError ? (
        <Problem error={log.error} what="read the audit log" />
      ) : (
        <div className="table-scroll">
          <table className="grid audit__table" aria-label="Audit log" aria-busy={log.isPending}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Operator</th>
                <th scope="col">Role</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Before → after</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <AuditRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
          {log.isPending && <p className="muted pad">Loading…</p>}
        </div>
      )}
      <nav className="pager" aria-label="Pages">
        <button
          type="button"
          className="btn btn--small"
          disabled={page === 0}
          onClick={() => go({ page: page === 1 ? null : String(page - 1) })}
        >
          Newer
        </button>
        <span className="small">
          Page {page + 1} of {pages}
        </span>
        <button
          type="button"
          className="btn btn--small"
          disabled={page + 1 >= pages}
          onClick={() => go({ page: String(page + 1) })}
        >
          Older
        </button>
      </nav>
    </section>
  );
}

function summary(value: unknown): string {
  if (value == null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function AuditRow({ row }: { row: AuditLogItem }) {
  const change =
    row.before == null && row.after == null ? null : `${summary(row.before)} → ${summary(row.after)}`;
  return (
    <tr data-testid={`audit-${row.id}`}>
      <td className="nowrap" title={row.at}>
        {formatDateTime(row.at)}
      </td>
      <td>{row.actor}</td>
      <td>{row.role ?? '—'}</td>
      <td className="mono">{row.action}</td>
      <td className="mono">{row.target ?? '—'}</td>
      <td className="audit__change">
        {change ? (
          <details>
            <summary className="mono truncate">{change}</summary>
            <pre>{JSON.stringify({ before: row.before, after: row.after }, null, 2)}</pre>
          </details>
        ) : (
          '—'
        )}
      </td>
      <td className="mono small" title={`request ${row.requestId}`}>
        {row.ip}
      </td>
    </tr>
  );
}
