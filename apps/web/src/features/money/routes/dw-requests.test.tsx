import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCashier, renderAt, wireRequest } from '../testing/fake-cashier';
import { signIn } from '../testing/session';
import { DwRequestsRoute } from './dw-requests';

vi.mock('@/shared/http/api', async () => {
  const { fakeCashier: fake } = await import('../testing/fake-cashier');
  return { call: fake.call };
});
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('@/shared/ui/toast', () => ({
  notify: {
    success: (m: string) => toasts.success.push(m),
    error: (m: string) => toasts.error.push(m),
    info: () => {},
    warning: () => {},
  },
}));

const at = (iso: string) => new Date(iso).toISOString();

function seed() {
  fakeCashier.requests = [
    wireRequest({
      id: 4,
      type: 'Withdrawal',
      amount: 1500,
      paymentMethod: 'Imps',
      accountNumber: '••••9012',
      ifscCode: 'SBIN0001234',
      accountHolderName: 'Ravi Kumar',
    }),
    wireRequest({
      id: 3,
      type: 'Withdrawal',
      amount: 800,
      statusName: 'Approved',
      status: 2,
      upiId: 'ra••••',
      utr: 'AXIS24031512345',
      creationTime: at('2025-03-15T10:00:00Z'),
      processedTime: at('2025-03-15T12:30:00Z'),
    }),
    wireRequest({
      id: 2,
      type: 'Deposit',
      amount: 2000,
      statusName: 'Rejected',
      status: 3,
      utr: '412345678901',
      reason: 'The UTR does not match any payment received',
      creationTime: at('2025-03-14T09:00:00Z'),
      processedTime: at('2025-03-14T09:20:00Z'),
    }),
    wireRequest({ id: 1, type: 'Deposit', amount: 500, utr: '412345678902' }),
  ];
}

function show() {
  return renderAt('/dwrequests', <DwRequestsRoute />);
}

describe('/dwrequests', () => {
  beforeEach(() => {
    fakeCashier.reset();
    toasts.success.length = 0;
    toasts.error.length = 0;
    signIn();
  });
  afterEach(cleanup);

  it('shows every state with its time, the expected time, the payout UTR and the reason', async () => {
    seed();
    show();
    const pendingOut = await screen.findByRole('article', { name: 'Withdrawal #4' });
    expect(within(pendingOut).getByText('Pending')).toBeTruthy();
    expect(within(pendingOut).getByText(/expected by/)).toBeTruthy();
    expect(within(pendingOut).getByText('shown here once paid')).toBeTruthy();
    expect(within(pendingOut).getByText('••••9012 · SBIN0001234')).toBeTruthy();
    expect(within(pendingOut).getByRole('button', { name: 'Cancel withdrawal' })).toBeTruthy();

    const paid = screen.getByRole('article', { name: 'Withdrawal #3' });
    expect(within(paid).getByText('Paid', { selector: '.status-chip' })).toBeTruthy();
    expect(within(paid).getByText('Payout UTR')).toBeTruthy();
    expect(within(paid).getByText('AXIS24031512345')).toBeTruthy();
    expect(within(paid).getByText('15 Mar 2025, ' + timeOf('2025-03-15T12:30:00Z'))).toBeTruthy();
    expect(within(paid).queryByRole('button')).toBeNull();

    const rejected = screen.getByRole('article', { name: 'Deposit #2' });
    expect(within(rejected).getByText('Rejected', { selector: '.status-chip' })).toBeTruthy();
    expect(within(rejected).getByRole('note').textContent).toContain(
      'Reason: The UTR does not match any payment received.',
    );

    const pendingIn = screen.getByRole('article', { name: 'Deposit #1' });
    expect(within(pendingIn).getByText('412345678902')).toBeTruthy();
    expect(within(pendingIn).queryByRole('button')).toBeNull();
  });

  it('asks the server with the type and status filters and pages', async () => {
    seed();
    show();
    await screen.findByRole('article', { name: 'Withdrawal #4' });
    fireEvent.click(screen.getByRole('button', { name: 'Withdrawals' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Deposit #1' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Withdrawal #3' })).toBeNull());
    expect(fakeCashier.calls.at(-1)).toEqual({
      key: 'playerRequests',
      body: { MaxResultCount: 10, SkipCount: 0, type: 2, status: 1 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByText('No requests match these filters')).toBeTruthy();

    fakeCashier.requests = Array.from({ length: 12 }, (_, i) => wireRequest({ id: 12 - i }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Type' })).getByRole('button', { name: 'All' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'All' }),
    );
    await screen.findByRole('article', { name: 'Deposit #12' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('article', { name: 'Deposit #2' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('cancels a pending withdrawal and shows it cancelled', async () => {
    seed();
    show();
    const card = await screen.findByRole('article', { name: 'Withdrawal #4' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel withdrawal' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Withdrawal #4' })).getByText('Cancelled', {
          selector: '.status-chip',
        }),
      ).toBeTruthy(),
    );
    expect(toasts.success[0]).toBe('Withdrawal #4 cancelled: ₹1,500.00 is back.');
  });

  it('says a cancellation that lost the race', async () => {
    seed();
    fakeCashier.failing.cancelRequest = 'REQUEST_NOT_PENDING';
    show();
    const card = await screen.findByRole('article', { name: 'Withdrawal #4' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel withdrawal' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(toasts.error).toContain('This request was already decided or cancelled.'));
  });

  it('says there is nothing yet, with a way to deposit', async () => {
    show();
    expect(await screen.findByText('No requests yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make a deposit' }).getAttribute('href')).toBe('/depositw');
  });
});

function timeOf(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
