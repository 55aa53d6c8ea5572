import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LobbyRoute } from '../routes/lobby';
import { CasinoRoute } from '../routes/casino';
import { LobbyPageRoute } from '../routes/lobby-page';

// Tests only, apart from the fake server: the server is imported by the mock of the HTTP layer,
// and the pages import that layer, so the two in one module would wait on each other.

/** The login page's stand-in: the tests find it by this heading. */
const LOGIN_PAGE = 'Login page';

/** The casino's three pages under a memory router, a login page beside them, a fresh cache. */
export function renderCasino(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/lobby', element: <LobbyRoute /> },
      { path: '/casino', element: <CasinoRoute /> },
      { path: '/lobby-page', element: <LobbyPageRoute /> },
      { path: '/auth/login', element: <h1>{LOGIN_PAGE}</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
