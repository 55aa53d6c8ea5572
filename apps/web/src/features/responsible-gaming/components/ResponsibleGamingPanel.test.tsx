import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/shared/lib/date';
import { renderPage } from '@/shared/http/testing';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { fakeRgApi } from '../testing/fake-rg-api';
import { ResponsibleGamingPanel } from './ResponsibleGamingPanel';

vi.mock('@/shared/http/api', async () => {
  const { fakeRgApi: fake } = await import('../testing/fake-rg-api');
  return { call: (...args: Parameters<typeof fake.call>) => fake.call(...args) };
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

const HOUR = 3_600_000;
const show = () => renderPage('/responsible-gaming', <ResponsibleGamingPanel />);
const keys = () => fakeRgApi.calls.map((c) => c.key);
const posted = () => fakeRgApi.calls.filter((c) => c.key === 'setResponsibleGaming').map((c) => c.body);
const row = (name: string) => screen.findByRole('group', { name });

async function typeLimit(group: HTMLElement, text: string) {
  fireEvent.change(within(group).getByLabelText('New limit (₹)'), { target: { value: text } });
}

// A ceiling, not a speed target: each test fills and sends forms through react-hook-form and zod,
// and on a loaded 2-core machine the first one also pays for loading them.
describe('ResponsibleGamingPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ userName: 'ravi', username: 'ravi', isDemo: false }));
    fakeRgApi.reset();
    toasts.success.length = 0;
    toasts.error.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('sets a first daily deposit limit, which applies at once', async () => {
    fakeRgApi.depositLimit.day.used = 1200;
    show();
    const daily = await row('Daily deposit limit');
    expect(within(daily).getByTestId('rg-limit-amount').textContent).toBe('No limit');
    expect(within(daily).getByText('₹1,200')).toBeTruthy();
    // No meter without a limit to measure against.
    expect(within(daily).queryByRole('meter')).toBeNull();

    await typeLimit(daily, '5,000');
    expect(within(daily).getByText('A first limit applies at once.')).toBeTruthy();
    fireEvent.click(within(daily).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(daily).getByTestId('rg-limit-amount').textContent).toBe('₹5,000'));
    expect(posted()).toEqual([{ depositLimit: { day: 500_000 } }]);
    expect(toasts.success).toEqual(['Daily deposit limit is now ₹5,000.']);
    const meter = within(daily).getByRole('meter', { name: 'Deposited in the last 24 hours:' });
    expect(meter.getAttribute('aria-valuenow')).toBe('1200');
    expect(meter.getAttribute('aria-valuemax')).toBe('5000');
    expect(meter.getAttribute('aria-valuetext')).toBe('₹1,200 of ₹5,000');
    expect((within(daily).getByLabelText('New limit (₹)') as HTMLInputElement).value).toBe('');
    // The other periods and the loss limits were left as they were.
    expect(within(await row('Weekly deposit limit')).getByTestId('rg-limit-amount').textContent).toBe(
      'No limit',
    );
    const history = screen.getByRole('table', { name: 'History of changes' });
    const cells = within(within(history).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 2)).toEqual(['No limit', '₹5,000']);
    expect(cells[4]).toBe('Applied');
    expect(within(history).getByRole('rowheader').textContent).toBe('Daily deposit limit');
  });

  it('refuses an amount that is not rupees, and sends nothing', async () => {
    show();
    const daily = await row('Daily loss limit');
    await typeLimit(daily, '12.345');
    fireEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    expect((await within(daily).findByRole('alert')).textContent).toBe('At most two decimals (paise)');
    await typeLimit(daily, 'lots');
    fireEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(daily).getByRole('alert').textContent).toBe('Enter the amount in rupees, digits only'),
    );
    expect(within(daily).getByLabelText('New limit (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(posted()).toEqual([]);
  });

  it('says a decrease applies at once, and applies it', async () => {
    fakeRgApi.lossLimit.week.amount = 20_000;
    show();
    const weekly = await row('Weekly loss limit');
    await typeLimit(weekly, '15000');
    expect(within(weekly).getByText('A lower limit applies at once.')).toBeTruthy();
    fireEvent.click(within(weekly).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(weekly).getByTestId('rg-limit-amount').textContent).toBe('₹15,000'));
    expect(posted()).toEqual([{ lossLimit: { week: 1_500_000 } }]);
    expect(within(weekly).queryByTestId('rg-pending')).toBeNull();
  });

  it('holds an increase for 24 hours, then confirms it behind a second question', async () => {
    fakeRgApi.depositLimit.day.amount = 5000;
    show();
    const daily = await row('Daily deposit limit');
    await typeLimit(daily, '10000');
    expect(within(daily).getByText('A higher limit waits 24 hours, then you confirm it.')).toBeTruthy();
    fireEvent.click(within(daily).getByRole('button', { name: 'Save' }));

    const pending = await within(daily).findByTestId('rg-pending');
    const due = fakeRgApi.depositLimit.day.pending?.effectiveAt as string;
    expect(Date.parse(due) - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(pending.textContent).toContain(
      `Increase to ₹10,000 pending: you can confirm it from ${formatDateTime(due)}.`,
    );
    expect(within(daily).getByTestId('rg-limit-amount').textContent).toBe('₹5,000');
    expect(within(pending).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(toasts.success).toEqual([
      `Daily deposit limit: ₹10,000 from ${formatDateTime(due)}, once you confirm it.`,
    ]);

    // A day later (the server's clock moved): the page reads it again and offers Confirm.
    fakeRgApi.reset();
    fakeRgApi.depositLimit.day.amount = 5000;
    fakeRgApi.pendSince('depositLimit', 'day', 10_000, 25);
    cleanup();
    show();
    const again = await row('Daily deposit limit');
    const ready = within(again).getByTestId('rg-pending');
    expect(ready.textContent).toContain('Your increase to ₹10,000 is ready: confirm it to apply it.');
    fireEvent.click(within(ready).getByRole('button', { name: 'Confirm' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Confirm your new limits?' });
    expect(within(ask).getByRole('listitem').textContent).toBe('Daily deposit limit: ₹5,000 → ₹10,000');
    // The safe answer has the focus; Not now changes nothing.
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Not now' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posted()).toEqual([]);

    fireEvent.click(within(ready).getByRole('button', { name: 'Confirm' }));
    const ask2 = await screen.findByRole('alertdialog', { name: 'Confirm your new limits?' });
    fireEvent.click(within(ask2).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(again).getByTestId('rg-limit-amount').textContent).toBe('₹10,000'));
    expect(posted()).toEqual([{ confirmIncreases: true }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(again).queryByTestId('rg-pending')).toBeNull();
    expect(toasts.success).toContain('Your new limits apply now.');
  });

  it('keeps the current limit instead of a pending increase', async () => {
    fakeRgApi.depositLimit.week.amount = 8000;
    fakeRgApi.pendSince('depositLimit', 'week', null, 2);
    show();
    const weekly = await row('Weekly deposit limit');
    const pending = within(weekly).getByTestId('rg-pending');
    expect(pending.textContent).toContain('Removing this limit is pending');
    // A removal is already asked for: no second "No limit".
    expect(within(weekly).queryByRole('button', { name: 'Weekly deposit limit: no limit' })).toBeNull();
    fireEvent.click(within(pending).getByRole('button', { name: 'Keep ₹8,000' }));
    await waitFor(() => expect(within(weekly).queryByTestId('rg-pending')).toBeNull());
    expect(posted()).toEqual([{ depositLimit: { week: 800_000 } }]);
    expect(within(weekly).getByTestId('rg-limit-amount').textContent).toBe('₹8,000');
  });

  it('asks for a removal with No limit, which waits like an increase', async () => {
    fakeRgApi.lossLimit.month.amount = 30_000;
    show();
    const monthly = await row('Monthly loss limit');
    fireEvent.click(within(monthly).getByRole('button', { name: 'Monthly loss limit: no limit' }));
    const pending = await within(monthly).findByTestId('rg-pending');
    expect(pending.textContent).toContain('Removing this limit is pending: you can confirm it from');
    expect(posted()).toEqual([{ lossLimit: { month: null } }]);
    expect(within(monthly).getByTestId('rg-limit-amount').textContent).toBe('₹30,000');
  });

  it('sets the reality check interval', async () => {
    show();
    const select = (await screen.findByLabelText('Remind me')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Off',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every 45 minutes',
      'Every 60 minutes',
      'Every 90 minutes',
      'Every 120 minutes',
    ]);
    fireEvent.change(select, { target: { value: '30' } });
    fireEvent.click(within(select.closest('form') as HTMLElement).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('rg-reality-now').textContent).toBe('Now: Every 30 minutes'),
    );
    expect(posted()).toEqual([{ realityCheckMinutes: 30 }]);
    expect(toasts.success).toEqual(['Reality check every 30 minutes.']);
  });

  it('takes a time-out only after a plain confirmation, then shows until when', async () => {
    show();
    const card = await screen.findByTestId('rg-time_out');
    fireEvent.click(within(card).getByRole('button', { name: 'Take a time-out' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Choose how long');

    fireEvent.click(within(card).getByRole('radio', { name: '24 hours' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Take a time-out' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Take a time-out for 24 hours?' });
    const said = ask.textContent ?? '';
    expect(said).toContain('you cannot place bets, play casino games, deposit or claim bonuses.');
    expect(said).toContain('It cannot be undone or shortened early.');
    expect(said).toContain('You can still withdraw your money at any time.');
    // The text is the dialog's description, and the safe answer has the focus.
    const described = ask.getAttribute('aria-describedby') as string;
    expect(document.getElementById(described)?.textContent).toContain('It cannot be undone');
    const cancel = within(ask).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);

    // Escape is Cancel: nothing sent.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posted()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Take a time-out' }));
    const again = await screen.findByRole('alertdialog', { name: 'Take a time-out for 24 hours?' });
    const before = Date.now();
    fireEvent.click(within(again).getByRole('button', { name: 'Start the time-out' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const body = posted()[0] as { timeOutUntil: string };
    expect(Object.keys(body)).toEqual(['timeOutUntil']);
    const asked = Date.parse(body.timeOutUntil) - before;
    expect(asked).toBeGreaterThanOrEqual(24 * HOUR);
    expect(asked).toBeLessThan(24 * HOUR + 60_000);
    const until = formatDateTime(body.timeOutUntil);
    expect(within(card).getByTestId('rg-in-force').textContent).toBe(
      `You are taking a time-out until ${until}. You can still withdraw.`,
    );
    expect(toasts.success).toEqual([`Your time-out runs until ${until}.`]);
    // It may only be lengthened: 24 hours is no longer offered.
    expect(within(card).queryByRole('radio', { name: '24 hours' })).toBeNull();
    expect(within(card).getByRole('radio', { name: '6 weeks' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Make it longer' })).toBeTruthy();
  });

  it("shows the server's refusal inside the confirmation", async () => {
    show();
    const card = await screen.findByTestId('rg-self_exclusion');
    fireEvent.click(within(card).getByRole('radio', { name: '1 year' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Exclude myself' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Exclude yourself for 1 year?' });
    fakeRgApi.failing.setResponsibleGaming = { code: 'RG_CHANGE_REFUSED' };
    fireEvent.click(within(ask).getByRole('button', { name: 'Exclude me' }));
    expect((await within(ask).findByRole('alert')).textContent).toBe(
      'A time-out or self-exclusion cannot be shortened or lifted early.',
    );
    expect(within(card).queryByTestId('rg-in-force')).toBeNull();
  });

  it('keeps the keyboard inside a confirmation', async () => {
    show();
    const card = await screen.findByTestId('rg-self_exclusion');
    fireEvent.click(within(card).getByRole('radio', { name: '6 months' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Exclude myself' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Exclude yourself for 6 months?' });
    const [cancel, confirm] = within(ask).getAllByRole('button');
    expect(document.activeElement).toBe(cancel);
    act(() => (confirm as HTMLElement).focus());
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('reads the settings once on arrival', async () => {
    show();
    await screen.findByRole('heading', { name: 'Your limits and breaks' });
    await screen.findByRole('group', { name: 'Daily deposit limit' });
    expect(keys()).toEqual(['getResponsibleGaming']);
  });
});
