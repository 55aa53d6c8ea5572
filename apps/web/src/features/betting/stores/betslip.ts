import { create } from 'zustand';
import { bus } from '@/shared/events/bus';
import type { PriceSelection } from '@/shared/market/selection';
import { readBetslips, writeBetslips } from '@/shared/storage/betslips';
import { useUiStore } from '@/shared/stores/ui';

/**
 * The open slip. Kept light on purpose (no exchange maths, no HTTP): this module loads with the
 * layout so that no tap is lost, while the slip's screen loads on the first selection.
 */
interface BetslipState {
  selection: PriceSelection | null;
  /** The price being asked for, moved by the tick buttons (decimal odds or rate). */
  rate: number;
  /** The stake field as typed. */
  stakeText: string;
  /** One id per attempt: a double tap or a retry of the same attempt places one bet. */
  requestId: string | null;
  /** One-click betting asked for a bet at once; the slip's screen places it. */
  oneClickPending: boolean;
  select(selection: PriceSelection): void;
  setRate(rate: number): void;
  setStakeText(text: string): void;
  setRequestId(id: string | null): void;
  clearOneClick(): void;
  close(): void;
}

function persist(selection: PriceSelection | null, stakeText: string): void {
  const stake = /^\d+$/.test(stakeText) ? Number(stakeText) : null;
  writeBetslips({ slip: selection ? { ...selection, stake } : null });
}

function initial() {
  const { slip } = readBetslips();
  if (!slip) return { selection: null, rate: 0, stakeText: '' };
  const { stake, ...selection } = slip;
  return { selection, rate: slip.rate, stakeText: stake == null ? '' : String(stake) };
}

export const useBetslipStore = create<BetslipState>()((set, get) => ({
  ...initial(),
  requestId: null,
  oneClickPending: false,
  select: (selection) => {
    const { oneClick } = useUiStore.getState();
    // The same selection tapped again keeps the typed stake; a new one starts empty (or one-click's).
    const previous = get().selection;
    const same =
      previous != null &&
      previous.marketId === selection.marketId &&
      previous.side === selection.side &&
      previous.runnerId === selection.runnerId;
    const stakeText = oneClick.enabled ? String(oneClick.stake) : same ? get().stakeText : '';
    set({ selection, rate: selection.rate, stakeText, requestId: null, oneClickPending: oneClick.enabled });
    persist(selection, stakeText);
  },
  setRate: (rate) => set({ rate, requestId: null }),
  setStakeText: (stakeText) => {
    set({ stakeText, requestId: null });
    persist(get().selection, stakeText);
  },
  setRequestId: (requestId) => set({ requestId }),
  clearOneClick: () => set({ oneClickPending: false }),
  close: () => {
    set({ selection: null, stakeText: '', requestId: null, oneClickPending: false });
    persist(null, '');
  },
}));

// Listening from module load: the market page may emit before any slip is on screen.
bus.on('betslip:select', (selection) => useBetslipStore.getState().select(selection));
