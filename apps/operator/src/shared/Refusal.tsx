import type { ReactNode } from 'react';
import type { ApiError } from '@/api/errors';
import { isForbidden } from '@/api/errors';
import { NotAllowed } from './Problem';

/**
 * An action refused: "not allowed" for a 403 (`what` the role may not do), otherwise the words
 * given (the server's message when none are) with the error's code.
 */
export function Refusal({
  error,
  what,
  testId,
  children,
}: {
  error: ApiError;
  what: string;
  testId?: string;
  children?: ReactNode;
}) {
  if (isForbidden(error)) return <NotAllowed what={what} detail={error.message} />;
  return (
    <p className="notice notice--error" role="alert" data-testid={testId}>
      {children ?? error.message} <span className="code">({error.code})</span>
    </p>
  );
}
