import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/App';
import { makeQueryClient } from '@/app/query-client';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { minutesAgo } from '@/test/fixtures';
import { DashboardPage } from './DashboardPage';

/** Fourteen IST days on the wire (rupees), oldest first, 11 to 24 Nov; the last one is today. */
function days(lastGgr = -1200) {
  return Array.from({ length: 14 }, (_, i) => ({
    date: `2025-11-${String(11 + i).padStart(2, '0')}`,
    deposits: i === 13 ? 125000.5 : 1000,
    withdrawals: i === 13 ? 40000 : 500,
    ggr: i === 13 ? lastGgr : 100,
  }));
}

function dashboard(overrides: { ggr?: number } = {}) {
  const ggr = overrides.ggr ?? -1200;
  return {
    pendingDeposits: { count: 3, oldestAt: minutesAgo(12) },
    pendingWithdrawals: { count: 2, oldestAt: minutesAgo(125) },
    today: {
      deposits: 125000.5,
      withdrawals: 40000,
      betsCount: 1234,
      betsStake: 250000,
      casinoWagers: 98765.25,
      ggr,
    },
    playersOnline: { count: 57, seenWithinSeconds: 60 },
    marketsAwaitingResult: 4,
    days: days(ggr),
  };
}

// The route is the lead's to wire: the page renders alone, inside the console's own providers.
function Page() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </Providers>
  );
}

const card = (id: string) => screen.getByTestId(`card-${id}`).textContent;
const value = (id: string) =>
  screen.getByTestId(`card-${id}`).querySelector('.dash-card__value')!.textContent;

describe('the dashboard', () => {
  it("shows the backlog with its ages and today's figures in rupees", async () => {
    signedInAs('finance');
    const server = fakeServer({ 'GET /admin/dashboard': ok(dashboard({ ggr: 5400.75 })) });
    render(<Page />);
    await screen.findByTestId('card-pending-deposits');
    expect(server.calls('GET /admin/dashboard')[0]!.authorization).toBe('Bearer token-of-finance_op');
    expect(value('pending-deposits')).toBe('3');
    expect(card('pending-deposits')).toContain('oldest 12 min');
    expect(value('pending-withdrawals')).toBe('2');
    expect(card('pending-withdrawals')).toContain('oldest 2 h 5 min');
    expect(card('deposits')).toContain('₹1,25,000.50');
    expect(card('withdrawals')).toContain('₹40,000.00');
    expect(value('bets')).toBe('1,234');
    expect(card('bets')).toContain('₹2,50,000.00 matched');
    expect(card('casino')).toContain('₹98,765.25');
    expect(card('ggr')).toContain('₹5,400.75');
    expect(card('ggr')).toContain('players lost');
    expect(screen.getByTestId('card-ggr').className).toContain('dash-card--gain');
    expect(value('online')).toBe('57');
    expect(card('online')).toContain('last 60 s');
    expect(value('markets')).toBe('4');
    // Finance may open its queue from the backlog.
    expect(within(screen.getByTestId('card-pending-deposits')).getByRole('link').getAttribute('href')).toBe(
      '/finance?type=1',
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Updated at \d{2}:\d{2}:\d{2}$/);
  });

  it('says none waits when a queue is empty, and a trader gets no link to finance', async () => {
    signedInAs('trader');
    const empty = { ...dashboard(), pendingDeposits: { count: 0, oldestAt: null } };
    fakeServer({ 'GET /admin/dashboard': ok(empty) });
    render(<Page />);
    await screen.findByTestId('card-pending-deposits');
    expect(card('pending-deposits')).toContain('none waiting');
    expect(within(screen.getByTestId('card-pending-withdrawals')).queryByRole('link')).toBeNull();
  });

  it('shows a negative GGR as a loss', async () => {
    signedInAs('owner');
    fakeServer({ 'GET /admin/dashboard': ok(dashboard({ ggr: -1200 })) });
    render(<Page />);
    await screen.findByTestId('card-ggr');
    expect(value('ggr')).toBe('−₹1,200.00');
    expect(card('ggr')).toContain('loss: players won');
    expect(screen.getByTestId('card-ggr').className).toContain('dash-card--loss');
  });

  it('draws the 14 days as a picture with a summary, and as a table for screen readers', async () => {
    signedInAs('owner');
    fakeServer({ 'GET /admin/dashboard': ok(dashboard({ ggr: -1200 })) });
    const { container } = render(<Page />);
    const chart = await screen.findByRole('img');
    // 13 days of ₹1,000 and ₹1,25,000.50; 13 of ₹500 and ₹40,000; 13 of ₹100 and −₹1,200.
    expect(chart.getAttribute('aria-label')).toBe(
      'Deposits, withdrawals and GGR for the 14 days from 11 Nov to 24 Nov (India time): ' +
        'deposits ₹1,38,000.50 in all, withdrawals ₹46,500.00, GGR ₹100.00. ' +
        'The same figures follow as a table.',
    );
    // The chart did draw: two series of 14 bars and the GGR line.
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(28));
    expect(container.querySelector('.recharts-line-curve')).not.toBeNull();

    const table = screen.getByRole('table', { name: 'Deposits, withdrawals and GGR by day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(15);
    expect(rows[1]!.textContent).toBe('11 Nov₹1,000.00₹500.00₹100.00');
    expect(rows[14]!.textContent).toBe('24 Nov₹1,25,000.50₹40,000.00−₹1,200.00');
  });

  it('refreshes on demand', async () => {
    signedInAs('owner');
    let pending = 3;
    const server = fakeServer({
      'GET /admin/dashboard': () =>
        ok({ ...dashboard(), pendingDeposits: { count: pending, oldestAt: minutesAgo(12) } }),
    });
    render(<Page />);
    await screen.findByTestId('card-pending-deposits');
    pending = 9;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(value('pending-deposits')).toBe('9'));
    expect(server.calls('GET /admin/dashboard')).toHaveLength(2);
  });

  it('says "not allowed" when the server refuses the role', async () => {
    signedInAs('support');
    fakeServer({
      'GET /admin/dashboard': refused(403, 'FORBIDDEN', 'This role may not make this call.'),
    });
    render(<Page />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not allowed.');
    expect(alert.textContent).toContain('Your role (Support) may not see the dashboard.');
    expect(alert.textContent).toContain('This role may not make this call.');
    expect(screen.queryByTestId('card-pending-deposits')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
