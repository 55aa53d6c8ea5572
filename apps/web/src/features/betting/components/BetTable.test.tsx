import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rupeesToPaise as r } from '@backlay/exchange';
import type { BetHistoryItem } from '../api/get-user-bet-history';
import { openBet } from '../testing/open-bets';
import { BetTable } from './BetTable';

function item(over: Partial<BetHistoryItem>): BetHistoryItem {
  return { ...openBet(), sportId: 3, result: null, settledTime: null, ...over };
}

describe('bet history rows', () => {
  afterEach(cleanup);

  it('name the event and the market on each row, and label every status', () => {
    const statuses = ['MATCHED', 'UNMATCHED', 'CANCELLED', 'LAPSED', 'VOID'] as const;
    render(
      <BetTable
        items={[
          ...statuses.map((status, i) => item({ betId: i + 1, status })),
          item({ betId: 10, status: 'SETTLED', result: r(330) }),
          item({ betId: 11, status: 'SETTLED', result: r(-300), betType: 'Lay' }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('history-row');
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(row.textContent).toContain('Match Odds · India v Australia');
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual([
      'Open',
      'Unmatched',
      'Cancelled',
      'Lapsed',
      'Void',
      '+₹330.00',
      '−₹300.00',
    ]);
    expect(rows[6]?.querySelector('.side-tag')?.getAttribute('aria-label')).toBe('Lay');
  });
});
