import { create } from 'zustand';
import { STORAGE_KEYS, type StakeButton } from '@backlay/contract';
import { storage } from '../storage/storage';
import { readBetslips, writeBetslips, type OneClickSetting } from '../storage/betslips';

/**
 * Small client state of section 3 that is not session or server data. Pins, stake buttons
 * and the confirm flag persist under their storage keys.
 */
interface UiState {
  searchText: string;
  showSearch: boolean;
  showVideoBox: boolean;
  showWalletBox: boolean;
  showFilterBox: boolean;
  pins: number[];
  /** The saved quick-stake buttons; null until some are saved (screens then show the defaults). */
  stakeButtons: StakeButton[] | null;
  confirmBeforePlaceBet: boolean;
  /** One-click betting: a tapped price places the stake at once (off by default; kept in 'betslips'). */
  oneClick: OneClickSetting;
  /** Entering /inplay from another route asks for a fresh balance. */
  balanceFetchRequested: boolean;
  setSearchText(text: string): void;
  setShowSearch(show: boolean): void;
  toggleVideoBox(): void;
  toggleFilterBox(): void;
  setWalletBox(show: boolean): void;
  togglePin(eventId: number): void;
  setStakeButtons(buttons: StakeButton[]): void;
  setConfirmBeforePlaceBet(value: boolean): void;
  setOneClick(value: OneClickSetting): void;
  requestBalanceFetch(value: boolean): void;
  /** Re-read persisted values (after logout cleared storage, or another tab changed it). */
  reloadFromStorage(): void;
}

function readPins(): number[] {
  const pins = storage.getJson<unknown>(STORAGE_KEYS.pins);
  return Array.isArray(pins) ? pins.filter((p): p is number => typeof p === 'number') : [];
}

/** 'betslips' holds the stake buttons (an array, or the object of storage/betslips.ts). */
function readStakes(): StakeButton[] | null {
  return readBetslips().stakes;
}

export const useUiStore = create<UiState>()((set, get) => ({
  searchText: '',
  showSearch: false,
  showVideoBox: false,
  showWalletBox: false,
  showFilterBox: false,
  pins: readPins(),
  stakeButtons: readStakes(),
  confirmBeforePlaceBet: storage.getFlag(STORAGE_KEYS.confirmBeforePlaceBet),
  oneClick: readBetslips().oneClick,
  balanceFetchRequested: false,
  setSearchText: (searchText) => set({ searchText }),
  setShowSearch: (showSearch) => set({ showSearch }),
  toggleVideoBox: () => set((s) => ({ showVideoBox: !s.showVideoBox })),
  toggleFilterBox: () => set((s) => ({ showFilterBox: !s.showFilterBox })),
  setWalletBox: (showWalletBox) => set({ showWalletBox }),
  togglePin: (eventId) => {
    const pins = get().pins.includes(eventId)
      ? get().pins.filter((p) => p !== eventId)
      : [...get().pins, eventId];
    storage.setJson(STORAGE_KEYS.pins, pins);
    set({ pins });
  },
  setStakeButtons: (stakeButtons) => {
    writeBetslips({ stakes: stakeButtons });
    set({ stakeButtons });
  },
  setConfirmBeforePlaceBet: (value) => {
    storage.setFlag(STORAGE_KEYS.confirmBeforePlaceBet, value);
    set({ confirmBeforePlaceBet: value });
  },
  setOneClick: (oneClick) => {
    writeBetslips({ oneClick });
    set({ oneClick });
  },
  requestBalanceFetch: (balanceFetchRequested) => set({ balanceFetchRequested }),
  reloadFromStorage: () =>
    set({
      pins: readPins(),
      stakeButtons: readStakes(),
      confirmBeforePlaceBet: storage.getFlag(STORAGE_KEYS.confirmBeforePlaceBet),
      oneClick: readBetslips().oneClick,
    }),
}));
