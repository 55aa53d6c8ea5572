import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashOutOfferResult, MatchOddsMarket, RouteBody } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { AppError } from '@/shared/http/errors';
import { signInDemo, signOut } from '../testing/session';
// Cash out shows under a match odds market where the player has a position: rendered as the market page does.
import { MarketActions } from './MarketActions';

const EVENT = 7;
const MARKET = '1.7001';

// The mocked calls answer parsed values, as the HTTP client hands them over: money in paise (r(…)).
const market: MatchOddsMarket = {
  id: MARKET,
  eventId: EVENT,
  name: 'Match Odds',
  type: 'MATCH_ODDS',
  status: 'OPEN',
  inPlay: true,
  betDelayMs: 5000,
  minStake: r(100),
  maxStake: r(500000),
  maxProfit: r(2500000),
  version: 1,
  runners: [
    { id: 11, name: 'India', sortPriority: 1, status: 'ACTIVE', back: [], lay: [] },
    { id: 12, name: 'Australia', sortPriority: 2, status: 'ACTIVE', back: [], lay: [] },
  ],
};

/** Back India ₹1,000 @ 2.00, with India's best lay at `lay`: the offer the server would make. */
function offerAt(lay: number, stake: number, guaranteed: number): CashOutOfferResult {
  return {
    marketId: MARKET,
    eventId: EVENT,
    available: true,
    reason: null,
    hedge: { type: 2, runnerId: 11, rate: lay, stake: r(stake) },
    runners: [
      { runnerId: 11, now: r(1000), afterCashOut: r(guaranteed) },
      { runnerId: 12, now: r(-1000), afterCashOut: r(guaranteed) },
    ],
    guaranteed: r(guaranteed),
  };
}

let offer: CashOutOfferResult;
let placeAnswers: (() => unknown)[];
const sent: RouteBody<'placeBetV2'>[] = [];
let offerReads = 0;

vi.mock('@/shared/http/api', () => ({
  readStoredAnswer: vi.fn(async () => undefined),
  storeAnswer: vi.fn(async () => undefined),
  call: vi.fn(async (key: string, options: { body?: unknown } = {}) => {
    if (key === 'userExpectedProfitLoss') {
      return [
        {
          eventId: EVENT,
          marketId: MARKET,
          marketType: 'match_odd',
          exposure: r(1000),
          runners: [
            { runnerId: 11, amount: r(1000) },
            { runnerId: 12, amount: r(-1000) },
          ],
        },
      ];
    }
    if (key === 'cashOutOffer') {
      offerReads += 1;
      return offer;
    }
    if (key === 'placeBetV2') {
      sent.push(options.body as RouteBody<'placeBetV2'>);
      const answer = placeAnswers.shift();
      if (!answer) throw new Error('no answer left for placeBetV2');
      return answer();
    }
    throw new Error(`unexpected call ${key}`);
  }),
}));

function renderActions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(<MarketActions eventId={EVENT} market={market} />, { wrapper });
}

const oddsChanged = () => {
  throw new AppError({
    code: 'ODDS_CHANGED',
    status: 422,
    message:
      'Odds changed: the best lay price of India is now 1.62. Please check the new price and try again.',
  });
};
const placed = () => ({
  betId: 9,
  status: 'MATCHED',
  message: 'Bet placed',
  balance: r(15000),
  exposure: r(0),
});

describe('cash out on the market page', () => {
  beforeEach(() => {
    offer = offerAt(1.6, 1250, 250);
    placeAnswers = [];
    sent.length = 0;
    offerReads = 0;
    signInDemo({ balance: 15000, exposure: 1000 });
  });
  afterEach(() => {
    cleanup();
    signOut();
  });

  it("says a hedge below the market minimum stake can't be cashed out, with no button to try", async () => {
    offer = {
      ...offerAt(1.6, 1, 0),
      available: false,
      reason: 'below-min-stake',
      hedge: null,
      guaranteed: null,
      runners: [
        { runnerId: 11, now: r(100), afterCashOut: null },
        { runnerId: 12, now: r(-100), afterCashOut: null },
      ],
    };
    renderActions();
    expect(await screen.findByTestId('cash-out-unavailable')).toHaveProperty(
      'textContent',
      'Cash out below the ₹100 minimum stake',
    );
    expect(screen.queryByRole('button', { name: /Cash out/ })).toBeNull();
  });

  it('says a hedge above the market bet limits cannot be cashed out, with no button to try', async () => {
    offer = {
      ...offerAt(1.6, 1, 0),
      available: false,
      reason: 'above-bet-limits',
      hedge: null,
      guaranteed: null,
      runners: [
        { runnerId: 11, now: r(3000), afterCashOut: null },
        { runnerId: 12, now: r(-1000), afterCashOut: null },
      ],
    };
    renderActions();
    expect(await screen.findByTestId('cash-out-unavailable')).toHaveProperty(
      'textContent',
      'Cash out larger than one bet on this market may be',
    );
    expect(screen.queryByRole('button', { name: /Cash out/ })).toBeNull();
  });

  it("on 'odds changed' places nothing more: reads the offer again and asks to confirm the new figure", async () => {
    placeAnswers = [oddsChanged, placed];
    renderActions();
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out +₹250.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash out' });
    const readsBefore = offerReads;
    // The price moves to 1.62 while the hedge is checked: the server refuses it.
    offer = offerAt(1.62, 1235, 235);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(/price moved.*nothing was placed or charged/);
    await waitFor(() =>
      expect(within(dialog).getByTestId('cash-out-guaranteed').textContent).toBe('+₹235.00'),
    );
    expect(offerReads).toBeGreaterThan(readsBefore);
    expect(sent).toHaveLength(1);
    // The caller hands the client paise; the client encodes them (whole rupees on the wire).
    expect(sent[0]).toMatchObject({
      type: 2,
      runnerId: 11,
      rate: 1.6,
      stake: 125_000,
      marketId: MARKET,
      cashOut: true,
    });

    // Only the player's second confirmation places the new hedge, with a new request id.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cash out' })).toBeNull());
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ type: 2, runnerId: 11, rate: 1.62, stake: 123_500 });
    expect(sent[1]?.requestId).not.toBe(sent[0]?.requestId);
  });

  it('another refusal is said in the dialog, with the server message', async () => {
    placeAnswers = [
      () => {
        throw new AppError({ code: 'MARKET_SUSPENDED', status: 422, message: 'This market is suspended.' });
      },
    ];
    renderActions();
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out +₹250.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash out' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Cash out failed: This market is suspended.',
    );
    expect(sent).toHaveLength(1);
  });
});
