import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteBody, RouteResult } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { ProfitLossRoute } from './profit-loss';

type ProfitLoss = RouteResult<'userProfitLoss'>;

// The mocked call answers parsed values, as the HTTP client hands them over: money in paise (r(…)).
const withCasino: ProfitLoss = {
  totalCount: 1,
  total: r(-200),
  items: [
    {
      eventId: 7,
      eventName: 'India v Australia',
      sportId: 3,
      settledTime: '2026-11-24T12:00:00.000Z',
      stake: r(500),
      profitLoss: r(-200),
      commission: r(0),
    },
  ],
  casino: [
    {
      provider: 'dream',
      gameCode: 'dice',
      rounds: 1,
      stake: r(40),
      won: r(40),
      net: r(0),
      lastPlayed: '2026-11-24T10:05:00.000Z',
    },
    {
      provider: 'king',
      gameCode: 'teen-patti-2020',
      rounds: 2,
      stake: r(150),
      won: r(100),
      net: r(-50),
      lastPlayed: '2026-11-24T10:00:00.000Z',
    },
    {
      provider: 'mac',
      gameCode: 'roulette',
      rounds: 3,
      stake: r(60),
      won: r(180.5),
      net: r(120.5),
      lastPlayed: '2026-11-23T09:00:00.000Z',
    },
  ],
  casinoTotal: { rounds: 6, stake: r(250), won: r(320.5), net: r(70.5) },
};

const bodies: RouteBody<'userProfitLoss'>[] = [];
let answer: (body: RouteBody<'userProfitLoss'>) => ProfitLoss = () => withCasino;
vi.mock('@/shared/http/api', () => ({
  call: vi.fn(async (key: string, options: { body?: RouteBody<'userProfitLoss'> } = {}) => {
    if (key !== 'userProfitLoss' || !options.body) throw new Error(`unexpected call ${key}`);
    bodies.push(options.body);
    return answer(options.body);
  }),
}));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfitLossRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('/ProfitLoss', () => {
  afterEach(() => {
    cleanup();
    bodies.length = 0;
    answer = () => withCasino;
  });

  it('shows a Casino section: each game with its rounds and coloured net, and the totals', async () => {
    // The lobby's list (stored from the sport tree) names the games it knows; the others show their code.
    window.localStorage.setItem(
      'games',
      JSON.stringify([
        {
          id: 'king-teen-patti-2020',
          name: 'Teen Patti 20-20',
          provider: 'king',
          category: 'Live Casino',
          imageURL: '',
        },
      ]),
    );
    renderPage();
    const table = await screen.findByTestId('casino-pl');
    expect(screen.getByRole('heading', { name: 'Casino' })).toBeTruthy();
    const [, ...rows] = within(table).getAllByRole('row');
    const body = rows.slice(0, 3);
    expect(body.map((row) => cells(row).slice(1))).toEqual([
      ['Dream', '1', '₹40.00', '₹40.00', '₹0.00'],
      ['King', '2', '₹150.00', '₹100.00', '−₹50.00'],
      ['Mac', '3', '₹60.00', '₹180.50', '+₹120.50'],
    ]);
    expect(body.map((row) => cells(row)[0])).toEqual([
      expect.stringMatching(/^dice/),
      expect.stringMatching(/^Teen Patti 20-20/),
      expect.stringMatching(/^roulette/),
    ]);
    expect(within(body[1] as HTMLElement).getByText('−₹50.00').className).toContain('neg');
    expect(within(body[2] as HTMLElement).getByText('+₹120.50').className).toContain('pos');
    const total = rows[3] as HTMLElement;
    expect(within(total).getByRole('rowheader').textContent).toBe('Casino total');
    expect(cells(total)).toEqual(['6', '₹250.00', '₹320.50', '+₹70.50']);
    // The sports table stays, and the page's total is both: −200 + 70.50.
    expect(screen.getByRole('link', { name: 'India v Australia' })).toBeTruthy();
    expect(screen.getByText('Total').querySelector('strong')?.textContent).toBe('−₹129.50');
  });

  it('shows the casino alone when no market settled, and asks again for the range chosen', async () => {
    answer = () => ({ ...withCasino, totalCount: 0, total: r(0), items: [] });
    renderPage();
    await screen.findByTestId('casino-pl');
    expect(screen.queryByRole('heading', { name: /^Sports/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(bodies.at(-1)?.StartDate).toBe(new Date(2026, 10, 1).toISOString()));
  });

  it('says there is nothing when neither sports nor the casino have a result (a backend without a casino)', async () => {
    answer = () => ({ totalCount: 0, total: r(0), items: [] });
    renderPage();
    expect(await screen.findByText('No profit or loss in this period')).toBeTruthy();
    expect(screen.queryByTestId('casino-pl')).toBeNull();
  });
});
