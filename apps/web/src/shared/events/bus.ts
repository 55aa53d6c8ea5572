import type { PriceSelection } from '../market/selection';
/** The modals the app opens and closes by name. */
export type ModalName = 'login' | 'register' | 'verification' | 'activity-log' | 'banner';

/** Named application events; the payload type travels with the name. */
export interface AppEvents {
  'modal:open': { name: ModalName; to?: string | undefined };
  'modal:close': { name: ModalName };
  /** An HTTP 401: the session is cleared and the login modal opens. */
  'session:unauthorized': { path: string };
  /** A body that says 401: the session is cleared and the user goes to /Auth/Logout. */
  'session:expired': { path: string };
  /** A login, demo login or verification stored a new session. */
  'session:started': { userName: string };
  'session:ended': Record<string, never>;
  /** The reload rule cleared an expired session (its refresh token no longer works). */
  'session:cleared': Record<string, never>;
  /** The access token or its expiry changed: renewed, or corrected from the server's count. */
  'session:renewed': Record<string, never>;
  /** A price tapped on a market page: the betslip opens with it. */
  'betslip:select': PriceSelection;
}

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;

const handlers = new Map<keyof AppEvents, Set<Handler<never>>>();

export const bus = {
  on<K extends keyof AppEvents>(name: K, handler: Handler<K>): () => void {
    let set = handlers.get(name);
    if (!set) {
      set = new Set();
      handlers.set(name, set);
    }
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  },
  emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
    for (const handler of [...(handlers.get(name) ?? [])]) (handler as Handler<K>)(payload);
  },
};

export const openModal = (name: ModalName, to?: string) => bus.emit('modal:open', { name, to });
export const closeModal = (name: ModalName) => bus.emit('modal:close', { name });
