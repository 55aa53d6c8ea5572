import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteQuery, RouteResult } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { AccountStatementRoute } from './account-statement';

type Statement = RouteResult<'transactionHistory'>;

// The mocked call answers parsed values, as the HTTP client hands them over: money in paise (r(…)).
const casinoLines: Statement['items'] = [
  {
    id: 12,
    journalId: 40,
    date: '2026-11-24T10:05:00.000Z',
    kind: 'casino_credit',
    description: 'Casino win: teen-patti-2020 (king), round A1',
    credit: r(250),
    debit: r(0),
    balance: r(1100),
  },
  {
    id: 11,
    journalId: 39,
    date: '2026-11-24T10:04:00.000Z',
    kind: 'casino_debit',
    description: 'Casino bet: teen-patti-2020 (king), round A1',
    credit: r(0),
    debit: r(100),
    balance: r(850),
  },
];
const adjustment: Statement['items'][number] = {
  id: 10,
  journalId: 38,
  date: '2026-11-24T10:00:00.000Z',
  kind: 'adjustment',
  description: 'Funds added by the site',
  credit: r(950),
  debit: r(0),
  balance: r(950),
};

const queries: RouteQuery<'transactionHistory'>[] = [];
vi.mock('@/shared/http/api', () => ({
  call: vi.fn(async (key: string, options: { query?: RouteQuery<'transactionHistory'> } = {}) => {
    if (key !== 'transactionHistory' || !options.query) throw new Error(`unexpected call ${key}`);
    queries.push(options.query);
    const items = options.query.kind === 'casino' ? casinoLines : [...casinoLines, adjustment];
    return { totalCount: items.length, items } satisfies Statement;
  }),
}));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountStatementRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/account-cash-statement', () => {
  afterEach(() => {
    cleanup();
    queries.length = 0;
  });

  it('offers the Game Report filter, which asks for the casino lines alone', async () => {
    renderPage();
    await screen.findByText('Funds added by the site');
    expect(queries.at(-1)?.kind).toBe('all');
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    const option = within(type).getByRole('option', { name: 'Game Report' }) as HTMLOptionElement;
    expect(option.value).toBe('casino');
    // The single kinds stay too.
    expect(within(type).getByRole('option', { name: 'Casino debit' })).toBeTruthy();

    fireEvent.change(type, { target: { value: 'casino' } });
    await waitFor(() => expect(screen.queryByText('Funds added by the site')).toBeNull());
    expect(queries.at(-1)?.kind).toBe('casino');
    const rows = within(screen.getByTestId('statement')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual(['casino_credit', 'casino_debit']);
    const win = screen.getByRole('link', { name: 'Casino win: teen-patti-2020 (king), round A1' });
    expect(win.getAttribute('href')).toBe('/account-cash-statement/detail/12');
    expect(rows[0]?.textContent).toContain('+₹250.00');
    expect(rows[1]?.textContent).toContain('−₹100.00');
    expect(rows[1]?.textContent).toContain('₹850.00');
  });
});
