import { beforeEach, describe, expect, it } from 'vitest';
import { wholeRupees } from '@backlay/exchange';
import { DEFAULT_ONE_CLICK, parseBetslips, readBetslips, writeBetslips, type StoredSlip } from './betslips';

const slip: StoredSlip = {
  eventId: 7,
  eventTitle: 'India v Bangladesh',
  marketId: '1.7001',
  marketName: 'Match Odds',
  marketType: 'MATCH_ODDS',
  side: 'back',
  runnerId: 11,
  selectionName: 'India',
  rate: 1.85,
  fancyValue: null,
  betDelayMs: 5000,
  minStake: wholeRupees(100),
  maxStake: wholeRupees(500000),
  stake: 500,
};
/** The slip as the key holds it: the limits in rupees. */
const slipInKey = { ...slip, minStake: 100, maxStake: 500000 };

describe("the 'betslips' key", () => {
  beforeEach(() => window.localStorage.clear());

  it('still reads the older form: a bare array of stake buttons', () => {
    window.localStorage.setItem('betslips', JSON.stringify([{ title: '1k', value: 1000 }]));
    expect(readBetslips()).toEqual({
      stakes: [{ title: '1k', value: 1000 }],
      slip: null,
      oneClick: DEFAULT_ONE_CLICK,
    });
  });

  it('keeps the stake buttons when the slip is written beside them', () => {
    window.localStorage.setItem('betslips', JSON.stringify([{ title: '1k', value: 1000 }]));
    writeBetslips({ slip });
    const raw = JSON.parse(window.localStorage.getItem('betslips') ?? 'null') as unknown;
    expect(raw).toEqual({
      stakes: [{ title: '1k', value: 1000 }],
      slip: slipInKey,
      oneClick: DEFAULT_ONE_CLICK,
    });
    expect(readBetslips().slip).toEqual(slip);
  });

  it('keeps the slip when the stake buttons change, and one-click beside both', () => {
    writeBetslips({ slip });
    writeBetslips({ stakes: [{ title: '2k', value: 2000 }] });
    writeBetslips({ oneClick: { enabled: true, stake: 500 } });
    expect(readBetslips()).toEqual({
      stakes: [{ title: '2k', value: 2000 }],
      slip,
      oneClick: { enabled: true, stake: 500 },
    });
  });

  it('reads damaged parts as absent and one-click as off', () => {
    expect(parseBetslips({ stakes: 'x', slip: { eventId: 'no' }, oneClick: { enabled: 'yes' } })).toEqual({
      stakes: null,
      slip: null,
      oneClick: DEFAULT_ONE_CLICK,
    });
    expect(parseBetslips(null)).toEqual({ stakes: null, slip: null, oneClick: DEFAULT_ONE_CLICK });
    expect(parseBetslips({ slip: { ...slipInKey, minStake: 1.005 } }).slip).toBeNull();
    window.localStorage.setItem('betslips', '{oops');
    expect(readBetslips().stakes).toBeNull();
    expect(DEFAULT_ONE_CLICK.enabled).toBe(false);
  });
});
