import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/App';
import { makeQueryClient } from '@/app/query-client';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { cashierSettings } from '@/test/fixtures';
import { casinoProviders, operatorBonus, referralSettings, siteSettings } from '@/test/site-fixtures';
import { SitePage } from './SitePage';

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function renderSite(path = '/site') {
  return render(
    <Providers queryClient={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/site"
            element={
              <>
                <SitePage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

function sectionsServer() {
  return fakeServer({
    'GET /admin/site-settings': ok(siteSettings()),
    'GET /admin/cashier-settings': ok(cashierSettings),
    'GET /admin/bonuses': ok([operatorBonus()]),
    'GET /admin/referral-settings': ok(referralSettings),
    'GET /admin/casino-providers': ok(casinoProviders),
  });
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const button = (name: string) => screen.getByText(name, { selector: 'button' }) as HTMLButtonElement;
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('the Site screen: cashier, bonuses, referral terms, casino providers', { timeout: 20_000 }, () => {
  it('opens each section as a tab, kept in the address, reading it only once opened', async () => {
    signedInAs('owner');
    const server = sectionsServer();
    renderSite();
    await screen.findByLabelText('Site title');
    expect(screen.getByRole('tab', { name: 'Site settings', selected: true })).toBeTruthy();
    expect(server.calls('GET /admin/cashier-settings')).toHaveLength(0);

    openTab('Cashier');
    expect(await screen.findByLabelText('UPI id')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('?tab=cashier');
    expect(screen.getByRole('tab', { name: 'Cashier', selected: true })).toBeTruthy();
    // The settings tab is hidden, not gone: its unsaved edits stay.
    expect(screen.getByLabelText('Site title').closest('[role="tabpanel"]')!.hasAttribute('hidden')).toBe(
      true,
    );

    openTab('Site settings');
    expect(screen.getByTestId('address').textContent).toBe('');
    expect(server.calls('GET /admin/bonuses')).toHaveLength(0);
  });

  it('shows the cashier and saves it whole, in rupees', async () => {
    signedInAs('owner');
    const server = sectionsServer();
    server.on('PUT /admin/cashier-settings', (req) =>
      ok({ ...(req.body as object), configured: true, updatedAt: '2025-11-24T12:00:00.000Z' }),
    );
    renderSite('/site?tab=cashier');
    await screen.findByLabelText('UPI id');
    expect(input('UPI id').value).toBe('backlay.demo@okaxis');
    expect(input("Payee's name").value).toBe('Backlay Demo');
    expect(input('Players pay to a UPI id').checked).toBe(true);
    expect(input('Players pay into a bank account').checked).toBe(false);
    expect(input('UPI takes deposits').checked).toBe(true);
    expect(input('IMPS / Bank takes withdrawals').checked).toBe(false);
    expect(input('Smallest deposit (₹)').value).toBe('100');
    expect(input('Largest withdrawal (₹)').value).toBe('50000');

    // The contract's rules, before anything is sent.
    type('Largest deposit (₹)', '50');
    fireEvent.click(button('Save the cashier'));
    expect(await screen.findByText('The largest deposit is not below the smallest')).toBeTruthy();
    expect(server.calls('PUT /admin/cashier-settings')).toHaveLength(0);

    type('Largest deposit (₹)', '200000.50');
    fireEvent.click(input('IMPS / Bank takes withdrawals'));
    fireEvent.click(input('Players pay into a bank account'));
    type("Account holder's name", 'Backlay Gaming');
    type('Account number', '123456789012');
    type('IFSC code', 'hdfc0001234');
    type('Bank name', 'HDFC Bank');
    fireEvent.click(button('Save the cashier'));
    expect(await screen.findByText(/Cashier saved/)).toBeTruthy();
    expect(server.calls('PUT /admin/cashier-settings')[0]!.body).toEqual({
      methods: [
        { method: 'Upi', deposit: true, withdrawal: true },
        { method: 'Imps', deposit: false, withdrawal: true },
      ],
      upi: { vpa: 'backlay.demo@okaxis', payeeName: 'Backlay Demo' },
      bank: {
        accountHolderName: 'Backlay Gaming',
        accountNumber: '123456789012',
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
      },
      minDeposit: 100,
      maxDeposit: 200000.5,
      minWithdrawal: 200,
      maxWithdrawal: 50000,
      gatewayEnabled: false,
    });
    await waitFor(() => expect(button('Save the cashier').disabled).toBe(true));
  });

  it('lists the bonuses, edits one and adds another, in rupees', async () => {
    signedInAs('owner');
    const server = sectionsServer();
    server.on('PUT /admin/bonuses', (req) => ok({ ...operatorBonus(), ...(req.body as object) }));
    server.on('POST /admin/bonuses', (req) =>
      ok({ ...operatorBonus(), ...(req.body as object), id: 4, claims: 0 }),
    );
    renderSite('/site?tab=bonuses');
    const row = await screen.findByTestId('bonus-3');
    expect(row.textContent).toContain('Welcome bonus');
    expect(row.textContent).toContain('First deposit');
    expect(row.textContent).toContain('100% up to ₹5,000.00');
    expect(row.textContent).toContain('×5');

    fireEvent.click(within(row).getByRole('button', { name: 'Edit Welcome bonus' }));
    const editor = screen.getByRole('form', { name: 'Edit “Welcome bonus”' });
    expect(within(editor).getByText(/12 claims made: they keep the terms/)).toBeTruthy();
    expect(input('Most it pays (₹)').value).toBe('5000');
    expect(input('Smallest qualifying deposit (₹)').value).toBe('500');
    type('Most it pays (₹)', '7500.25');
    type('Percent (%)', '150');
    fireEvent.click(button('Save the bonus'));
    expect(await screen.findByText(/Bonus “Welcome bonus” saved/)).toBeTruthy();
    // Money leaves as rupees, as the server reads it.
    expect(server.calls('PUT /admin/bonuses')[0]!.body).toEqual({
      id: 3,
      title: 'Welcome bonus',
      description: 'Double your first deposit',
      kind: 'FirstDeposit',
      percent: 150,
      amount: null,
      maxAmount: 7500.25,
      minDeposit: 500,
      wageringMultiplier: 5,
      validDays: 30,
      cashbackPeriodDays: 7,
      terms: 'Deposit at least ₹500; wager the bonus five times within 30 days.',
      visible: true,
      active: true,
    });
    await waitFor(() => expect(server.calls('GET /admin/bonuses').length).toBeGreaterThan(1));

    fireEvent.click(button('New bonus'));
    const form = screen.getByRole('form', { name: 'New bonus' });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'Free' } });
    fireEvent.click(button('Add the bonus'));
    expect(await within(form).findByText('At least 3 characters')).toBeTruthy();
    expect(within(form).getByText('Write the terms in plain words')).toBeTruthy();
    expect(within(form).getByText('Give the most the bonus pays, in rupees')).toBeTruthy();

    // The rules between fields are judged once every number is given (zod skips them before).
    type('Most it pays (₹)', '100');
    fireEvent.click(button('Add the bonus'));
    expect(await within(form).findByText('A Free bonus needs its amount')).toBeTruthy();
    expect(server.calls('POST /admin/bonuses')).toHaveLength(0);

    type('Bonus title', 'Free ₹100');
    type('Amount (₹)', '100');
    type('Wagering (times the bonus)', '0');
    type('Terms', 'Free to every new player, once.');
    fireEvent.click(input('Listed to visitors'));
    fireEvent.click(button('Add the bonus'));
    expect(await screen.findByText('Bonus “Free ₹100” added.')).toBeTruthy();
    expect(server.calls('POST /admin/bonuses')[0]!.body).toEqual({
      title: 'Free ₹100',
      description: '',
      kind: 'Free',
      percent: null,
      amount: 100,
      maxAmount: 100,
      minDeposit: 0,
      wageringMultiplier: 0,
      validDays: 30,
      cashbackPeriodDays: 7,
      terms: 'Free to every new player, once.',
      visible: false,
      active: true,
    });
  });

  it('shows the referral terms and saves them, in rupees', async () => {
    signedInAs('owner');
    const server = sectionsServer();
    server.on('PUT /admin/referral-settings', (req) => ok(req.body));
    renderSite('/site?tab=referral');
    await screen.findByLabelText('Reward per referral (₹)');
    expect(input('Referral programme on').checked).toBe(true);
    expect(input('Reward per referral (₹)').value).toBe('250');
    expect(input('Qualifying deposit (₹)').value).toBe('1000');
    expect(input('Qualifying turnover (₹)').value).toBe('5000');
    expect(input('Rewards per referrer per month').value).toBe('10');

    type('Rewards per referrer per month', '');
    fireEvent.click(button('Save the referral terms'));
    expect(await screen.findByText('A whole number of rewards, 0 to 1000')).toBeTruthy();
    expect(server.calls('PUT /admin/referral-settings')).toHaveLength(0);

    type('Rewards per referrer per month', '5');
    type('Reward per referral (₹)', '300.5');
    fireEvent.click(button('Save the referral terms'));
    expect(await screen.findByText('Referral terms saved.')).toBeTruthy();
    expect(server.calls('PUT /admin/referral-settings')[0]!.body).toEqual({
      enabled: true,
      reward: 300.5,
      qualifyingDeposit: 1000,
      qualifyingTurnover: 5000,
      monthlyCap: 5,
    });
  });

  it('switches a casino provider at once, and says when the server refuses', async () => {
    signedInAs('owner');
    const server = sectionsServer();
    server.on('PUT /admin/casino-providers', (req) => {
      const { provider, enabled } = req.body as { provider: string; enabled: boolean };
      return ok({
        providers: casinoProviders.providers.map((p) => (p.provider === provider ? { ...p, enabled } : p)),
      });
    });
    renderSite('/site?tab=casino');
    const dream = await screen.findByRole<HTMLInputElement>('switch', { name: 'Dream Casino' });
    expect(dream.checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'International Casino' }).checked).toBe(true);

    fireEvent.click(dream);
    expect(await screen.findByText('Dream Casino is on: its games are back in the lobby.')).toBeTruthy();
    expect(server.calls('PUT /admin/casino-providers')[0]!.body).toEqual({
      provider: 'dream',
      enabled: true,
    });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Dream Casino' }).checked).toBe(true);
    expect(within(screen.getByTestId('provider-dream')).getByText('On')).toBeTruthy();

    server.on('PUT /admin/casino-providers', refused(403, 'FORBIDDEN', 'Your role may not do this.'));
    fireEvent.click(screen.getByRole('switch', { name: 'International Casino' }));
    expect(await screen.findByText(/may not switch casino providers/)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'International Casino' }).checked).toBe(true);
  });
});
