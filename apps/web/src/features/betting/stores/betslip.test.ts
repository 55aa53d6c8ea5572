import { beforeEach, describe, expect, it } from 'vitest';
import { bus } from '@/shared/events/bus';
import { priceSelection } from '@/shared/market/testing';
import { readBetslips } from '@/shared/storage/betslips';
import { useUiStore } from '@/shared/stores/ui';
import { useBetslipStore } from './betslip';

const selection = priceSelection({ eventTitle: 'India v Bangladesh', rate: 1.85, betDelayMs: 5000 });

describe('the betslip store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useUiStore.getState().reloadFromStorage();
    useBetslipStore.getState().close();
  });

  it("opens on the market page's 'betslip:select' event and keeps the slip beside the stake buttons", () => {
    useUiStore.getState().setStakeButtons([{ title: '1k', value: 1000 }]);
    bus.emit('betslip:select', selection);
    useBetslipStore.getState().setStakeText('500');
    expect(useBetslipStore.getState()).toMatchObject({ selection, rate: 1.85, stakeText: '500' });
    expect(readBetslips()).toMatchObject({
      stakes: [{ title: '1k', value: 1000 }],
      slip: { ...selection, stake: 500 },
    });
    // The key keeps the limits in rupees, as it always did.
    expect(JSON.parse(window.localStorage.getItem('betslips') ?? 'null')).toMatchObject({
      slip: { minStake: 100, maxStake: 500000, stake: 500 },
    });
    // Saving stake buttons later keeps the slip.
    useUiStore.getState().setStakeButtons([{ title: '2k', value: 2000 }]);
    expect(readBetslips().slip).toEqual({ ...selection, stake: 500 });
    useBetslipStore.getState().close();
    expect(readBetslips()).toMatchObject({ stakes: [{ title: '2k', value: 2000 }], slip: null });
  });

  it('a new attempt gets a new requestId: changing the price or stake forgets the old one', () => {
    bus.emit('betslip:select', selection);
    useBetslipStore.getState().setRequestId('abcdef123456');
    useBetslipStore.getState().setRate(1.86);
    expect(useBetslipStore.getState().requestId).toBeNull();
  });

  it('one-click (off by default) asks for a bet at once with its stake', () => {
    bus.emit('betslip:select', selection);
    expect(useBetslipStore.getState().oneClickPending).toBe(false);
    useUiStore.getState().setOneClick({ enabled: true, stake: 300 });
    bus.emit('betslip:select', selection);
    expect(useBetslipStore.getState()).toMatchObject({ oneClickPending: true, stakeText: '300' });
  });

  it('reads stake buttons saved by an older client as a bare array', () => {
    window.localStorage.setItem('betslips', JSON.stringify([{ title: '5k', value: 5000 }]));
    useUiStore.getState().reloadFromStorage();
    expect(useUiStore.getState().stakeButtons).toEqual([{ title: '5k', value: 5000 }]);
    expect(useUiStore.getState().oneClick).toEqual({ enabled: false, stake: 100 });
  });
});
