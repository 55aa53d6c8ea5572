import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BookmakerMarket,
  CricketScoreCard,
  FootballScoreCard,
  MarketStatus,
  OddsV2,
} from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import { useUiStore } from '@/shared/stores/ui';
import { eventOdds, MARKET_TERMS, matchOddsMarket } from '../../lib/odds-fixtures';
import { OddsBook } from '../../lib/odds-book';
import { OddsBookContext } from '../../lib/use-odds';
import { EventStrip, OneClickChip, scoreLine } from './EventStrip';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

describe('the market page’s strip', () => {
  afterEach(cleanup);

  it('writes the score as one line, with the run rates for cricket', () => {
    const cricket: CricketScoreCard = {
      sport: 'cricket',
      eventId: 1,
      format: 'T20',
      maxOvers: 20,
      phase: 'INNINGS_2',
      battingTeam: 'IND',
      innings: [
        { team: 'SL', runs: 160, wickets: 7, balls: 120, overs: '20.0', extras: 4 },
        { team: 'IND', runs: 115, wickets: 6, balls: 109, overs: '18.1', extras: 2 },
      ],
      currentRunRate: 6.33,
      target: 161,
      requiredRunRate: 24.55,
      recentBalls: ['1'],
      summary: 'IND need 46 from 11 balls',
    };
    expect(scoreLine(cricket, null)).toBe('IND 115/6 (18.1) · CRR 6.33 · RRR 24.55');
    const football: FootballScoreCard = {
      sport: 'football',
      eventId: 2,
      home: 'A',
      away: 'B',
      homeGoals: 2,
      awayGoals: 1,
      period: 'SECOND_HALF',
      minute: 67,
      goals: [],
      summary: '',
    };
    expect(scoreLine(football, null)).toBe("2 – 1 · 67'");
    expect(scoreLine(null, 'HT 1-0')).toBe('HT 1-0');
  });

  it('shows one-click betting on with its stake, or off, and a tap opens its setting', () => {
    act(() => useUiStore.getState().setOneClick({ enabled: false, stake: 100 }));
    render(
      <MemoryRouter initialEntries={['/markets/5']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <OneClickChip />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button').textContent).toBe('1-Click off');
    act(() => useUiStore.getState().setOneClick({ enabled: true, stake: 500 }));
    const chip = screen.getByRole('button', {
      name: '1-Click ₹500: one-click betting is on, ₹500 a tap. Change it',
    });
    expect(chip.textContent).toBe('1-Click ₹500');
    expect(chip.className).toContain('one-click-chip--on');
    fireEvent.click(chip);
    expect(screen.getByTestId('where').textContent).toBe('/settings-stake');
  });

  it('shows the bookmaker’s rates when the event has no match odds (over, or never offered)', () => {
    const bookmaker: BookmakerMarket = {
      id: '1.0000000042002',
      eventId: 42,
      name: 'Bookmaker',
      type: 'BOOKMAKER',
      status: 'OPEN',
      ...MARKET_TERMS,
      runners: [
        {
          id: 1,
          name: 'England',
          sortPriority: 0,
          status: 'ACTIVE',
          back: [{ rate: 9, size: wholeRupees(230_000) }],
          lay: [{ rate: 11, size: wholeRupees(120_000) }],
        },
        {
          id: 2,
          name: 'Bangladesh',
          sortPriority: 1,
          status: 'ACTIVE',
          back: [{ rate: 979, size: wholeRupees(58_100) }],
          lay: [{ rate: 991, size: wholeRupees(47_900) }],
        },
      ],
    };
    const odds = eventOdds(42, 3, { bookmaker: [bookmaker] });
    const book = new OddsBook();
    book.reset(42);
    book.applySnapshot(odds);
    render(
      <MemoryRouter>
        <OddsBookContext.Provider value={book}>
          <EventStrip eventId={42} title="England v Bangladesh" event={undefined} inPlay score="" settled />
        </OddsBookContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('strip-price-1.0000000042002-1-back-0').textContent).toMatch(/^9/);
    expect(screen.getByTestId('strip-price-1.0000000042002-2-lay-0').textContent).toMatch(/^991/);
  });

  it('says over its prices when their market is out of play, and a tap takes nothing', () => {
    const odds = (version: number, status: MarketStatus): OddsV2 =>
      eventOdds(42, version, {
        matchOdds: [
          matchOddsMarket(42, '1.0000000042001', status, [
            { name: 'England', back: 1.5, lay: 1.52 },
            { name: 'India', back: 2.9, lay: 3 },
          ]),
        ],
      });
    const book = new OddsBook();
    book.reset(42);
    book.applySnapshot(odds(1, 'OPEN'));
    const picked: unknown[] = [];
    const off = bus.on('betslip:select', (selection) => picked.push(selection));
    const { container } = render(
      <MemoryRouter>
        <OddsBookContext.Provider value={book}>
          <EventStrip eventId={42} title="England v India" event={undefined} inPlay score="" settled />
        </OddsBookContext.Provider>
      </MemoryRouter>,
    );
    const rates = container.querySelector('.event-head__rates');
    expect(rates?.textContent).not.toMatch(/Ball running|Suspended/);
    act(() => void book.applySnapshot(odds(2, 'BALL_RUNNING')));
    expect(rates?.querySelector('.market__overlay')?.textContent).toBe('Ball running');
    fireEvent.click(screen.getByTestId('strip-price-1.0000000042001-1-back-0'));
    expect(picked).toHaveLength(0);
    act(() => void book.applySnapshot(odds(3, 'SUSPENDED')));
    expect(rates?.querySelector('.market__overlay')?.textContent).toBe('Suspended');
    act(() => void book.applySnapshot(odds(4, 'OPEN')));
    expect(rates?.querySelector('.market__overlay')).toBeNull();
    fireEvent.click(screen.getByTestId('strip-price-1.0000000042001-1-back-0'));
    expect(picked).toHaveLength(1);
    off();
  });
});
