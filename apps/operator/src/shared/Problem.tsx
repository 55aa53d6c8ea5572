import type { ApiError } from '@/api/errors';
import { isForbidden, toApiError } from '@/api/errors';
import { ROLE_LABELS } from '@/session/screens';
import { useSession } from '@/session/session-store';

/** A role refused: what the screen shows instead of what it may not see or do. */
export function NotAllowed({ what, detail }: { what: string; detail?: string | undefined }) {
  const role = useSession((s) => s.session?.operator.role);
  return (
    <div className="notice notice--warn" role="alert">
      <strong>Not allowed.</strong> Your role{role ? ` (${ROLE_LABELS[role]})` : ''} may not {what}.
      {detail ? <> The server said: {detail}</> : null}
    </div>
  );
}

/** A failed load or action: "not allowed" for a 403, the coded error otherwise. */
export function Problem({ error, what }: { error: unknown; what: string }) {
  const e: ApiError = toApiError(error);
  if (isForbidden(e)) return <NotAllowed what={what} detail={e.message} />;
  return (
    <div className="notice notice--error" role="alert">
      {e.message} <span className="code">({e.code})</span>
    </div>
  );
}
