import type { ReactNode } from 'react';
import { SPORT_IDS, SPORT_NAMES, type SportId } from '@backlay/contract';
import { Spinner } from '@/shared/ui/feedback';

/** yyyy-mm-dd of a local date, for date inputs. */
export function dateInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return dateInputValue(d);
}

/** The local day's start or end as ISO UTC, for StartDate / EndDate. */
export function dayBoundary(value: string, end: boolean): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = end
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999)
    : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.toISOString();
}

export function Filters({ children }: { children: ReactNode }) {
  return (
    <div className="filters card" role="search">
      {children}
    </div>
  );
}

export function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="filters__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

const SPORTS = (Object.keys(SPORT_NAMES).map(Number) as SportId[]).filter((id) => id !== SPORT_IDS.casino);

/** The sport filter of a filter bar: every sport of the exchange, or all of them (''). */
export function SportField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | '';
  onChange: (value: number | '') => void;
}) {
  return (
    <Field label="Sport" id={id}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      >
        <option value="">All sports</option>
        {SPORTS.map((sport) => (
          <option key={sport} value={sport}>
            {SPORT_NAMES[sport]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The From and To date fields of a filter bar; each keeps the range the right way round. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onFrom,
  onTo,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <Field label="From" id={`${idPrefix}-from`}>
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={from}
          max={to}
          onChange={(e) => onFrom(e.target.value)}
        />
      </Field>
      <Field label="To" id={`${idPrefix}-to`}>
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={to}
          min={from}
          onChange={(e) => onTo(e.target.value)}
        />
      </Field>
    </>
  );
}

/** A failed read said plainly, with a retry. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="card load-error" role="alert">
      <p>{error instanceof Error ? error.message : 'This could not be loaded.'}</p>
      <button type="button" className="btn btn--outline" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** What a page's read gives, as TanStack Query answers it. */
export interface Read<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A read shown in its one current state: loading, failed with nothing to show (with a retry),
 * empty, or its content. Data already shown stays up while a refetch fails.
 */
export function ReadStates<T>({
  read,
  isEmpty = () => false,
  empty = null,
  children,
}: {
  read: Read<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, error, refetch } = read;
  if (isPending) return <Spinner />;
  if (error && data === undefined) return <LoadError error={error} retry={() => void refetch()} />;
  return <>{data === undefined || isEmpty(data) ? empty : children(data)}</>;
}
