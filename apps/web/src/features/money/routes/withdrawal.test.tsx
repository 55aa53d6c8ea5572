import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paise, paiseToRupees } from '@backlay/exchange';
import { useSessionStore } from '@/shared/session/session-store';
import { fakeCashier, renderAt } from '../testing/fake-cashier';
import { signIn } from '../testing/session';
import { WithdrawalRoute } from './withdrawal';

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

const headerBalance = () => paiseToRupees(useSessionStore.getState().balance);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function show() {
  return renderAt('/withdrawal', <WithdrawalRoute />);
}

describe('/withdrawal', () => {
  beforeEach(() => {
    window.localStorage.clear();
    fakeCashier.reset();
    toasts.success.length = 0;
    toasts.error.length = 0;
  });
  afterEach(cleanup);

  it('shows what can be withdrawn (balance − exposure) and caps the maximum there', async () => {
    signIn({ balance: 3000, exposure: 1200.5 });
    fakeCashier.balance = 3000;
    fakeCashier.exposure = 1200.5;
    show();
    const box = await screen.findByTestId('withdrawable');
    expect(within(box).getByText('₹1,799.50')).toBeTruthy();
    expect(screen.getByText('Min ₹200 · Max ₹1,799.5 (what you can withdraw now)')).toBeTruthy();
    type('Amount (₹)', '1800');
    type('UPI id', 'ravi@okhdfc');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('The maximum is ₹1,799.5')).toBeTruthy();
    expect(fakeCashier.calls.map((c) => c.key)).not.toContain('createWithdrawal');
  });

  it('says when less than the minimum can be withdrawn', async () => {
    signIn({ balance: 150 });
    show();
    expect(await screen.findByText(/The smallest withdrawal is ₹200; you can withdraw ₹/)).toBeTruthy();
  });

  it('checks the bank account number, holder and IFSC, and the UPI id', async () => {
    signIn();
    show();
    await screen.findByTestId('withdrawable');
    fireEvent.click(screen.getByLabelText('To bank account'));
    type('Amount (₹)', '500');
    type('Account number', '12345678');
    type('IFSC code', 'SBIN1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('The account number is 9 to 18 digits')).toBeTruthy();
    expect(screen.getByText("Enter the account holder's name")).toBeTruthy();
    expect(screen.getByText('The IFSC code looks like SBIN0001234')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('To UPI id'));
    type('UPI id', 'ravi.okhdfc');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('The UPI id looks like name@bank')).toBeTruthy();
    expect(fakeCashier.calls.map((c) => c.key)).not.toContain('createWithdrawal');
  });

  it('sends a bank withdrawal, drops the header balance at once, and cancels it back', async () => {
    signIn({ balance: 10_000 });
    show();
    await screen.findByTestId('withdrawable');
    fireEvent.click(screen.getByRole('radio', { name: /IMPS/ }));
    type('Amount (₹)', '2500');
    type('Account number', '123456789012');
    type('Account holder name', 'Ravi Kumar');
    type('IFSC code', 'sbin0001234');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const card = await screen.findByRole('article', { name: /Withdrawal #101/ });
    expect(fakeCashier.calls.find((c) => c.key === 'createWithdrawal')?.body).toEqual({
      amount: 250000,
      paymentMethod: 'Imps',
      accountNumber: '123456789012',
      accountHolderName: 'Ravi Kumar',
      ifscCode: 'SBIN0001234',
    });
    await waitFor(() => expect(headerBalance()).toBe(7500));
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByText('shown here once paid')).toBeTruthy();
    expect(within(card).getByText('••••9012 · SBIN0001234')).toBeTruthy();
    expect(toasts.success[0]).toContain('₹2,500.00 is held from your balance');

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel withdrawal' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() =>
      expect(within(card).getByText('Cancelled', { selector: '.status-chip' })).toBeTruthy(),
    );
    await waitFor(() => expect(headerBalance()).toBe(10_000));
    expect(fakeCashier.calls.find((c) => c.key === 'cancelRequest')?.body).toEqual({ id: 101 });
  });

  it('opened again from the menu after a request, shows a fresh form', async () => {
    signIn();
    const { router } = show();
    await screen.findByTestId('withdrawable');
    type('Amount (₹)', '300');
    type('UPI id', 'ravi@okhdfc');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await screen.findByRole('article', { name: /Withdrawal #101/ });
    await act(() => router.navigate('/withdrawal'));
    expect(await screen.findByTestId('withdrawable')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('saves a payout account on this device when asked, and fills the form from it', async () => {
    signIn();
    const first = show();
    await screen.findByTestId('withdrawable');
    type('Amount (₹)', '300');
    type('UPI id', 'ravi@okhdfc');
    fireEvent.click(screen.getByLabelText('Save this account on this device'));
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await screen.findByRole('article', { name: /Withdrawal #101/ });
    expect(fakeCashier.calls.find((c) => c.key === 'createWithdrawal')?.body).toEqual({
      amount: 30000,
      paymentMethod: 'Upi',
      upiId: 'ravi@okhdfc',
    });
    first.unmount();

    show();
    const saved = await screen.findByRole('group', { name: 'Saved accounts' });
    fireEvent.click(within(saved).getByRole('button', { name: 'ravi@okhdfc' }));
    expect((screen.getByLabelText('UPI id') as HTMLInputElement).value).toBe('ravi@okhdfc');
    fireEvent.click(within(saved).getByRole('button', { name: 'Forget ravi@okhdfc' }));
    expect(screen.queryByRole('group', { name: 'Saved accounts' })).toBeNull();
  });

  it('during an active bonus asks first, and on confirm sends again with forfeitBonus', async () => {
    signIn({ balance: 10_000 });
    useSessionStore.getState().setBonusBalance(paise(150_000));
    fakeCashier.bonusActive = true;
    show();
    await screen.findByTestId('withdrawable');
    type('Amount (₹)', '1000');
    type('UPI id', 'ravi@okhdfc');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const ask = await screen.findByRole('alertdialog', { name: 'You have an active bonus' });
    expect(ask.textContent).toContain('Withdrawing ₹1,000.00 now forfeits your bonus of ₹1,500.00');
    expect(ask.textContent).toContain('your cash is not touched');
    expect(toasts.error).toEqual([]);
    expect(headerBalance()).toBe(10_000);

    // Keeping the bonus goes back to the form as it was; nothing was sent with forfeitBonus.
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep my bonus' }));
    expect(((await screen.findByLabelText('Amount (₹)')) as HTMLInputElement).value).toBe('1000');
    expect(fakeCashier.calls.filter((c) => c.key === 'createWithdrawal')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Withdraw and forfeit bonus' }));
    await screen.findByRole('article', { name: /Withdrawal #101/ });
    const sent = fakeCashier.calls.filter((c) => c.key === 'createWithdrawal').map((c) => c.body);
    expect(sent).toEqual([
      { amount: 100000, paymentMethod: 'Upi', upiId: 'ravi@okhdfc' },
      { amount: 100000, paymentMethod: 'Upi', upiId: 'ravi@okhdfc' },
      { amount: 100000, paymentMethod: 'Upi', upiId: 'ravi@okhdfc', forfeitBonus: true },
    ]);
    expect(fakeCashier.bonusActive).toBe(false);
    await waitFor(() => expect(headerBalance()).toBe(9000));
    expect(toasts.success[0]).toContain('₹1,000.00 is held from your balance');
  });

  it("shows the server's refusal as a toast", async () => {
    signIn();
    fakeCashier.failing.createWithdrawal = 'PAYMENT_METHOD_UNAVAILABLE';
    show();
    await screen.findByTestId('withdrawable');
    type('Amount (₹)', '300');
    type('UPI id', 'ravi@okhdfc');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(toasts.error).toContain('This payment method is not available on this site.'));
    expect(screen.queryByRole('article')).toBeNull();
  });
});
