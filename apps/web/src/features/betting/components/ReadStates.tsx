import type { ReactNode } from 'react';
import { Spinner } from '@/shared/ui/feedback';
import { t } from '../i18n';

/** A failed read said plainly, with a retry. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="card load-error" role="alert">
      <p>{error instanceof Error ? error.message : t('betting.load.failed')}</p>
      <button type="button" className="btn btn--outline" onClick={retry}>
        {t('betting.load.retry')}
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
