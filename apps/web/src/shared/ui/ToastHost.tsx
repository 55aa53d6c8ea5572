import { lazy, Suspense } from 'react';
import { TOAST_OPTIONS, useToastHostStore } from './toast';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/** Toasts top-right, 5000 ms, at most 20 at once (section 9). */
export function ToastHost() {
  const wanted = useToastHostStore((s) => s.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_OPTIONS} newestOnTop theme="colored" />
    </Suspense>
  );
}
