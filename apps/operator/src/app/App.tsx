import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { Slide, ToastContainer } from 'react-toastify';
import { AuditLogPage } from '@/audit/AuditLogPage';
import { DashboardPage } from '@/dashboard/DashboardPage';
import { FinanceQueuePage } from '@/finance/FinanceQueuePage';
import { PlayersPage } from '@/players/PlayersPage';
import { useSession } from '@/session/session-store';
import { Home } from '@/shell/Home';
import { ScreenGuard } from '@/shell/ScreenGuard';
import { RequireSession } from '@/shell/Shell';
import { SignInPage } from '@/sign-in/SignInPage';
import { makeQueryClient } from './query-client';

/** Where the server serves the console (apps/server/src/platform/http/operator-console.ts). */
export const BASENAME = '/operator';

export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route element={<RequireSession />}>
        <Route index element={<Home />} />
        <Route
          path="/dashboard"
          element={
            <ScreenGuard screen="dashboard">
              <DashboardPage />
            </ScreenGuard>
          }
        />
        <Route
          path="/finance"
          element={
            <ScreenGuard screen="finance">
              <FinanceQueuePage />
            </ScreenGuard>
          }
        />
        <Route
          path="/players"
          element={
            <ScreenGuard screen="players">
              <PlayersPage />
            </ScreenGuard>
          }
        />
        <Route
          path="/audit"
          element={
            <ScreenGuard screen="audit">
              <AuditLogPage />
            </ScreenGuard>
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
