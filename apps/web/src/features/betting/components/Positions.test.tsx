import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpectedProfitLoss, OpenBet, RouteBody } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { AppError } from '@/shared/http/errors';
import { answers, resetFakeApi, sent } from '../testing/fake-api';
import { openBet } from '../testing/open-bets';
import { Positions } from './Positions';

vi.mock('@/shared/http/api', async () => (await import('../testing/fake-api')).fakeApiModule);

const bets: OpenBet[] = [
  openBet({ betId: 1, orderId: 1 }),
  openBet({ betId: 2, orderId: 2, betType: 'Lay', odds: 2.2, stake: r(150), isCashOut: true }),
  openBet({
    betId: 3,
    orderId: 3,
    status: 'UNMATCHED',
    betType: 'Lay',
    runnerId: 12,
    runnerName: 'Australia',
    odds: 1.5,
    stake: r(500),
    liability: r(250),
  }),
];
const pnl: ExpectedProfitLoss[] = [
  {
    eventId: 7,
    marketId: '1.7001',
    marketType: 'match_odd',
    exposure: r(480),
    runners: [
      { runnerId: 11, amount: r(150) },
      { runnerId: 12, amount: r(-150) },
    ],
  },
];

function renderPositions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  return render(<Positions bets={bets} pnl={pnl} />, { wrapper });
}

const cancelAnswer = (cancelled: number, left: number) => () => ({
  betId: 3,
  status: left > 0 ? 'UNMATCHED' : 'CANCELLED',
  cancelledStake: r(cancelled),
  unmatchedStake: r(left),
  matchedStake: r(0),
  message: left > 0 ? `Cancelled ₹${cancelled}; ₹${left} still unmatched` : `Cancelled ₹${cancelled}`,
  balance: r(10000),
  exposure: r(300),
});

describe('positions', () => {
  beforeEach(() => {
    resetFakeApi();
  });
  afterEach(cleanup);

  it('shows a market as its net per runner, the matched bets (hedge marked) and the unmatched ones', () => {
    renderPositions();
    const card = screen.getByTestId('position-1.7001');
    expect(
      within(card)
        .getAllByTestId('position-outcome')
        .map((o) => o.textContent),
    ).toEqual(['India+₹150.00', 'Australia−₹150.00']);
    expect(card.textContent).toContain('Exposure ₹480');
    const matched = within(card).getAllByTestId('matched-bet');
    expect(matched).toHaveLength(2);
    expect(within(matched[1] as HTMLElement).getByText('Cash out')).toBeTruthy();
    expect(within(matched[0] as HTMLElement).queryByText('Cash out')).toBeNull();
    const unmatched = within(card).getByTestId('unmatched-bet');
    expect(unmatched.textContent).toContain('Australia');
    expect(unmatched.textContent).toContain('₹500 @ 1.50 waiting to match');
  });

  it('cancels all or part of an unmatched bet, a fresh requestId each time, and says the answer', async () => {
    renderPositions();
    const row = screen.getByTestId('unmatched-bet');
    answers.cancelBet = [cancelAnswer(200, 300), cancelAnswer(300, 0)];

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    const part = within(row).getByLabelText('Stake to cancel (₹)');
    fireEvent.change(part, { target: { value: '500' } });
    expect(within(row).getByText('Less than ₹500, or cancel all')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Cancel part' })).toHaveProperty('disabled', true);
    fireEvent.change(part, { target: { value: '200' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel part' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Cancelled ₹200; ₹300 still unmatched');

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel all ₹500' }));
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('Cancelled ₹300'));

    const [first, second] = sent
      .filter((s) => s.key === 'cancelBet')
      .map((s) => s.body) as RouteBody<'cancelBet'>[];
    expect(first).toMatchObject({ betId: 3, stake: r(200) });
    expect(second).toEqual({ betId: 3, requestId: expect.stringMatching(/^[0-9a-f]{32}$/) as string });
    expect(second?.requestId).not.toBe(first?.requestId);
  });

  it('edits the price of an unmatched bet, and says a refusal', async () => {
    renderPositions();
    const row = screen.getByTestId('unmatched-bet');
    answers.updateBet = [
      () => {
        throw new AppError({
          code: 'PRICE_OFF_LADDER',
          status: 400,
          message: '1.55 is not on the price ladder',
        });
      },
      () => ({
        betId: 3,
        status: 'MATCHED',
        message: 'Lay Australia ₹500 matched @ 1.60',
        matchedRate: 1.6,
        requestedRate: 1.6,
        matchedStake: r(500),
        unmatchedStake: r(0),
        fills: [{ betId: 4, rate: 1.6, stake: r(500) }],
        balance: r(10000),
        exposure: r(300),
      }),
    ];
    fireEvent.click(within(row).getByRole('button', { name: 'Edit price' }));
    // A tick up the ladder from 1.50 twice: 1.52.
    fireEvent.click(within(row).getByRole('button', { name: 'Price up a tick' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Price up a tick' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Update to 1.52' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('1.55 is not on the price ladder');

    const field = within(row).getByLabelText(/New price/);
    fireEvent.change(field, { target: { value: '1.6' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(within(row).getByRole('button', { name: 'Update to 1.60' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Lay Australia ₹500 matched @ 1.60');

    const [first, second] = sent
      .filter((s) => s.key === 'updateBet')
      .map((s) => s.body) as RouteBody<'updateBet'>[];
    expect(first).toMatchObject({ betId: 3, rate: 1.52 });
    expect(second).toMatchObject({ betId: 3, rate: 1.6 });
    expect(second?.requestId).not.toBe(first?.requestId);
  });
});
