import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { fakeRgApi } from '../testing/fake-rg-api';
import { RealityCheck } from './RealityCheck';

vi.mock('@/shared/http/api', async () => {
  const { fakeRgApi: fake } = await import('../testing/fake-rg-api');
  return { call: (...args: Parameters<typeof fake.call>) => fake.call(...args) };
});

const MINUTE = 60_000;
const reads = () => fakeRgApi.calls.filter((c) => c.key === 'getResponsibleGaming').length;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The reminder as app/ mounts it: beside every page, with the logout and responsible-gaming routes. */
function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const withCheck = (page: string) => (
    <>
      <RealityCheck />
      <p>{page}</p>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/inplay', element: withCheck('In-Play') },
      { path: '/responsible-gaming', element: withCheck('Responsible gaming page') },
      { path: '/auth/logout', element: <p>Signing out</p> },
    ],
    { initialEntries: ['/inplay'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('RealityCheck', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ userName: 'ravi', username: 'ravi', isDemo: false }));
    fakeRgApi.reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reminds every N minutes since the session began, with the time played and a fresh net result', async () => {
    fakeRgApi.realityCheckMinutes = 30;
    fakeRgApi.session = { startedAt: new Date(Date.now() - 10 * MINUTE).toISOString(), netResult: 200 };
    mount();
    await advance(0);
    expect(reads()).toBe(1);
    // 20 minutes to the first reminder (30 after the start): nothing a little before it.
    await advance(20 * MINUTE - 5000);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Meanwhile bets were settled: the reminder asks again as it opens.
    fakeRgApi.session = { ...fakeRgApi.session, netResult: -1250.5 };
    await advance(6000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(within(dialog).getByTestId('reality-played').textContent).toBe(
      'You have been playing for 30 min.',
    );
    expect(await within(dialog).findByText('You are ₹1,250.50 down this session.')).toBeTruthy();
    expect(reads()).toBe(2);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Continue' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The next one comes at the next interval's end, an hour after the start.
    await advance(30 * MINUTE - 10_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fakeRgApi.session = { ...fakeRgApi.session, netResult: 300 };
    await advance(12_000);
    const next = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(within(next).getByTestId('reality-played').textContent).toBe(
      'You have been playing for 1 h 00 min.',
    );
    expect(await within(next).findByText('You are ₹300.00 up this session.')).toBeTruthy();
  });

  it('Stop playing signs out through the logout route', async () => {
    fakeRgApi.realityCheckMinutes = 15;
    fakeRgApi.session = { startedAt: new Date().toISOString(), netResult: 0 };
    const router = mount();
    await advance(15 * MINUTE + 1000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(await within(dialog).findByText('You are even this session.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop playing' }));
    expect(await screen.findByText('Signing out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/logout');
  });

  it('links to the responsible gaming page, closing the reminder', async () => {
    fakeRgApi.realityCheckMinutes = 15;
    fakeRgApi.session = { startedAt: new Date().toISOString(), netResult: 0 };
    const router = mount();
    await advance(15 * MINUTE + 1000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Responsible gaming' }));
    expect(await screen.findByText('Responsible gaming page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/responsible-gaming');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('never reminds when the reality check is off, nor a signed-out visitor', async () => {
    fakeRgApi.session = { startedAt: new Date().toISOString(), netResult: 0 };
    mount();
    await advance(5 * 60 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    cleanup();

    fakeRgApi.realityCheckMinutes = 15;
    fakeRgApi.calls.length = 0;
    window.localStorage.removeItem('accessToken');
    useSessionStore.getState().setUser(null);
    mount();
    await advance(60 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reads()).toBe(0);
  });
});
