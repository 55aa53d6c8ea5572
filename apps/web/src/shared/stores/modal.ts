import { create } from 'zustand';
import { bus, type ModalName } from '../events/bus';

export interface OpenModal {
  name: ModalName;
  to?: string | undefined;
  /** Bumped on every new open so a reopened form starts fresh. */
  key: number;
}

/**
 * Which modal is open, driven only by the named 'modal:open' and 'modal:close' events. The
 * listeners attach when this module loads, so an event raised before any modal host has
 * rendered (a route opening its modal on arrival) is never lost.
 */
export const useModalStore = create<{ open: OpenModal | null; dismiss(): void }>()((set) => ({
  open: null,
  dismiss: () => set({ open: null }),
}));

let counter = 0;
bus.on('modal:open', ({ name, to }) =>
  useModalStore.setState((s) =>
    s.open?.name === name && s.open.to === to ? s : { open: { name, to, key: ++counter } },
  ),
);
bus.on('modal:close', ({ name }) =>
  useModalStore.setState((s) => (s.open?.name === name ? { open: null } : s)),
);
