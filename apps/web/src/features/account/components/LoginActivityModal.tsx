import { useState } from 'react';
import { Modal } from '@/shared/ui/Modal';
import { Pager } from '@/shared/ui/Pager';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { formatDateTime } from '@/shared/lib/date';
import { useUserLoginAttempts, type AttemptFilter } from '../api/get-user-login-attempts';

const PAGE_SIZE = 10;
const RESULT_LABELS: Record<string, string> = {
  Success: 'Success',
  InvalidUserNameOrPassword: 'Wrong password',
  UserIsNotVerified: 'Not verified',
  UserIsLocked: 'Locked',
  RateLimited: 'Too many tries',
};

/** The signed-in user's login activity, newest first, ten to a page. */
export function LoginActivityModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState<AttemptFilter>('All');
  const query = useUserLoginAttempts(page, PAGE_SIZE, filter, open);
  const total = query.data?.totalCount ?? 0;

  return (
    <Modal open={open} onClose={onClose} title="Login Activity" name="activity-log">
      <div className="activity-toolbar">
        <label htmlFor="activity-filter">Show</label>
        <select
          id="activity-filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as AttemptFilter);
            setPage(0);
          }}
        >
          <option value="All">All</option>
          <option value="Success">Successful</option>
          <option value="Failed">Failed</option>
        </select>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <EmptyState title="Could not load your activity">{query.error.message}</EmptyState>
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No login activity yet" />
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
                {RESULT_LABELS[a.result] ?? a.result}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} showSingle />
    </Modal>
  );
}
