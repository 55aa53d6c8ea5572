import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookmakerMarket, MatchOddsMarket, MarketStatus, OddsV2 } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { eventOdds, MARKET_TERMS, matchOddsMarket } from '../../lib/odds-fixtures';
import { OddsBook } from '../../lib/odds-book';
import { OddsBookContext } from '../../lib/use-odds';
import { jumpTo } from './EventStrip';
import { ExchangeMarketCard } from './MarketCard';

function matchOdds(status: MarketStatus, back: number): MatchOddsMarket {
  return matchOddsMarket(9, '1.9001', status, [
    { name: 'India', back, lay: 2.2 },
    { name: 'Australia', back: 1.9, lay: 1.95 },
  ]);
}

const snapshot = (version: number, market: MatchOddsMarket): OddsV2 =>
  eventOdds(9, version, { matchOdds: [market] });

function book(status: MarketStatus): OddsBook {
  const b = new OddsBook();
  b.reset(9);
  b.applySnapshot(snapshot(3, matchOdds(status, 2.1)));
  return b;
}

function renderCard(b: OddsBook) {
  return render(
    <OddsBookContext.Provider value={b}>
      <ExchangeMarketCard eventId={9} eventTitle="India v Australia" marketId="1.9001" />
    </OddsBookContext.Provider>,
  );
}

describe('a market card for keyboard and screen reader', () => {
  afterEach(cleanup);

  it('writes Back and Lay over the columns, and names each cell with its side', () => {
    const { container } = renderCard(book('OPEN'));
    const heads = container.querySelector('.market__cols');
    expect(heads?.textContent).toContain('Back');
    expect(heads?.textContent).toContain('Lay');
    expect(screen.getByRole('button', { name: /^back India at 2\.1, / })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^lay India at 2\.2, / })).toBeTruthy();
  });

  it('is no live region: moving prices and a suspension say nothing by themselves', () => {
    const b = book('OPEN');
    const { container } = renderCard(b);
    act(() => void b.applySnapshot(snapshot(4, matchOdds('SUSPENDED', 2.14))));
    expect(container.textContent).toContain('Suspended');
    expect(container.querySelector('[aria-live], [role="status"], [role="alert"], [role="log"]')).toBeNull();
  });

  it('takes the focus when a jump chip jumps to it, so that Tab goes on from its prices', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { container } = renderCard(book('OPEN'));
    jumpTo('matchOdds');
    expect(document.activeElement).toBe(container.querySelector('[data-market-group="matchOdds"]'));
    expect(scroll).toHaveBeenCalled();
    scroll.mockRestore();
  });

  it('names a rate cell with all it shows, the money there too (speech input says what it reads)', () => {
    const bookmaker: BookmakerMarket = {
      id: '9.1',
      eventId: 9,
      name: 'Bookmaker',
      type: 'BOOKMAKER',
      status: 'OPEN',
      ...MARKET_TERMS,
      runners: [
        {
          id: 1,
          name: 'India',
          sortPriority: 0,
          status: 'ACTIVE',
          back: [{ rate: 138, size: wholeRupees(140_000) }],
          lay: [{ rate: 142, size: wholeRupees(96_700) }],
        },
      ],
    };
    const b = new OddsBook();
    b.reset(9);
    b.applySnapshot({ ...snapshot(3, matchOdds('OPEN', 2.1)), matchOdds: [], bookmaker: [bookmaker] });
    render(
      <OddsBookContext.Provider value={b}>
        <ExchangeMarketCard eventId={9} eventTitle="India v Australia" marketId="9.1" />
      </OddsBookContext.Provider>,
    );
    const cell = screen.getByRole('button', { name: /^back India at 138, / });
    expect(cell.getAttribute('aria-label')).toBe(
      `back India at 138, ${cell.querySelector('.price__sub')?.textContent}`,
    );
    expect(cell.textContent).toBe(`138 ${cell.querySelector('.price__sub')?.textContent}`);
  });

  it('holds back the texts and names of a card out of sight together, and writes them in sight', () => {
    let sight: ((entries: { target: Element; isIntersecting: boolean }[]) => void) | undefined;
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof sight) {
          sight = callback;
        }
        observe(el: Element) {
          observed.push(el);
        }
        unobserve() {}
      },
    );
    const b = book('OPEN');
    const { container } = renderCard(b);
    const card = container.querySelector('section.market');
    expect(observed).toContain(card);
    const inSight = (value: boolean) =>
      act(() => sight?.([{ target: card as Element, isIntersecting: value }]));
    const cell = () => screen.getByTestId('price-1.9001-1-back-0');
    inSight(false);
    act(() => void b.applySnapshot(snapshot(4, { ...matchOdds('OPEN', 2.14), version: 4 })));
    expect(cell().getAttribute('aria-label')).toMatch(/^back India at 2\.1, /);
    expect(cell().querySelector('.price__main')?.textContent).toBe('2.1');
    inSight(true);
    expect(cell().querySelector('.price__main')?.textContent).toBe('2.14');
    expect(cell().getAttribute('aria-label')).toMatch(/^back India at 2\.14, /);
    vi.unstubAllGlobals();
  });
});
