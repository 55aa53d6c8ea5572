import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSessionStore } from '../session/session-store';
import { notify, TOAST_OPTIONS, useToastHostStore } from './toast';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * Toasts top-right, below the header, 5000 ms, at most 20 at once (section 9). A sign-in that
 * succeeds takes the errors of the failed attempts before it off the screen.
 */
export function ToastHost() {
  const wanted = useToastHostStore((s) => s.wanted);
  const top = useToastHostStore((s) => s.top);
  const signedIn = useSessionStore((s) => s.user != null);
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    if (signedIn && !wasSignedIn.current) notify.clearErrors();
    wasSignedIn.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    if (!wanted) return;
    const place = () => useToastHostStore.getState().place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_OPTIONS} newestOnTop theme="colored" style={{ top }} />
    </Suspense>
  );
}
