import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPrices } from '@backlay/contract';
import { wholeRupees } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import type { PriceSelection } from '@/shared/market/selection';
import { listPriceStore } from '../lib/list-prices';
import { ListPriceCells, ListPriceHeads, outcomeSlots } from './ListPriceCells';

function prices(eventId: number, status: EventPrices['status'] = 'OPEN'): EventPrices {
  const level = (price: number) => ({ price, size: wholeRupees(1200) });
  return {
    eventId,
    version: 3,
    marketId: `1.${eventId}`,
    marketName: 'Match Odds',
    status,
    inPlay: true,
    betDelayMs: 5000,
    minStake: wholeRupees(100),
    maxStake: wholeRupees(50000),
    runners: [
      { id: 1, name: 'Arsenal', status: 'ACTIVE', back: level(2.02), lay: level(2.04) },
      { id: 3, name: 'The Draw', status: 'ACTIVE', back: level(3.4), lay: null },
      { id: 2, name: 'Chelsea', status: 'ACTIVE', back: level(3.5), lay: level(3.6) },
    ],
  };
}

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderRow(eventId: number) {
  return render(
    <MemoryRouter initialEntries={['/inplay']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ListPriceCells eventId={eventId} eventTitle="Arsenal v Chelsea" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a list row’s prices', () => {
  afterEach(cleanup);

  it('six cells from the first frame, empty until the prices come, then 1 X 2 back and lay', () => {
    renderRow(901);
    const cells = () => screen.getAllByRole('button');
    expect(cells()).toHaveLength(6);
    expect(cells().every((c) => (c as HTMLButtonElement).disabled)).toBe(true);
    act(() => listPriceStore.apply([prices(901)]));
    expect(cells().map((c) => c.textContent)).toEqual([
      '2.02 1.2K',
      '2.04 1.2K',
      '3.4 1.2K',
      '–',
      '3.5 1.2K',
      '3.6 1.2K',
    ]);
    expect(
      outcomeSlots({ ...prices(1), runners: prices(1).runners.slice(0, 2) }).map((r) => r?.name ?? null),
    ).toEqual(['Arsenal', null, 'The Draw']);
  });

  it('a tap sends that runner, side and price to the betslip and opens the event', () => {
    listPriceStore.apply([prices(902)]);
    renderRow(902);
    const selected: PriceSelection[] = [];
    const off = bus.on('betslip:select', (s) => selected.push(s));
    fireEvent.click(screen.getByRole('button', { name: /^lay Chelsea at 3\.6, / }));
    off();
    expect(selected).toEqual([
      {
        eventId: 902,
        eventTitle: 'Arsenal v Chelsea',
        marketId: '1.902',
        marketName: 'Match Odds',
        marketType: 'MATCH_ODDS',
        side: 'lay',
        runnerId: 2,
        selectionName: 'Chelsea',
        rate: 3.6,
        fancyValue: null,
        betDelayMs: 5000,
        minStake: wholeRupees(100),
        maxStake: wholeRupees(50000),
      },
    ]);
    expect(screen.getByTestId('where').textContent).toBe('/markets/902');
  });

  it('marks a price that moved up or down', () => {
    listPriceStore.apply([prices(904)]);
    renderRow(904);
    const moved = prices(904);
    moved.version = 4;
    moved.runners = moved.runners.map((r) =>
      r.id === 1 && r.back && r.lay
        ? { ...r, back: { ...r.back, price: 2.1 }, lay: { ...r.lay, price: 2.02 } }
        : r,
    );
    act(() => listPriceStore.apply([moved]));
    expect(screen.getByRole('button', { name: /^back Arsenal at 2\.1, / }).className).toContain('flash-up');
    expect(screen.getByRole('button', { name: /^lay Arsenal at 2\.02, / }).className).toContain('flash-down');
    expect(screen.getByRole('button', { name: /^back Chelsea at 3\.5, / }).className).not.toContain('flash');
  });

  it('a suspended market says so and its cells take no tap', () => {
    listPriceStore.apply([prices(903, 'SUSPENDED')]);
    const { container } = renderRow(903);
    expect(container.querySelector('.list-prices__off')?.textContent).toBe('Suspended');
    expect(screen.getAllByRole('button').every((c) => (c as HTMLButtonElement).disabled)).toBe(true);
    // Not a live region: a page of rows suspended together must not talk over everything.
    expect(container.querySelector('[aria-live], [role="status"], [role="alert"]')).toBeNull();
  });

  it('writes Back and Lay over each outcome’s two cells, not only blue and pink', () => {
    const { container } = render(<ListPriceHeads />);
    const heads = [...container.querySelectorAll('.list-prices__head')].map((h) =>
      [...h.children].map((c) => c.textContent),
    );
    expect(heads).toEqual([
      ['Back', '1', 'Lay'],
      ['Back', 'X', 'Lay'],
      ['Back', '2', 'Lay'],
    ]);
  });
});
