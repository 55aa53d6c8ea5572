import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { abortPendingRequests } from '@/shared/http/request-tracker';
import { endSession } from '@/features/auth/lib/session';
import { queryClient } from '../query-client';
import { forgetPage } from '../return-to';

/**
 * /auth/logout: by the time this renders the signed-in pages have unmounted, so nothing can
 * refetch into cleared storage. Stop what is in flight, forget cached answers, clear all
 * storage but baseUrl, then go to /auth/login.
 */
export function LogoutRoute() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    // Nothing signed-in may go out from here: what is in flight stops, what is cached stops
    // refetching, then the session goes (the HTTP client sends no signed-in call without one).
    abortPendingRequests();
    void queryClient.cancelQueries();
    endSession();
    forgetPage();
    // One task later the signed-in queries have re-rendered as disabled, so clearing the cache
    // cannot start a refetch.
    const timer = setTimeout(() => {
      void queryClient.cancelQueries().then(() => {
        queryClient.clear();
        if (live) setDone(true);
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return done ? <Navigate to="/auth/login" replace /> : null;
}
