import { useState } from 'react';
import { Modal } from '@/shared/ui/Modal';
import { Pager } from '@/shared/ui/Pager';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { formatDateTime } from '@/shared/lib/date';
import { useUserLoginAttempts, type AttemptFilter } from '../api/get-user-login-attempts';
import { t } from '../i18n';

const PAGE_SIZE = 10;

/** An attempt's result as the player reads it; a result this client does not know, as sent. */
function resultLabel(result: string): string {
  switch (result) {
    case 'Success':
      return t('account.activity.success');
    case 'InvalidUserNameOrPassword':
      return t('account.activity.wrongPassword');
    case 'UserIsNotVerified':
      return t('account.activity.notVerified');
    case 'UserIsLocked':
      return t('account.activity.locked');
    case 'RateLimited':
      return t('account.activity.rateLimited');
    default:
      return result;
  }
}

/** The signed-in user's login activity, newest first, ten to a page. */
export function LoginActivityModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState<AttemptFilter>('All');
  const query = useUserLoginAttempts(page, PAGE_SIZE, filter, open);
  const total = query.data?.totalCount ?? 0;

  return (
    <Modal open={open} onClose={onClose} title={t('account.activity.title')} name="activity-log">
      <div className="activity-toolbar">
        <label htmlFor="activity-filter">{t('account.activity.show')}</label>
        <select
          id="activity-filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as AttemptFilter);
            setPage(0);
          }}
        >
          <option value="All">{t('account.activity.all')}</option>
          <option value="Success">{t('account.activity.successful')}</option>
          <option value="Failed">{t('account.activity.failed')}</option>
        </select>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <EmptyState title={t('account.activity.loadFailed')}>{query.error.message}</EmptyState>
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('account.activity.none')} />
      ) : (
        <ul className="activity-list">
          {query.data.items.map((a) => (
            <li key={a.id} className="activity-item">
              <div>
                <strong>{formatDateTime(a.creationTime)}</strong>
                <span className="muted">
                  {a.clientIpAddress} · {a.clientName || a.browserInfo.slice(0, 40)}
                </span>
              </div>
              <span className={`badge ${a.result === 'Success' ? 'badge--ok' : 'badge--bad'}`}>
                {resultLabel(a.result)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} showSingle />
    </Modal>
  );
}
