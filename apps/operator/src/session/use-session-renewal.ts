import { useEffect, useRef } from 'react';
import { call } from '@/api/client';
import { useSession } from './session-store';

export const TOKEN_RAN_OUT_MESSAGE =
  'Your session ended after a quiet spell (a token lasts 15 minutes, renewed while you work). Sign in again to continue.';

/** Renew this long before the token runs out. */
export const RENEW_BEFORE_MS = 60_000;
/** Renewed only if the operator touched the console this recently: an unattended console signs out. */
export const IDLE_AFTER_MS = 10 * 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Keeps a working operator signed in: a minute before the token runs out it is renewed
 * (POST /admin/auth/refresh, from the same sign-in; the server ends every session 12 hours after the
 * password and code) if the operator used the console in the last ten minutes; otherwise, or if the
 * renewal is refused, the session ends when the token does, before a call finds out.
 */
export function useSessionRenewal(): void {
  const expiresAt = useSession((s) => s.session?.expiresAt);
  const lastActivity = useRef(Date.now());

  useEffect(() => {
    const touched = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touched, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touched);
    };
  }, []);

  useEffect(() => {
    if (expiresAt == null) return;
    const { expire, signIn } = useSession.getState();
    const end = window.setTimeout(() => expire(TOKEN_RAN_OUT_MESSAGE), Math.max(0, expiresAt - Date.now()));
    const renew = window.setTimeout(
      () => {
        if (Date.now() - lastActivity.current > IDLE_AFTER_MS) return;
        call('adminRefreshSession')
          .then((result) => {
            const session = useSession.getState().session;
            // Signed out (or in as someone else) meanwhile: keep what is there.
            if (session == null || session.operator.userName !== result.operator.userName) return;
            signIn({
              accessToken: result.accessToken,
              expiresAt: Date.now() + result.expireInSeconds * 1000,
              operator: result.operator,
            });
          })
          // Refused (the 12 hours are up, the operator was disabled): the session ends at `end`.
          .catch(() => undefined);
      },
      Math.max(0, expiresAt - Date.now() - RENEW_BEFORE_MS),
    );
    return () => {
      window.clearTimeout(end);
      window.clearTimeout(renew);
    };
  }, [expiresAt]);
}
