import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { faBan } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { t } from '../i18n';

/** A failed read said plainly, with a retry. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="card money-load-error" role="alert">
      <p>{error instanceof Error ? error.message : t('money.load.failed')}</p>
      <button type="button" className="btn btn--outline" onClick={retry}>
        {t('money.load.retry')}
      </button>
    </div>
  );
}

/** The cashier's read (payment info) in its one current state; the page once it is there. */
export function CashierRead<T>({
  read,
  children,
}: {
  read: { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (read.isPending) return <Spinner />;
  if (read.data === undefined) return <LoadError error={read.error} retry={() => void read.refetch()} />;
  return <>{children(read.data)}</>;
}

/** Demo accounts play with pretend money: the server refuses their deposits and withdrawals. */
export function DemoNotice() {
  return (
    <EmptyState
      icon={faBan}
      title={t('money.demo.title')}
      action={
        <Link to="/auth/signup" className="btn btn--primary">
          {t('money.demo.signUp')}
        </Link>
      }
    >
      {t('money.demo.text')}
    </EmptyState>
  );
}
