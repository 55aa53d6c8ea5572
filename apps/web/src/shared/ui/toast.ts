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

export const useToastHostStore = create<{ wanted: boolean; want(): void }>()((set) => ({
  wanted: false,
  want: () => set({ wanted: true }),
}));

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, message: string, toastId?: string): void {
  useToastHostStore.getState().want();
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, toastId ? { toastId } : undefined);
  });
}

export const notify = {
  success: (message: string, toastId?: string) => show('success', message, toastId),
  error: (message: string, toastId?: string) => show('error', message, toastId),
  info: (message: string, toastId?: string) => show('info', message, toastId),
  warning: (message: string, toastId?: string) => show('warning', message, toastId),
};
