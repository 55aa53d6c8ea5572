import { create } from 'zustand';
import type { BetFill, OrderStatus } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { bus } from '@/shared/events/bus';
import type { PriceSelection } from '@/shared/market/selection';
import { readBetslips, writeBetslips, type SlipOptions } from '@/shared/storage/betslips';
import { useUiStore } from '@/shared/stores/ui';

/**
 * An order the slip placed, as the slip shows it after placing: what matched at which prices and
 * what still rests in the book (cancel and edit act on it). Kept up to date by the answers of
 * cancel and edit and by the hub's BetChange pushes for this order.
 */
export interface PlacedOrder {
  selection: PriceSelection;
  orderId: number;
  status: OrderStatus;
  /** Where the unmatched part rests. */
  requestedRate: number;
  matchedStake: Paise;
  unmatchedStake: Paise;
  /** Every part matched so far, oldest first. */
  fills: BetFill[];
  /** The server's last word on the order. */
  message: string;
}

/** A change to an order: what an answer or a push says now (fills are the new ones only). */
export interface OrderChange {
  orderId: number;
  status: OrderStatus;
  matchedStake: Paise;
  unmatchedStake: Paise;
  requestedRate?: number;
  fills?: BetFill[];
  message: string;
}

/**
 * The open slip. Kept light on purpose (no exchange maths, no HTTP): this module loads with the
 * layout so that no tap is lost, while the slip's screen loads on the first selection.
 */
interface BetslipState {
  selection: PriceSelection | null;
  /** Counts the taps: a new tap (not a new price taken in the same slip) starts a clean slip. */
  tap: number;
  /** The price being asked for, moved by the tick buttons or typed (decimal odds or rate). */
  rate: number;
  /** The stake field as typed. */
  stakeText: string;
  /** One id per attempt: a double tap or a retry of the same attempt places one bet. */
  requestId: string | null;
  /** One-click betting asked for a bet at once; the slip's screen places it. */
  oneClickPending: boolean;
  /** Take whatever price is on offer (kept in 'betslips'). */
  acceptAnyOdds: boolean;
  /** Exchange markets: cancel the unmatched rest when the market turns in play, or keep it. */
  persistence: SlipOptions['persistence'];
  /** The order just placed, shown in the slip until the player is done with it. */
  placed: PlacedOrder | null;
  /** The price a keyboard chose the selection from: the focus goes back there when the slip closes. */
  opener: HTMLElement | null;
  /** A keyboard chose the selection: the slip takes the focus once it is on screen. */
  focusSlip: boolean;
  select(selection: PriceSelection): void;
  /** The slip took the focus a keyboard tap asked for. */
  slipFocused(): void;
  setRate(rate: number): void;
  /** The price moved (bookmaker, fancy): ask the new one, a new attempt. */
  reprice(rate: number, fancyValue: number | null): void;
  setStakeText(text: string): void;
  setRequestId(id: string | null): void;
  setAcceptAnyOdds(value: boolean): void;
  setPersistence(value: SlipOptions['persistence']): void;
  clearOneClick(): void;
  /** The slip placed an order: it shows what matched and what rests. */
  showPlaced(order: PlacedOrder): void;
  /** An answer or a push about an order: the placed order follows when it is that one. */
  applyOrderChange(change: OrderChange): void;
  dismissPlaced(): void;
  close(): void;
}

function persist(selection: PriceSelection | null, stakeText: string): void {
  const stake = /^\d+$/.test(stakeText) ? Number(stakeText) : null;
  writeBetslips({ slip: selection ? { ...selection, stake } : null });
}

/**
 * The element a keyboard tap came from: focused and showing its focus ring. A pointer's tap leaves
 * no ring (or, on Safari, no focus), so the slip does not pull the focus away from a finger.
 */
function keyboardFocused(): HTMLElement | null {
  const at = typeof document === 'undefined' ? null : document.activeElement;
  if (!(at instanceof HTMLElement) || at === document.body) return null;
  try {
    return at.matches(':focus-visible') ? at : null;
  } catch {
    // A browser that does not know :focus-visible (Safari before 15.4): leave the focus be.
    return null;
  }
}

function initial() {
  const { slip, options } = readBetslips();
  if (!slip) return { selection: null, rate: 0, stakeText: '', ...options };
  const { stake, ...selection } = slip;
  return { selection, rate: slip.rate, stakeText: stake == null ? '' : String(stake), ...options };
}

export const useBetslipStore = create<BetslipState>()((set, get) => ({
  ...initial(),
  tap: 0,
  requestId: null,
  oneClickPending: false,
  placed: null,
  opener: null,
  focusSlip: false,
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
    const opener = keyboardFocused();
    set({
      opener,
      // One-click places at once: the focus stays on the price.
      focusSlip: opener != null && !oneClick.enabled,
      selection,
      tap: get().tap + 1,
      rate: selection.rate,
      stakeText,
      requestId: null,
      oneClickPending: oneClick.enabled,
      placed: null,
    });
    persist(selection, stakeText);
  },
  slipFocused: () => set({ focusSlip: false }),
  setRate: (rate) => set({ rate, requestId: null }),
  reprice: (rate, fancyValue) => {
    const selection = get().selection;
    if (!selection) return;
    const next = { ...selection, rate, fancyValue };
    set({ selection: next, rate, requestId: null });
    persist(next, get().stakeText);
  },
  setStakeText: (stakeText) => {
    set({ stakeText, requestId: null });
    persist(get().selection, stakeText);
  },
  setRequestId: (requestId) => set({ requestId }),
  setAcceptAnyOdds: (acceptAnyOdds) => {
    set({ acceptAnyOdds, requestId: null });
    writeBetslips({ options: { acceptAnyOdds, persistence: get().persistence } });
  },
  setPersistence: (persistence) => {
    set({ persistence, requestId: null });
    writeBetslips({ options: { acceptAnyOdds: get().acceptAnyOdds, persistence } });
  },
  clearOneClick: () => set({ oneClickPending: false }),
  showPlaced: (placed) => set({ placed }),
  applyOrderChange: (change) => {
    const placed = get().placed;
    if (!placed || placed.orderId !== change.orderId) return;
    // A push may repeat fills an answer already brought (the player's own edit): by bet id, once.
    const known = new Set(placed.fills.map((f) => f.betId));
    const fresh = (change.fills ?? []).filter((f) => !known.has(f.betId));
    const fills = [...placed.fills, ...fresh];
    // What matched over the order's life: an edit's answer may count only its own call's fills.
    const filled = fills.reduce((sum, f) => sum + f.stake, 0);
    set({
      placed: {
        ...placed,
        status: change.status,
        matchedStake: Math.max(change.matchedStake, filled) as Paise,
        unmatchedStake: change.unmatchedStake,
        requestedRate: change.requestedRate ?? placed.requestedRate,
        fills,
        message: change.message,
      },
    });
  },
  dismissPlaced: () => set({ placed: null }),
  close: () => {
    set({ selection: null, stakeText: '', requestId: null, oneClickPending: false });
    persist(null, '');
  },
}));

// Listening from module load: the market page may emit before any slip is on screen.
bus.on('betslip:select', (selection) => useBetslipStore.getState().select(selection));
