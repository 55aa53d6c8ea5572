import type { OperatorRole } from '@backlay/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/App';
import { makeQueryClient } from '@/app/query-client';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { PlayersPage } from './PlayersPage';
import { wireLedgerLine, wirePlayerDetail } from './player-fixture';

interface AdjustBody {
  userId: number;
  amount: number;
  reason: string;
  reference: string;
}

// rahul_k: cash ₹1,250.50, ₹300.00 of it held by open bets: a debit may take ₹950.50.
function adjustServer() {
  return fakeServer({
    'GET /admin/players': ok({ totalCount: 0, items: [] }),
    'GET /admin/players/detail': ok(wirePlayerDetail()),
  });
}

function renderPlayer(role: OperatorRole) {
  signedInAs(role);
  return render(
    <Providers queryClient={makeQueryClient()}>
      <MemoryRouter initialEntries={['/players?id=7']}>
        <Routes>
          <Route path="/players" element={<PlayersPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

async function fill(direction: 'Credit' | 'Debit', amount: string, reason: string) {
  const panel = await screen.findByRole('region', { name: 'Adjust balance' });
  fireEvent.click(within(panel).getByRole('radio', { name: direction }));
  fireEvent.change(within(panel).getByLabelText('Amount in rupees'), { target: { value: amount } });
  fireEvent.change(within(panel).getByLabelText('Reason for the adjustment'), { target: { value: reason } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Review adjustment' }));
  return panel;
}

const bodies = (server: ReturnType<typeof adjustServer>) =>
  server.calls('POST /admin/wallets/adjust').map((c) => c.body as AdjustBody);

// A ceiling for the slow machine (several steps each), not a speed target.
describe('adjusting a player’s balance', { timeout: 30_000 }, () => {
  it('is offered to the owner only', async () => {
    adjustServer();
    renderPlayer('owner');
    expect(await screen.findByRole('region', { name: 'Adjust balance' })).toBeTruthy();
  });

  it.each(['finance', 'support'] as const)('is not offered to %s', async (role) => {
    adjustServer();
    renderPlayer(role);
    await screen.findByTestId('player-wallet');
    expect(screen.queryByRole('region', { name: 'Adjust balance' })).toBeNull();
    expect(screen.queryByLabelText('Amount in rupees')).toBeNull();
  });

  it('asks for an amount in rupees and a reason, and debits no more than the cash open bets do not hold', async () => {
    const server = adjustServer();
    renderPlayer('owner');
    const panel = await screen.findByRole('region', { name: 'Adjust balance' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Review adjustment' }));
    expect(await within(panel).findByText('Enter the amount in rupees')).toBeTruthy();
    expect(within(panel).getByText(/Give a reason of at least 3 characters/)).toBeTruthy();

    await fill('Credit', '12.345', 'ok');
    expect(await within(panel).findByText('At most two decimals (paise)')).toBeTruthy();

    await fill('Debit', '950.51', 'Chargeback on deposit #12');
    expect(
      await within(panel).findByText('A debit may take at most ₹950.50: the cash that open bets do not hold'),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls('POST /admin/wallets/adjust')).toHaveLength(0);
  });

  it('credits after a confirmation showing the cash after, once per confirmation, then reads the player again', async () => {
    const server = adjustServer();
    server.on('POST /admin/wallets/adjust', ok({ journalId: 301, balance: 1750.5, exposure: 300 }));
    renderPlayer('owner');

    await fill('Credit', ' 500 ', '  Goodwill for the outage ');
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the adjustment' });
    expect(within(confirm).getByText('Credit ₹500.00 to rahul_k')).toBeTruthy();
    expect(confirm.textContent).toContain('Cash now₹1,250.50');
    expect(confirm.textContent).toContain('Cash after₹1,750.50');
    expect(confirm.textContent).toContain('ReasonGoodwill for the outage');
    // Cancelling sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls('POST /admin/wallets/adjust')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    const again = await screen.findByRole('alertdialog', { name: 'Confirm the adjustment' });
    server.on(
      'GET /admin/players/detail',
      ok(
        wirePlayerDetail({
          wallet: { cash: 1750.5 },
          ledger: [
            wireLedgerLine({
              journalId: 301,
              kind: 'adjustment',
              description: 'Goodwill for the outage',
              amount: 500,
              balanceAfter: 1750.5,
            }),
            wireLedgerLine(),
          ],
        }),
      ),
    );
    const detailsBefore = server.calls('GET /admin/players/detail').length;
    const yes = within(again).getByRole('button', { name: 'Yes, credit' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(
      await screen.findByText('Credited ₹500.00 to rahul_k: cash now ₹1,750.50 (journal #301).'),
    ).toBeTruthy();
    expect(bodies(server)).toHaveLength(1);
    const [sent] = bodies(server);
    expect(sent).toMatchObject({ userId: 7, amount: 500, reason: 'Goodwill for the outage' });
    expect(sent!.reference).toMatch(/^[0-9a-f-]{36}$/);

    // The wallet and the ledger show it.
    await waitFor(() =>
      expect(server.calls('GET /admin/players/detail').length).toBeGreaterThan(detailsBefore),
    );
    await waitFor(() => expect(screen.getByTestId('player-wallet').textContent).toContain('Cash₹1,750.50'));
    expect(
      within(screen.getByRole('region', { name: 'Ledger' })).getByText('Goodwill for the outage'),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Amount in rupees').value).toBe('');

    // The next adjustment is another one: a new reference.
    await fill('Credit', '1', 'Second goodwill');
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, credit' }),
    );
    await waitFor(() => expect(bodies(server)).toHaveLength(2));
    expect(bodies(server)[1]!.reference).not.toBe(sent!.reference);
  });

  it('debits a negative amount, and says clearly when the server finds too little cash', async () => {
    const server = adjustServer();
    server.on(
      'POST /admin/wallets/adjust',
      refused(422, 'INSUFFICIENT_FUNDS', 'The debit is more than the available balance.'),
    );
    renderPlayer('owner');
    await fill('Debit', '200', 'Duplicate credit reversed');
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the adjustment' });
    expect(within(confirm).getByText('Debit ₹200.00 from rahul_k')).toBeTruthy();
    expect(confirm.textContent).toContain('Cash after₹1,050.50');
    const detailsBefore = server.calls('GET /admin/players/detail').length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, debit' }));

    const alert = await screen.findByText(
      /rahul_k has not enough cash for this debit: The debit is more than the available balance\./,
    );
    expect(alert.textContent).toContain('(INSUFFICIENT_FUNDS)');
    expect(await screen.findByText(/Adjustment refused: The debit is more than/)).toBeTruthy();
    expect(bodies(server)[0]).toMatchObject({ userId: 7, amount: -200, reason: 'Duplicate credit reversed' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The wallet is read again: it may have changed since the screen read it.
    await waitFor(() =>
      expect(server.calls('GET /admin/players/detail').length).toBeGreaterThan(detailsBefore),
    );
  });

  it('keeps the confirmation and its reference when no answer came, so trying again adjusts at most once', async () => {
    const server = adjustServer();
    server.on('POST /admin/wallets/adjust', () => {
      throw new AxiosError('Network Error', 'ERR_NETWORK');
    });
    renderPlayer('owner');
    await fill('Credit', '250', 'Missed casino win');
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, credit' }),
    );
    expect(await screen.findByText(/the adjustment may or may not have been made/)).toBeTruthy();
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm the adjustment' });

    server.on('POST /admin/wallets/adjust', ok({ journalId: 302, balance: 1500.5, exposure: 300 }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, credit' }));
    expect(await screen.findByText(/Credited ₹250.00 to rahul_k: cash now ₹1,500.50/)).toBeTruthy();
    const [first, second] = bodies(server);
    expect(bodies(server)).toHaveLength(2);
    expect(second!.reference).toBe(first!.reference);
  });

  it('puts the server’s refusal of a field beside it, and says "not allowed" on a 403', async () => {
    const server = adjustServer();
    server.on(
      'POST /admin/wallets/adjust',
      refused(400, 'VALIDATION_FAILED', 'Too small: expected string to have >=3 characters', {
        validationErrors: [{ field: 'reason', message: 'Too small: expected string to have >=3 characters' }],
      }),
    );
    renderPlayer('owner');
    await fill('Credit', '10', 'abc');
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, credit' }),
    );
    const hint = await screen.findByText('Too small: expected string to have >=3 characters', {
      selector: '.field__error',
    });
    expect(hint.id).toBe('adjust-7-reason-hint');

    server.on(
      'POST /admin/wallets/adjust',
      refused(403, 'FORBIDDEN', 'Your role (finance) may not do this.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, credit' }),
    );
    expect(await screen.findByText(/may not adjust balances/)).toBeTruthy();
  });
});
