import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/App';
import { makeQueryClient } from '@/app/query-client';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import {
  wireBet,
  wireBonus,
  wireLedgerLine,
  wirePayment,
  wirePlayerDetail,
  wireSignIn,
} from './player-fixture';
import { PlayersPage } from './PlayersPage';

/** Players and their detail as the server puts them on the wire (money in rupees). */
function summary(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    userName: 'rahul_k',
    mobile: '+919876543210',
    status: 'active',
    createdAt: '2025-11-01T08:00:00.000Z',
    lastLoginAt: '2025-11-24T10:15:00.000Z',
    cash: 1250.5,
    exposure: 300,
    isDemo: false,
    ...overrides,
  };
}

function detail(status = 'active') {
  const { cash: _cash, exposure: _exposure, ...player } = summary({ status });
  return wirePlayerDetail({
    player: {
      ...player,
      referrer: { userId: 3, userName: 'asha' },
      referral: { status: 'CLAIMED', flags: ['SameDevice'], decision: 'approve' },
      verifiedAt: '2025-11-01T08:05:00.000Z',
    },
    wallet: { bonus: 100, held: 500 },
    ledger: [wireLedgerLine({ at: '2025-11-24T09:00:00.000Z', balanceAfter: 2750.5 })],
    bets: [
      wireBet({ placedAt: '2025-11-24T09:30:00.000Z', status: 'MATCHED', result: null, settledAt: null }),
    ],
    payments: [wirePayment({ createdAt: '2025-11-24T08:50:00.000Z', decidedAt: '2025-11-24T09:00:00.000Z' })],
    bonuses: [
      wireBonus({
        amount: 100,
        wagered: 50,
        wageringRequired: 1000,
        claimedAt: '2025-11-24T09:01:00.000Z',
        expiresAt: '2025-12-24T09:01:00.000Z',
      }),
    ],
    referrals: [
      {
        referredUserId: 11,
        referredUserName: 'friend_of_rahul',
        status: 'PENDING',
        flags: [],
        reward: 0,
        joinedAt: '2025-11-20T09:00:00.000Z',
        qualifiedAt: null,
        claimedAt: null,
      },
    ],
    signIns: [wireSignIn({ at: '2025-11-24T10:15:00.000Z', result: 'InvalidUserNameOrPassword' })],
  });
}

function playersServer() {
  return fakeServer({
    'GET /admin/players': (req) =>
      ok(
        req.params?.search === '98765'
          ? { totalCount: 1, items: [summary()] }
          : {
              totalCount: 2,
              items: [summary(), summary({ id: 8, userName: 'demo_1', mobile: null, isDemo: true })],
            },
      ),
    'GET /admin/players/detail': ok(detail()),
  });
}

/** Where the page keeps its state: the address, shown so a test can read it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

// The route is not wired into the console yet: the page alone, with the console's providers.
function renderPlayers(path = '/players') {
  return render(
    <Providers queryClient={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/players"
            element={
              <>
                <PlayersPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

async function openPlayer(id: number) {
  const row = await screen.findByTestId(`player-${id}`);
  fireEvent.click(within(row).getByRole('button'));
  return screen.findByRole('article');
}

describe('the players screen', () => {
  it('searches on submit, keeps the search in the address, and lists the results', async () => {
    signedInAs('support');
    const server = playersServer();
    renderPlayers();
    await screen.findByTestId('player-8');
    expect(server.calls('GET /admin/players')[0]!.params).toEqual({ MaxResultCount: 50, SkipCount: 0 });
    expect(within(screen.getByTestId('player-8')).getByText('Demo')).toBeTruthy();

    // Typing alone asks nothing; submitting does.
    fireEvent.change(screen.getByLabelText('User name or mobile'), { target: { value: ' 98765 ' } });
    expect(server.calls('GET /admin/players')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByTestId('player-8')).toBeNull());
    expect(server.calls('GET /admin/players').at(-1)!.params).toEqual({
      search: '98765',
      MaxResultCount: 50,
      SkipCount: 0,
    });
    expect(screen.getByTestId('address').textContent).toBe('?q=98765');
    const row = screen.getByTestId('player-7');
    expect(row.textContent).toContain('rahul_k');
    expect(row.textContent).toContain('+919876543210');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('₹1,250.50');
    expect(row.textContent).toContain('₹300.00');
    expect(within(row).queryByText('Demo')).toBeNull();
  });

  it('reads the search from the address, and shows the selected player beside the list', async () => {
    signedInAs('finance');
    const server = playersServer();
    renderPlayers('/players?q=98765');
    expect(screen.getByLabelText<HTMLInputElement>('User name or mobile').value).toBe('98765');
    const article = await openPlayer(7);
    expect(server.calls('GET /admin/players')[0]!.params).toMatchObject({ search: '98765' });
    expect(server.calls('GET /admin/players/detail')[0]!.params).toEqual({ userId: 7 });
    expect(screen.getByTestId('address').textContent).toBe('?q=98765&id=7');
    await within(article).findByText('rahul@example.com');
    const wallet = screen.getByTestId('player-wallet');
    expect(wallet.textContent).toContain('Cash₹1,250.50');
    expect(wallet.textContent).toContain('Bonus₹100.00');
    expect(wallet.textContent).toContain('Exposure₹300.00');
    expect(wallet.textContent).toContain('Held₹500.00');
    expect(
      within(screen.getByRole('region', { name: 'Ledger' })).getByText('Deposit #12 approved'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Bets' })).getByText('India v Australia')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Payment requests' })).getByText('412345678901'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Bonus claims' })).getByText('Welcome bonus'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Referrals made' })).getByText('friend_of_rahul'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Sign-ins' })).getByText('InvalidUserNameOrPassword'),
    ).toBeTruthy();
    // Finance reads players but may not lock them: no such action is offered.
    expect(within(article).queryByRole('button', { name: /lock/i })).toBeNull();
    expect(within(article).queryByLabelText(/Reason/)).toBeNull();
  });

  it('locks only with a reason of 3 characters or more, after a confirmation, then reads the player again', async () => {
    signedInAs('support');
    const server = playersServer();
    server.on('POST /admin/players/lock', () =>
      ok({ userId: 7, status: 'locked', changed: true, sessionsRevoked: 2 }),
    );
    renderPlayers();
    await openPlayer(7);
    const lock = await screen.findByRole('button', { name: 'Lock rahul_k' });

    fireEvent.click(lock);
    expect(await screen.findByText(/Give a reason of at least 3 characters/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason to lock'), { target: { value: '  ab ' } });
    fireEvent.click(lock);
    await screen.findByText(/Give a reason of at least 3 characters/);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Reason to lock'), { target: { value: ' Chargeback fraud ' } });
    fireEvent.click(lock);
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm: lock' });
    // Cancelling sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls('POST /admin/players/lock')).toHaveLength(0);

    server.on('GET /admin/players/detail', ok(detail('locked')));
    const detailsBefore = server.calls('GET /admin/players/detail').length;
    fireEvent.click(screen.getByRole('button', { name: 'Lock rahul_k' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, lock' }),
    );
    await waitFor(() => expect(server.calls('POST /admin/players/lock')).toHaveLength(1));
    expect(server.calls('POST /admin/players/lock')[0]!.body).toEqual({
      userId: 7,
      locked: true,
      reason: 'Chargeback fraud',
    });
    expect(await screen.findByText('Locked rahul_k: 2 sign-in sessions ended.')).toBeTruthy();
    await waitFor(() =>
      expect(server.calls('GET /admin/players/detail').length).toBeGreaterThan(detailsBefore),
    );
    // The refreshed detail offers the way back.
    expect(await screen.findByRole('button', { name: 'Unlock rahul_k' })).toBeTruthy();
  });

  it('says clearly when the server refuses the lock (409, 403)', async () => {
    signedInAs('owner');
    const server = playersServer();
    server.on(
      'POST /admin/players/lock',
      refused(409, 'PLAYER_NOT_LOCKABLE', 'A pending or closed account cannot be locked or unlocked.'),
    );
    renderPlayers();
    await openPlayer(7);
    const lockOnce = async () => {
      fireEvent.change(await screen.findByLabelText('Reason to lock'), { target: { value: 'Abuse' } });
      fireEvent.click(screen.getByRole('button', { name: 'Lock rahul_k' }));
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, lock' }),
      );
    };
    await lockOnce();
    const alert = await screen.findByText(/rahul_k cannot be locked: A pending or closed account/);
    expect(alert.textContent).toContain('(PLAYER_NOT_LOCKABLE)');
    expect(await screen.findByText(/Lock refused: A pending or closed account/)).toBeTruthy();

    server.on('POST /admin/players/lock', refused(403, 'FORBIDDEN', 'Your role may not do this.'));
    await lockOnce();
    expect(await screen.findByText(/may not lock or unlock players/)).toBeTruthy();
    expect(server.calls('POST /admin/players/lock')).toHaveLength(2);
  });
});
