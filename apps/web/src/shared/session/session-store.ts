import { create } from 'zustand';
import { STORAGE_KEYS } from '@backlay/contract';
import { getAccessToken, storage } from '@/shared/storage/storage';

// Who is signed in, with the header's balance and exposure. In shared/ because several features
// read it: auth writes it (features/auth/lib/session.ts), betting updates the balance after a bet,
// sports shows sports by the user's flags, and app/ guards routes with it.

/** The user info kept under 'userinfo': the login result's user fields plus the typed username. */
export interface StoredUserInfo {
  userId: number;
  userName: string;
  /** What the user typed to sign in (section 3: the client adds username). */
  username: string;
  isDemo: boolean;
  balance: number;
  exposure: number;
  football: boolean;
  tennis: boolean;
  cricket: boolean;
  casinoToken: string;
  domain: string;
}

function isUserInfo(value: unknown): value is StoredUserInfo {
  if (value == null || typeof value !== 'object') return false;
  const v = value as Partial<StoredUserInfo>;
  return typeof v.userName === 'string' && typeof v.username === 'string';
}

export function readStoredUserInfo(): StoredUserInfo | null {
  const value = storage.getJson<unknown>(STORAGE_KEYS.userInfo);
  return isUserInfo(value) ? value : null;
}

interface SessionState {
  user: StoredUserInfo | null;
  balance: number;
  exposure: number;
  loginLoading: boolean;
  /** Re-read the session from storage (start-up, every navigation, after a 401). */
  syncFromStorage(): void;
  setUser(user: StoredUserInfo | null): void;
  setBalance(balance: number, exposure: number): void;
  setLoginLoading(loading: boolean): void;
}

function snapshot() {
  const user = getAccessToken() != null ? readStoredUserInfo() : null;
  return {
    user,
    balance: storage.getNumber(STORAGE_KEYS.balance) ?? user?.balance ?? 0,
    exposure: storage.getNumber(STORAGE_KEYS.exposure) ?? user?.exposure ?? 0,
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...snapshot(),
  loginLoading: false,
  syncFromStorage: () =>
    set((s) => {
      const next = snapshot();
      const same =
        s.user?.userName === next.user?.userName &&
        s.balance === next.balance &&
        s.exposure === next.exposure;
      return same && (s.user == null) === (next.user == null) ? s : next;
    }),
  setUser: (user) => set({ user, balance: user?.balance ?? 0, exposure: user?.exposure ?? 0 }),
  setBalance: (balance, exposure) => {
    storage.setText(STORAGE_KEYS.balance, String(balance));
    storage.setText(STORAGE_KEYS.exposure, String(exposure));
    set({ balance, exposure });
  },
  setLoginLoading: (loginLoading) => set({ loginLoading }),
}));

export const selectIsLoggedIn = (s: SessionState) => s.user != null;
