import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookmakerMarket, PlaceBetResult, RouteBody } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import { AppError } from '@/shared/http/errors';
import { setLanguage } from '@/shared/i18n';
import { priceSelection } from '@/shared/market/testing';
import { setRealtimeConnection } from '@/shared/realtime/registry';
import { FakeConnection } from '@/shared/realtime/testing';
import { useSessionStore } from '@/shared/session/session-store';
import { useUiStore } from '@/shared/stores/ui';
import { useBetslipStore } from '../../stores/betslip';
import { answers, bodies, resetFakeApi, sent } from '../../testing/fake-api';
import { signInDemo, signOut } from '../../testing/session';
import { Betslip } from './Betslip';

vi.mock('@/shared/http/api', async () => (await import('../../testing/fake-api')).fakeApiModule);

const matchOdds = priceSelection();

function result(over: Partial<PlaceBetResult>): PlaceBetResult {
  return {
    betId: 501,
    status: 'MATCHED',
    message: 'Bet placed',
    matchedRate: 2.1,
    requestedRate: 2.1,
    matchedStake: r(0),
    unmatchedStake: r(0),
    fills: [],
    balance: r(9000),
    exposure: r(1000),
    ...over,
  };
}

function renderSlip() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The slip lives under the router (its login and responsible-gaming links).
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  return render(<Betslip />, { wrapper });
}

describe('the betslip', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useUiStore.getState().reloadFromStorage();
    useBetslipStore.setState({ acceptAnyOdds: false, persistence: 'cancel', placed: null });
    useBetslipStore.getState().close();
    resetFakeApi();
    signInDemo({ balance: 10000, exposure: 0 });
  });
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('takes typed odds, snapped to the ladder on Enter or on leaving the field, and places at them', async () => {
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    const odds = screen.getByLabelText('Odds');
    fireEvent.change(odds, { target: { value: '2.135' } });
    fireEvent.keyDown(odds, { key: 'Enter' });
    expect(odds).toHaveProperty('value', '2.14');
    // Ticking still works from the typed price.
    fireEvent.click(screen.getByRole('button', { name: 'Price up a tick' }));
    expect(odds).toHaveProperty('value', '2.16');
    fireEvent.change(odds, { target: { value: '7.75' } });
    fireEvent.blur(odds);
    expect(odds).toHaveProperty('value', '7.80');
    fireEvent.change(odds, { target: { value: 'abc' } });
    fireEvent.blur(odds);
    expect(screen.getByRole('alert').textContent).toBe('Type the odds as a number');
    expect(odds).toHaveProperty('value', '7.80');

    answers.placeBetV2 = [() => result({ requestedRate: 7.8, unmatchedStake: r(200), status: 'UNMATCHED' })];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByTestId('betslip-result');
    expect(bodies('placeBetV2')[0]).toMatchObject({ rate: 7.8, stake: r(200), type: 1 });
  });

  it("sends 'Accept any odds' and 'Keep in play', and remembers both for the next slip", async () => {
    bus.emit('betslip:select', matchOdds);
    const view = renderSlip();
    expect(screen.getByLabelText(/Accept any odds/)).toHaveProperty('checked', false);
    expect(screen.getByLabelText(/Keep in play/)).toHaveProperty('checked', false);
    fireEvent.click(screen.getByLabelText(/Accept any odds/));
    fireEvent.click(screen.getByLabelText(/Keep in play/));
    expect(JSON.parse(window.localStorage.getItem('betslips') ?? '{}')).toMatchObject({
      options: { acceptAnyOdds: true, persistence: 'keep' },
    });

    answers.placeBetV2 = [
      () => result({ matchedStake: r(100), fills: [{ betId: 501, rate: 2.1, stake: r(100) }] }),
    ];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByTestId('betslip-result');
    expect(bodies('placeBetV2')[0]).toMatchObject({ acceptAnyOdds: true, persistence: 'keep' });
    view.unmount();

    // A bookmaker slip: accept any odds stays on; it has no unmatched part, so no 'Keep in play'.
    bus.emit('betslip:select', { ...matchOdds, marketId: '9.1', marketType: 'BOOKMAKER', rate: 85 });
    renderSlip();
    expect(screen.getByLabelText(/Accept any odds/)).toHaveProperty('checked', true);
    expect(screen.queryByLabelText(/Keep in play/)).toBeNull();
  });

  it('shows in the slip what matched at which prices and what rests, then cancels part and edits the rest', async () => {
    bus.emit('betslip:select', { ...matchOdds, rate: 2.14 });
    renderSlip();
    answers.placeBetV2 = [
      () =>
        result({
          status: 'PARTIALLY_MATCHED',
          message: 'Back India ₹400 matched, ₹100 unmatched @ 2.14',
          matchedRate: 2.18,
          requestedRate: 2.14,
          matchedStake: r(400),
          unmatchedStake: r(100),
          fills: [
            { betId: 501, rate: 2.2, stake: r(300) },
            { betId: 502, rate: 2.14, stake: r(100) },
          ],
        }),
    ];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));

    const panel = await screen.findByTestId('betslip-result');
    // The slip's form gave way to the result, where the thumb is.
    expect(screen.queryByTestId('betslip')).toBeNull();
    expect(within(panel).getByTestId('betslip-result-status').textContent).toBe('Partly matched');
    expect(
      within(panel)
        .getAllByTestId('betslip-fill')
        .map((li) => li.textContent),
    ).toEqual(['Matched₹300@ 2.20', 'Matched₹100@ 2.14']);
    expect(within(panel).getByTestId('betslip-unmatched').textContent).toBe('Unmatched₹100@ 2.14');

    // Cancel part of the rest: ₹40 of ₹100.
    answers.cancelBet = [
      () => ({
        betId: 501,
        status: 'PARTIALLY_MATCHED',
        cancelledStake: r(40),
        unmatchedStake: r(60),
        matchedStake: r(400),
        message: 'Cancelled ₹40; ₹60 still unmatched @ 2.14',
        balance: r(9040),
        exposure: r(960),
      }),
    ];
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    fireEvent.change(within(panel).getByLabelText('Stake to cancel (₹)'), { target: { value: '40' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel part' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('betslip-unmatched').textContent).toBe('Unmatched₹60@ 2.14'),
    );
    const cancel = bodies('cancelBet')[0] as RouteBody<'cancelBet'>;
    expect(cancel).toMatchObject({ betId: 501, stake: r(40) });
    expect(cancel.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(within(panel).getAllByText('Cancelled ₹40; ₹60 still unmatched @ 2.14').length).toBeGreaterThan(0);
    expect(useSessionStore.getState()).toMatchObject({ balance: r(9040), exposure: r(960) });

    // Edit the rest to 2.10, where it matches at once.
    answers.updateBet = [
      () =>
        result({
          status: 'MATCHED',
          message: 'Back India ₹60 matched @ 2.10',
          matchedRate: 2.1,
          requestedRate: 2.1,
          matchedStake: r(60),
          unmatchedStake: r(0),
          fills: [{ betId: 503, rate: 2.1, stake: r(60) }],
        }),
    ];
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit price' }));
    const newPrice = within(panel).getByLabelText(/New price/);
    fireEvent.change(newPrice, { target: { value: '2.1' } });
    fireEvent.blur(newPrice);
    fireEvent.click(within(panel).getByRole('button', { name: 'Update to 2.10' }));
    await waitFor(() => expect(within(panel).queryByTestId('betslip-unmatched')).toBeNull());
    const update = bodies('updateBet')[0] as RouteBody<'updateBet'>;
    expect(update).toMatchObject({ betId: 501, rate: 2.1 });
    expect(update.requestId).not.toBe(cancel.requestId);
    expect(within(panel).getByTestId('betslip-result-status').textContent).toBe('Matched');
    expect(within(panel).getAllByTestId('betslip-fill')).toHaveLength(3);

    // Done closes the result.
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('betslip-result')).toBeNull();
  });

  it('follows a later fill of the resting part pushed by the hub (BetChange)', async () => {
    bus.emit('betslip:select', { ...matchOdds, side: 'lay', rate: 1.5 });
    renderSlip();
    answers.placeBetV2 = [() => result({ status: 'UNMATCHED', requestedRate: 1.5, unmatchedStake: r(300) })];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    const panel = await screen.findByTestId('betslip-result');
    expect(within(panel).getByTestId('betslip-result-status').textContent).toBe('Unmatched');
    expect(within(panel).queryAllByTestId('betslip-fill')).toHaveLength(0);

    act(() =>
      useBetslipStore.getState().applyOrderChange({
        orderId: 501,
        status: 'MATCHED',
        matchedStake: r(300),
        unmatchedStake: r(0),
        fills: [{ betId: 501, rate: 1.5, stake: r(300) }],
        message: 'Lay India ₹300 matched @ 1.50',
      }),
    );
    expect(within(panel).getByTestId('betslip-result-status').textContent).toBe('Matched');
    expect(within(panel).getByTestId('betslip-fill').textContent).toBe('Matched₹300@ 1.50');
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("says a refusal by the player's own limits with the server's message and the way to responsible gaming", async () => {
    const refusals = [
      ['LOSS_LIMIT_REACHED', 'This would go over the loss limit you set. Nothing was changed.'],
      ['PLAYER_TIMED_OUT', 'You are taking a time-out until 25 Nov, 10:00. You can still withdraw.'],
      ['PLAYER_SELF_EXCLUDED', 'You have excluded yourself from play. You can still withdraw.'],
    ] as const;
    for (const [code, message] of refusals) {
      bus.emit('betslip:select', matchOdds);
      const view = renderSlip();
      answers.placeBetV2 = [
        () => {
          throw new AppError({ code, status: 403, message });
        },
      ];
      fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
      fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent, code).toBe(`${message} Responsible gaming`);
      expect(within(alert).getByRole('link', { name: 'Responsible gaming' }).getAttribute('href')).toBe(
        '/responsible-gaming',
      );
      view.unmount();
    }

    // Any other refusal is the server's message alone.
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    answers.placeBetV2 = [
      () => {
        throw new AppError({
          code: 'INSUFFICIENT_FUNDS',
          status: 422,
          message: 'Insufficient balance for this bet.',
        });
      },
    ];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient balance for this bet.');
    expect(screen.queryByRole('link', { name: 'Responsible gaming' })).toBeNull();
  });

  it('speaks Hindi to a player who reads Hindi', async () => {
    await setLanguage('hi');
    try {
      bus.emit('betslip:select', matchOdds);
      renderSlip();
      expect(screen.getByRole('region', { name: 'बेट स्लिप' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'दांव लगाएँ' }));
      expect(screen.getByText('स्टेक लिखें')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('स्टेक (₹)'), { target: { value: '50' } });
      expect(screen.getByText('न्यूनतम स्टेक ₹100 है')).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });

  it("offers the live price after a bookmaker bet is refused with 'odds changed', and places at it on one tap", async () => {
    const hub = new FakeConnection();
    setRealtimeConnection(hub);
    const bookmaker: BookmakerMarket = {
      id: '9.1',
      eventId: 7,
      name: 'Bookmaker',
      type: 'BOOKMAKER',
      status: 'OPEN',
      inPlay: true,
      betDelayMs: 0,
      minStake: r(100),
      maxStake: r(500000),
      maxProfit: r(2500000),
      version: 4,
      runners: [
        {
          id: 11,
          name: 'India',
          sortPriority: 1,
          status: 'ACTIVE',
          back: [{ rate: 88, size: r(5000) }],
          lay: [],
        },
      ],
    };
    bus.emit('betslip:select', {
      ...matchOdds,
      marketId: '9.1',
      marketName: 'Bookmaker',
      marketType: 'BOOKMAKER',
      rate: 85,
    });
    renderSlip();
    // The page's live odds move India's back rate from 85 to 88.
    hub.push({
      Code: 'OddsChange',
      Data: {
        kind: 'change',
        eventId: 7,
        version: 4,
        prevVersion: 3,
        at: '2026-11-24T10:00:00.000Z',
        matchOdds: [],
        bookmaker: [bookmaker],
        fancy: [],
        toss: [],
      },
    });
    answers.placeBetV2 = [
      () => {
        throw new AppError({ code: 'ODDS_CHANGED', status: 422, message: 'Odds changed: India is now 88.' });
      },
      () =>
        result({
          requestedRate: 88,
          matchedRate: 88,
          matchedStake: r(100),
          fills: [{ betId: 501, rate: 88, stake: r(100) }],
        }),
    ];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    const take = await screen.findByRole('button', { name: 'Take the new price 88' });
    expect(screen.getByRole('alert').textContent).toBe('Odds changed: India is now 88.');
    // Nothing asked of the server for the price: the page had it.
    expect(sent.filter((s) => s.key === 'userOddsV2')).toHaveLength(0);

    fireEvent.click(take);
    await screen.findByTestId('betslip-result');
    const [first, second] = bodies('placeBetV2') as RouteBody<'placeBetV2'>[];
    expect(first).toMatchObject({ rate: 85 });
    expect(second).toMatchObject({ rate: 88, stake: r(100) });
    expect(second?.requestId).not.toBe(first?.requestId);
  });
});
