import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { abortPendingRequests } from '@/shared/http/request-tracker';
import { endSession } from '@/features/auth/lib/session';
import { queryClient } from '../query-client';

/**
 * /auth/logout: by the time this renders the signed-in pages have unmounted, so nothing can
 * refetch into cleared storage. Stop what is in flight, forget cached answers, clear all
 * storage but baseUrl, then go to /auth/login.
 */
export function LogoutRoute() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    abortPendingRequests();
    void queryClient.cancelQueries().then(() => {
      queryClient.clear();
      endSession();
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return done ? <Navigate to="/auth/login" replace /> : null;
}
