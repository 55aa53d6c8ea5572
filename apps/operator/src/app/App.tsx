import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { Slide, ToastContainer } from 'react-toastify';
import { useSession } from '@/session/session-store';
import type { ScreenKey } from '@/session/screens';
import { Home } from '@/shell/Home';
import { ScreenGuard } from '@/shell/ScreenGuard';
import { RequireSession } from '@/shell/Shell';
import { SignInPage } from '@/sign-in/SignInPage';
import { makeQueryClient } from './query-client';

/** Where the server serves the console (apps/server/src/platform/http/operator-console.ts). */
export const BASENAME = '/operator';

/*
 * Each screen is its own chunk, loaded when first opened: a support agent never downloads the
 * dashboard's charts or the site editor, and the sign-in page comes up at once.
 */
const DashboardPage = lazy(() =>
  import('@/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const FinanceQueuePage = lazy(() =>
  import('@/finance/FinanceQueuePage').then((m) => ({ default: m.FinanceQueuePage })),
);
const TradingPage = lazy(() => import('@/trading/TradingPage').then((m) => ({ default: m.TradingPage })));
const PlayersPage = lazy(() => import('@/players/PlayersPage').then((m) => ({ default: m.PlayersPage })));
const SitePage = lazy(() => import('@/site/SitePage').then((m) => ({ default: m.SitePage })));
const AuditLogPage = lazy(() => import('@/audit/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));

function Screen({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  return (
    <ScreenGuard screen={screen}>
      <Suspense
        fallback={
          <p className="muted" role="status">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </ScreenGuard>
  );
}

export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route element={<RequireSession />}>
        <Route index element={<Home />} />
        <Route
          path="/dashboard"
          element={
            <Screen screen="dashboard">
              <DashboardPage />
            </Screen>
          }
        />
        <Route
          path="/finance"
          element={
            <Screen screen="finance">
              <FinanceQueuePage />
            </Screen>
          }
        />
        <Route
          path="/trading"
          element={
            <Screen screen="trading">
              <TradingPage />
            </Screen>
          }
        />
        <Route
          path="/players"
          element={
            <Screen screen="players">
              <PlayersPage />
            </Screen>
          }
        />
        <Route
          path="/site"
          element={
            <Screen screen="site">
              <SitePage />
            </Screen>
          }
        />
        <Route
          path="/audit"
          element={
            <Screen screen="audit">
              <AuditLogPage />
            </Screen>
          }
        />
        <Route path="*" element={<p className="notice notice--info">There is no such screen.</p>} />
      </Route>
    </Routes>
  );
}

/** Nothing one operator's session read stays in memory for the next one. */
function useForgetOnSignOut(queryClient: QueryClient) {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (previous.session != null && state.session == null) queryClient.clear();
      }),
    [queryClient],
  );
}

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: React.ReactNode;
}) {
  useForgetOnSignOut(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="bottom-right" transition={Slide} newestOnTop closeOnClick pauseOnFocusLoss />
    </QueryClientProvider>
  );
}

/** The console: in the browser under /operator; in tests at a given address. */
export function App({ initialPath }: { initialPath?: string }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <Providers queryClient={queryClient}>
      {initialPath == null ? (
        <BrowserRouter basename={BASENAME}>
          <ConsoleRoutes />
        </BrowserRouter>
      ) : (
        <MemoryRouter initialEntries={[initialPath]}>
          <ConsoleRoutes />
        </MemoryRouter>
      )}
    </Providers>
  );
}
