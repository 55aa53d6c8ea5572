import { beforeEach, describe, expect, it } from 'vitest';
import { priceSelection } from '../market/testing';
import {
  DEFAULT_ONE_CLICK,
  DEFAULT_SLIP_OPTIONS,
  parseBetslips,
  readBetslips,
  writeBetslips,
  type StoredSlip,
} from './betslips';

const slip: StoredSlip = {
  ...priceSelection({ eventTitle: 'India v Bangladesh', rate: 1.85, betDelayMs: 5000 }),
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
      options: DEFAULT_SLIP_OPTIONS,
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
      options: DEFAULT_SLIP_OPTIONS,
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
      options: DEFAULT_SLIP_OPTIONS,
    });
  });

  it('reads damaged parts as absent and one-click as off', () => {
    expect(parseBetslips({ stakes: 'x', slip: { eventId: 'no' }, oneClick: { enabled: 'yes' } })).toEqual({
      stakes: null,
      slip: null,
      oneClick: DEFAULT_ONE_CLICK,
      options: DEFAULT_SLIP_OPTIONS,
    });
    expect(parseBetslips(null)).toEqual({
      stakes: null,
      slip: null,
      oneClick: DEFAULT_ONE_CLICK,
      options: DEFAULT_SLIP_OPTIONS,
    });
    expect(parseBetslips({ slip: { ...slipInKey, minStake: 1.005 } }).slip).toBeNull();
    window.localStorage.setItem('betslips', '{oops');
    expect(readBetslips().stakes).toBeNull();
    expect(DEFAULT_ONE_CLICK.enabled).toBe(false);
  });

  it("keeps the slip's order options beside the rest, and reads unknown ones as the defaults", () => {
    writeBetslips({ slip });
    writeBetslips({ options: { acceptAnyOdds: true, persistence: 'keep' } });
    writeBetslips({ stakes: [{ title: '2k', value: 2000 }] });
    expect(readBetslips()).toMatchObject({ slip, options: { acceptAnyOdds: true, persistence: 'keep' } });
    expect(parseBetslips({ options: { acceptAnyOdds: 'yes', persistence: 'forever' } }).options).toEqual(
      DEFAULT_SLIP_OPTIONS,
    );
  });
});
