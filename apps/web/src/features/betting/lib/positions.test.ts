import { describe, expect, it } from 'vitest';
import type { ExpectedProfitLoss, OpenBet } from '@backlay/contract';
import { rupeesToPaise as r } from '@backlay/exchange';
import { openBet } from '../testing/open-bets';
import { groupPositions } from './positions';

let nextId = 1;
/** An open bet with an id of its own. */
function bet(over: Partial<OpenBet>): OpenBet {
  const betId = nextId++;
  return openBet({ betId, orderId: betId, ...over });
}

const pnl: ExpectedProfitLoss[] = [
  {
    eventId: 7,
    marketId: '1.7001',
    marketType: 'match_odd',
    exposure: r(300),
    runners: [
      { runnerId: 11, amount: r(330) },
      { runnerId: 12, amount: r(-300) },
      { runnerId: 13, amount: r(-300) },
    ],
  },
  {
    eventId: 7,
    marketId: '1.7009',
    marketType: 'fancy2',
    exposure: r(100),
    runners: [
      { runnerId: 0, amount: r(-100) },
      { runnerId: 50, amount: r(90) },
      { runnerId: 55, amount: r(-10) },
    ],
  },
];

describe('open bets grouped into positions', () => {
  it('puts the matched and the unmatched bets of a market under its net position per runner', () => {
    const matched = bet({});
    const hedge = bet({ betType: 'Lay', odds: 2.2, isCashOut: true });
    const resting = bet({ status: 'UNMATCHED', orderId: matched.orderId, odds: 2.4 });
    const fancy = bet({
      marketId: '1.7009',
      marketName: '10 Over Runs',
      marketTypeName: 'fancy2',
      runnerId: null,
      runnerName: '10 Over Runs',
      betType: 'Yes',
      fancyValue: 50,
      odds: 90,
    });
    const positions = groupPositions([matched, fancy, hedge, resting], pnl);

    expect(positions.map((p) => p.marketId)).toEqual(['1.7001', '1.7009']);
    const [odds, runs] = positions;
    expect(odds?.matched).toEqual([matched, hedge]);
    expect(odds?.unmatched).toEqual([resting]);
    expect(odds?.exposure).toBe(r(300));
    // India by name; Australia and the draw, bet on by no one here, win or lose alike: one line.
    expect(odds?.outcomes).toEqual([
      { key: 'r11', label: 'India', amount: r(330) },
      { key: 'others', label: 'Any other', amount: r(-300) },
    ]);
    // A fancy market's P/L comes by bucket of runs (runnerId = its lowest runs).
    expect(runs?.outcomes.map((o) => [o.label, o.amount])).toEqual([
      ['0–49 runs', r(-100)],
      ['50–54 runs', r(90)],
      ['55+ runs', r(-10)],
    ]);
  });

  it('keeps runners apart when their amounts differ, and waits for P/L without failing', () => {
    const back = bet({ runnerId: 12, runnerName: 'Australia' });
    const differing: ExpectedProfitLoss = {
      eventId: 7,
      marketId: '1.7001',
      marketType: 'match_odd',
      exposure: r(10),
      runners: [
        { runnerId: 11, amount: r(5) },
        { runnerId: 12, amount: r(20) },
        { runnerId: 13, amount: r(-10) },
      ],
    };
    expect(groupPositions([back], [differing])[0]?.outcomes.map((o) => o.label)).toEqual([
      'Australia',
      'Runner 11',
      'Runner 13',
    ]);
    const [waiting] = groupPositions([back], undefined);
    expect(waiting).toMatchObject({ exposure: null, outcomes: [], matched: [back] });
  });

  it('names a market whose only bet is unmatched from that bet', () => {
    const resting = bet({ status: 'UNMATCHED', betType: 'Lay', runnerId: 12, runnerName: 'Australia' });
    const position = groupPositions(
      [resting],
      [{ eventId: 7, marketId: '1.7001', marketType: 'match_odd', exposure: r(0), runners: [] }],
    )[0];
    expect(position).toMatchObject({ matched: [], unmatched: [resting], outcomes: [] });
  });
});
