import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketStatus, MatchOddsMarket, PlaceBetResult } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import { priceSelection } from '@/shared/market/testing';
import { setRealtimeConnection } from '@/shared/realtime/registry';
import { FakeConnection } from '@/shared/realtime/testing';
import { useUiStore } from '@/shared/stores/ui';
import { useBetslipStore } from '../../stores/betslip';
import { answers, resetFakeApi } from '../../testing/fake-api';
import { signInDemo, signOut } from '../../testing/session';
import { Betslip } from './Betslip';
import { ANNOUNCE_GAP_MS } from './SlipAnnouncer';

vi.mock('@/shared/http/api', async () => (await import('../../testing/fake-api')).fakeApiModule);

const matchOdds = priceSelection();

function renderSlip(before?: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        {before}
        <Betslip />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** India v Australia's match odds as the hub pushes them: India's best back and the market's state. */
function market(back: number, status: MarketStatus = 'OPEN'): MatchOddsMarket {
  return {
    id: matchOdds.marketId,
    eventId: 7,
    name: 'Match Odds',
    type: 'MATCH_ODDS',
    status,
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
        back: [{ price: back, size: r(5000) }],
        lay: [{ price: 3, size: r(5000) }],
      },
    ],
  };
}

function push(hub: FakeConnection, m: MatchOddsMarket, version: number) {
  hub.push({
    Code: 'OddsChange',
    Data: {
      kind: 'change',
      eventId: 7,
      version,
      prevVersion: version - 1,
      at: '2026-11-24T10:00:00.000Z',
      matchOdds: [m],
      bookmaker: [],
      fancy: [],
      toss: [],
    },
  });
}

const announced = () => screen.getByTestId('betslip-announcer').textContent;

function placed(over: Partial<PlaceBetResult> = {}): PlaceBetResult {
  return {
    betId: 501,
    status: 'MATCHED',
    message: 'Bet placed',
    matchedRate: 2.1,
    requestedRate: 2.1,
    matchedStake: r(100),
    unmatchedStake: r(0),
    fills: [{ betId: 501, rate: 2.1, stake: r(100) }],
    balance: r(9000),
    exposure: r(1000),
    ...over,
  };
}

describe('the betslip by keyboard and screen reader', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useUiStore.getState().reloadFromStorage();
    useBetslipStore.setState({ placed: null, opener: null, focusSlip: false });
    useBetslipStore.getState().close();
    resetFakeApi();
    signInDemo({ balance: 10000, exposure: 0 });
  });
  afterEach(() => {
    cleanup();
    signOut();
    vi.useRealTimers();
  });

  it('moves the price a tick with ArrowUp and ArrowDown in the odds field, from a typed price too', () => {
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    const odds = screen.getByRole('spinbutton', { name: 'Odds' });
    fireEvent.keyDown(odds, { key: 'ArrowUp' });
    expect(odds).toHaveProperty('value', '2.12');
    expect(useBetslipStore.getState().rate).toBe(2.12);
    fireEvent.keyDown(odds, { key: 'ArrowDown' });
    fireEvent.keyDown(odds, { key: 'ArrowDown' });
    expect(odds).toHaveProperty('value', '2.08');
    expect(odds.getAttribute('aria-valuetext')).toBe('2.08');
    // Typed and not yet taken: the tick starts from the typed price, put on the ladder.
    fireEvent.change(odds, { target: { value: '3.03' } });
    fireEvent.keyDown(odds, { key: 'ArrowUp' });
    expect(odds).toHaveProperty('value', '3.10');
  });

  it('takes the focus to the odds field when a price is chosen by keyboard, and gives it back on Escape', () => {
    renderSlip(<button type="button">back India at 2.1</button>);
    const price = screen.getByRole('button', { name: 'back India at 2.1' });
    // Reached by Tab: it shows its focus ring (:focus-visible), so the keyboard chose it.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    price.focus();
    act(() => bus.emit('betslip:select', matchOdds));
    expect(document.activeElement).toBe(screen.getByLabelText('Odds'));

    fireEvent.keyDown(screen.getByLabelText('Odds'), { key: 'Escape' });
    expect(screen.queryByTestId('betslip')).toBeNull();
    expect(document.activeElement).toBe(price);
  });

  it('leaves the focus where it is when a price is tapped without the keyboard', () => {
    renderSlip(<button type="button">back India at 2.1</button>);
    const price = screen.getByRole('button', { name: 'back India at 2.1' });
    // A pointer's tap focuses the button without a focus ring.
    fireEvent.mouseDown(price);
    price.focus();
    fireEvent.mouseUp(price);
    act(() => bus.emit('betslip:select', matchOdds));
    expect(screen.getByTestId('betslip')).toBeTruthy();
    expect(document.activeElement).toBe(price);
  });

  it('says politely, once per change and never faster than the gap, when the price in the slip moves or is suspended', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const hub = new FakeConnection();
    setRealtimeConnection(hub);
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    const region = screen.getByTestId('betslip-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(announced()).toBe('');

    // The price it was tapped at: nothing to say.
    act(() => push(hub, market(2.1), 4));
    act(() => vi.advanceTimersByTime(ANNOUNCE_GAP_MS));
    expect(announced()).toBe('');

    act(() => push(hub, market(2.12), 5));
    act(() => vi.advanceTimersByTime(0));
    expect(announced()).toBe('Price now 2.12');

    // Two moves inside the gap: only the latest is said, once the gap is over.
    act(() => push(hub, market(2.14), 6));
    act(() => push(hub, market(2.16), 7));
    act(() => vi.advanceTimersByTime(ANNOUNCE_GAP_MS - 100));
    expect(announced()).toBe('Price now 2.12');
    act(() => vi.advanceTimersByTime(100));
    expect(announced()).toBe('Price now 2.16');

    act(() => vi.advanceTimersByTime(ANNOUNCE_GAP_MS));
    act(() => push(hub, market(2.16, 'SUSPENDED'), 8));
    act(() => vi.advanceTimersByTime(0));
    expect(announced()).toBe('Suspended');
    // The same state pushed again says nothing new.
    act(() => push(hub, market(2.16, 'SUSPENDED'), 9));
    act(() => vi.advanceTimersByTime(ANNOUNCE_GAP_MS));
    expect(announced()).toBe('Suspended');
  });

  it('says the bet placed and its state, and puts the focus on the result when the Place button went', async () => {
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    answers.placeBetV2 = [() => placed()];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
    const place = screen.getByRole('button', { name: 'Place bet' });
    place.focus();
    fireEvent.click(place);
    const panel = await screen.findByTestId('betslip-result');
    expect(announced()).toBe('Bet placed: Matched');
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Bet placed' }));
    // Escape is done with the result.
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByTestId('betslip-result')).toBeNull();
  });

  it('says a later change of the placed order once (the rest matched)', async () => {
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    answers.placeBetV2 = [
      () => placed({ status: 'UNMATCHED', matchedStake: r(0), unmatchedStake: r(100), fills: [] }),
    ];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByTestId('betslip-result');
    expect(announced()).toBe('Bet placed: Unmatched');
    act(() =>
      useBetslipStore.getState().applyOrderChange({
        orderId: 501,
        status: 'MATCHED',
        matchedStake: r(100),
        unmatchedStake: r(0),
        fills: [{ betId: 502, rate: 2.1, stake: r(100) }],
        message: 'Matched',
      }),
    );
    expect(announced()).toBe('Your bet is now Matched');
  });

  it('keeps the focus in the result through Cancel, Keep and Cancel all, then on its heading when nothing rests', async () => {
    bus.emit('betslip:select', matchOdds);
    renderSlip();
    answers.placeBetV2 = [
      () => placed({ status: 'UNMATCHED', matchedStake: r(0), unmatchedStake: r(100), fills: [] }),
    ];
    fireEvent.change(screen.getByLabelText('Stake (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    const panel = await screen.findByTestId('betslip-result');

    // Each pressed button goes with its form: the focus goes to the form's first control, and back.
    const press = (name: string | RegExp) => {
      const button = within(panel).getByRole('button', { name });
      button.focus();
      fireEvent.click(button);
    };
    press('Cancel');
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Cancel all ₹100' }));
    press('Keep');
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Cancel' }));
    press('Edit price');
    expect(document.activeElement).toBe(within(panel).getByLabelText(/New price/));
    press('Keep');
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Edit price' }));

    answers.cancelBet = [
      () => ({
        betId: 501,
        status: 'CANCELLED',
        cancelledStake: r(100),
        unmatchedStake: r(0),
        matchedStake: r(0),
        message: 'Cancelled ₹100',
        balance: r(10000),
        exposure: r(0),
      }),
    ];
    press('Cancel');
    press(/^Cancel all/);
    await waitFor(() => expect(within(panel).queryByTestId('betslip-unmatched')).toBeNull());
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Bet placed' }));
    expect(announced()).toBe('Your bet is now Cancelled');
  });
});
