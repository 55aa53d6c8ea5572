import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchOddsMarket, OddsV2 } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { MarketSkip, MarketSkipContext } from '../../lib/market-skip';
import { OddsBook } from '../../lib/odds-book';
import { clearFlashes, FLASH_MS, FLASH_SLACK_MS, isFlashing } from '../../lib/price-flash';
import { OddsBookContext } from '../../lib/use-odds';
import { PriceCell } from './PriceCell';

function market(version: number, back: number | null, size = 1200): MatchOddsMarket {
  return {
    id: '1.9001',
    eventId: 9,
    name: 'Match Odds',
    type: 'MATCH_ODDS',
    status: 'OPEN',
    inPlay: true,
    betDelayMs: 0,
    minStake: wholeRupees(100),
    maxStake: wholeRupees(500_000),
    maxProfit: wholeRupees(1_000_000),
    version,
    runners: [
      {
        id: 1,
        name: 'India',
        sortPriority: 0,
        status: 'ACTIVE',
        back: back == null ? [] : [{ price: back, size: wholeRupees(size) }],
        lay: [],
      },
    ],
  };
}

function snapshot(version: number, m: MatchOddsMarket): OddsV2 {
  return {
    eventId: 9,
    version,
    at: '2026-11-24T10:00:00.000Z',
    matchOdds: [m],
    bookmaker: [],
    fancy: [],
    toss: [],
  };
}

function setup(skip: MarketSkip | null = null) {
  const book = new OddsBook();
  book.reset(9);
  book.applySnapshot(snapshot(3, market(3, 2.1)));
  let renders = 0;
  render(
    <OddsBookContext.Provider value={book}>
      <MarketSkipContext.Provider value={skip}>
        <Profiler id="cell" onRender={() => void (renders += 1)}>
          <PriceCell
            eventId={9}
            eventTitle="India v Australia"
            marketId="1.9001"
            runnerId={1}
            selectionName="India"
            side="back"
            level={0}
            kind="odds"
          />
        </Profiler>
      </MarketSkipContext.Provider>
    </OddsBookContext.Provider>,
  );
  let version = 3;
  const move = (back: number | null, size?: number) => {
    version += 1;
    act(() => void book.applySnapshot(snapshot(version, market(version, back, size))));
  };
  return { cell: screen.getByRole('button'), move, renders: () => renders };
}

describe('a price cell follows its quote without rendering', () => {
  afterEach(() => {
    cleanup();
    clearFlashes();
    vi.useRealTimers();
  });

  it('writes the new price, money and name in place, and renders no component', () => {
    const { cell, move, renders } = setup();
    expect(cell.textContent).toBe('2.1 1.2K');
    const textNode = cell.querySelector('.price__main')?.firstChild;
    const before = renders();
    move(2.14, 5000);
    expect(cell.textContent).toBe('2.14 5K');
    expect(cell.getAttribute('aria-label')).toBe('back India at 2.14, 5K');
    // The same text node, its data changed: no node made, no React render.
    expect(cell.querySelector('.price__main')?.firstChild).toBe(textNode);
    expect(renders()).toBe(before);
  });

  it('goes empty and disabled when the price goes, and back', () => {
    const { cell, move } = setup();
    move(null);
    expect(cell.textContent?.trim()).toBe('');
    expect(cell.hasAttribute('disabled')).toBe(true);
    expect(cell.className).toContain('price--empty');
    expect(cell.getAttribute('aria-label')).toBe('back India: no price');
    move(2.2);
    expect(cell.textContent).toBe('2.2 1.2K');
    expect(cell.hasAttribute('disabled')).toBe(false);
    expect(cell.className).not.toContain('price--empty');
  });

  it('flashes up or down for half a second, then takes the mark off', () => {
    clearFlashes();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'queueMicrotask', 'performance'] });
    const { cell, move } = setup();
    move(2.2);
    expect(cell.className).toContain('flash-up');
    move(2.16);
    expect(cell.className).toContain('flash-down');
    expect(cell.className).not.toContain('flash-up');
    expect(isFlashing(cell)).toBe(true);
    act(() => void vi.advanceTimersByTime(FLASH_MS - 1));
    expect(cell.className).toContain('flash-down');
    act(() => void vi.advanceTimersByTime(FLASH_SLACK_MS + 2));
    expect(cell.className).not.toMatch(/flash-/);
    expect(isFlashing(cell)).toBe(false);
  });

  it('while its card is out of sight writes nothing, then texts and name together when in sight again', () => {
    const skip = new MarketSkip();
    const { cell, move } = setup(skip);
    skip.set(true);
    move(2.3, 8000);
    // Name and texts stay together (the name holds the visible text); nobody sees either move.
    expect(cell.getAttribute('aria-label')).toBe('back India at 2.1, 1.2K');
    expect(cell.textContent).toBe('2.1 1.2K');
    expect(cell.className).not.toMatch(/flash-/);
    move(null);
    expect(cell.hasAttribute('disabled')).toBe(false);
    move(2.32, 8000);
    act(() => skip.set(false));
    expect(cell.textContent).toBe('2.32 8K');
    expect(cell.getAttribute('aria-label')).toBe('back India at 2.32, 8K');
    expect(cell.className).not.toMatch(/flash-/);
    move(2.34, 8000);
    expect(cell.textContent).toBe('2.34 8K');
    expect(cell.className).toContain('flash-up');
  });

  it('out of sight, shows the price of now as soon as it takes the focus', () => {
    const skip = new MarketSkip();
    const { cell, move } = setup(skip);
    skip.set(true);
    move(2.3, 8000);
    act(() => cell.focus());
    expect(cell.textContent).toBe('2.3 8K');
    expect(cell.getAttribute('aria-label')).toBe('back India at 2.3, 8K');
  });
});
