import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { env } from '@/shared/config/env';
import { getAccessToken } from '@/shared/storage/storage';
import { loginPathFor } from '@/features/auth/lib/targets';
import { useSessionStore } from '@/shared/session/session-store';
import { tvAllowed } from './route-meta';

/** requiresAuth: a stored access token is needed, else /auth/login?to=<target>. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  // Subscribing keeps this guard current when a 401 clears the session.
  const user = useSessionStore((s) => s.user);
  if (getAccessToken() == null || user == null) {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return children ?? <Outlet />;
}

/** /tv only on hosts that carry the configured fragment. */
export function TvGuard({ children }: { children: ReactNode }) {
  if (!tvAllowed(window.location.hostname, env.VITE_TV_HOST_FRAGMENT))
    return <Navigate to="/error-404" replace />;
  return children;
}
