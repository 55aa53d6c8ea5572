import type { OperatorRole } from '@backlay/contract';
import { render } from '@testing-library/react';
import { App } from '@/app/App';
import { useSession } from '@/session/session-store';

/** Signs an operator of `role` in, as a finished sign-in leaves the tab. */
export function signedInAs(role: OperatorRole, userName = `${role}_op`): void {
  useSession.getState().signIn({
    accessToken: `token-of-${userName}`,
    expiresAt: Date.now() + 15 * 60_000,
    operator: { userName, role, domainId: 1 },
  });
}

/** The whole console at `path` (no basename: the address inside /operator). */
export function renderConsole(path: string) {
  return render(<App initialPath={path} />);
}
