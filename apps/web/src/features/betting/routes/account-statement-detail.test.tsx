import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteResult } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { AccountStatementDetailRoute } from './account-statement-detail';

type Detail = RouteResult<'transactionDetail'>;

// The mocked call answers parsed values, as the HTTP client hands them over: money in paise (r(…)).
const details: Record<number, Detail> = {
  12: {
    line: {
      id: 12,
      journalId: 40,
      date: '2026-11-24T10:05:00.000Z',
      kind: 'casino_credit',
      description: 'Casino bet rolled back: dice (dream), round A3',
      credit: r(40),
      debit: r(0),
      balance: r(1100),
    },
    bets: [],
    marketName: null,
    eventName: null,
    casinoRound: {
      provider: 'dream',
      gameCode: 'dice',
      roundId: 'A3',
      stake: r(40),
      won: r(0),
      refunded: r(40),
      net: r(0),
      moves: [
        {
          type: 'bet',
          transactionId: 'a3-bet',
          amount: r(40),
          referenceTransactionId: null,
          date: '2026-11-24T10:04:00.000Z',
        },
        {
          type: 'rollback',
          transactionId: 'a3-rb',
          amount: r(40),
          referenceTransactionId: 'a3-bet',
          date: '2026-11-24T10:05:00.000Z',
        },
      ],
    },
  },
  13: {
    line: {
      id: 13,
      journalId: 41,
      date: '2026-11-24T10:06:00.000Z',
      kind: 'casino_credit',
      description: 'Casino win: teen-patti-2020 (king), round A1',
      credit: r(250),
      debit: r(0),
      balance: r(1350),
    },
    bets: [],
    marketName: null,
    eventName: null,
    casinoRound: {
      provider: 'king',
      gameCode: 'teen-patti-2020',
      roundId: 'A1',
      stake: r(100),
      won: r(250),
      refunded: r(0),
      net: r(150),
      moves: [],
    },
  },
};

vi.mock('@/shared/http/api', () => ({
  call: vi.fn(async (key: string, options: { query?: { id: number } } = {}) => {
    const detail = key === 'transactionDetail' ? details[options.query?.id ?? 0] : undefined;
    if (!detail) throw new Error(`unexpected call ${key}`);
    return detail;
  }),
}));

function renderDetail(id: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/account-cash-statement/detail/${id}`]}>
        <Routes>
          <Route path="/account-cash-statement/detail/:id" element={<AccountStatementDetailRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The value shown beside a term of a definition list. */
const valueOf = (list: HTMLElement, term: string) =>
  within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/account-cash-statement/detail/{id} of a casino line', () => {
  afterEach(cleanup);

  it('shows the round: game, provider, round, stake, wins, the rollback, the net and its calls', async () => {
    renderDetail(12);
    const round = await screen.findByTestId('casino-round');
    expect(valueOf(round, 'Game')).toBe('dice');
    expect(valueOf(round, 'Provider')).toBe('Dream');
    expect(valueOf(round, 'Round')).toBe('A3');
    expect(valueOf(round, 'Staked')).toBe('₹40.00');
    expect(valueOf(round, 'Won')).toBe('₹0.00');
    expect(valueOf(round, 'Rolled back')).toBe('₹40.00');
    expect(valueOf(round, 'Net')).toBe('₹0.00');
    const calls = within(screen.getByRole('list', { name: 'Round transactions' })).getAllByRole('listitem');
    expect(calls.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Bet.*a3-bet−₹40\.00$/),
      expect.stringMatching(/^Rolled back.*a3-rb\+₹40\.00$/),
    ]);
  });

  it('colours a won round and leaves out a rollback it did not have', async () => {
    renderDetail(13);
    const round = await screen.findByTestId('casino-round');
    const net = within(round).getByText('+₹150.00');
    expect(net.className).toContain('pos');
    expect(within(round).queryByText('Rolled back')).toBeNull();
  });
});
