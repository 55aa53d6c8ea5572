import type { toast as toastApi } from 'react-toastify';
import { create } from 'zustand';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '../config/constants';

/**
 * Toasts through react-toastify, loaded on the first toast rather than with the first page.
 * react-toastify queues toasts raised before its container mounts, so none is lost.
 */
export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  limit: TOAST_LIMIT,
} as const;

/** Room between the header's lower edge and the first toast. */
export const TOAST_GAP_PX = 8;

/**
 * Where the toasts start: top-right, below the header (section 9), so they never cover the
 * balance, the exposure or the account menu. The header is the layout's sticky top block (the
 * header with the sport tabs) where there is one, else the page's first <header>.
 */
export function toastTop(): number {
  const header = document.querySelector('.app-top, header');
  const bottom = header ? header.getBoundingClientRect().bottom : 0;
  return Math.max(0, Math.round(bottom)) + TOAST_GAP_PX;
}

interface ToastHostState {
  wanted: boolean;
  /** The toasts' distance from the top of the window, in px (toastTop). */
  top: number;
  want(): void;
  place(): void;
}

export const useToastHostStore = create<ToastHostState>()((set) => ({
  wanted: false,
  top: TOAST_GAP_PX,
  want: () => set({ wanted: true, top: toastTop() }),
  place: () => set({ top: toastTop() }),
}));

type Kind = 'success' | 'error' | 'info' | 'warning';
type ToastApi = typeof toastApi;

/** The error toasts raised and not yet cleared, by react-toastify id. */
const errorIds = new Set<string | number>();

function withToast(use: (toast: ToastApi) => void): void {
  void import('react-toastify').then(({ toast }) => use(toast));
}

/** Takes every error toast off the screen. */
function clearErrors(toast: ToastApi): void {
  for (const id of errorIds) toast.dismiss(id);
  errorIds.clear();
}

function show(kind: Kind, message: string, toastId?: string): void {
  useToastHostStore.getState().want();
  withToast((toast) => {
    // A success means the player's latest attempt worked: the failures still on screen are stale.
    if (kind === 'success') clearErrors(toast);
    const id = toast[kind](message, toastId ? { toastId } : undefined);
    if (kind === 'error') errorIds.add(id);
  });
}

export const notify = {
  success: (message: string, toastId?: string) => show('success', message, toastId),
  error: (message: string, toastId?: string) => show('error', message, toastId),
  info: (message: string, toastId?: string) => show('info', message, toastId),
  warning: (message: string, toastId?: string) => show('warning', message, toastId),
  /** For an attempt that succeeds without a toast of its own (a sign-in): its old errors go. */
  clearErrors: () => {
    if (errorIds.size > 0) withToast(clearErrors);
  },
};
