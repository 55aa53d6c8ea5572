import { create } from 'zustand';
import { STORAGE_KEYS } from '@backlay/contract';
import { paiseToRupees, rupeesToPaise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import { getAccessToken, storage } from '@/shared/storage/storage';

// Who is signed in, with the header's balance and exposure. In shared/ because several features
// read it: auth writes it (features/auth/lib/session.ts), betting updates the balance after a bet,
// sports shows sports by the user's flags, and app/ guards routes with it.

/**
 * The user info kept under 'userinfo': the login result's user fields plus the typed username.
 * The app holds its money as paise; the storage keys ('userinfo', 'balance', 'exposure') keep
 * rupees, as section 3 has them, so the conversion happens only where they are read and written.
 */
export interface StoredUserInfo {
  userId: number;
  userName: string;
  /** What the user typed to sign in (section 3: the client adds username). */
  username: string;
  isDemo: boolean;
  balance: Paise;
  exposure: Paise;
  football: boolean;
  tennis: boolean;
  cricket: boolean;
  casinoToken: string;
  domain: string;
}

/** The key as stored: the money fields are rupees there. */
type UserInfoInStorage = Omit<StoredUserInfo, 'balance' | 'exposure'> & {
  balance?: unknown;
  exposure?: unknown;
};

function isUserInfo(value: unknown): value is UserInfoInStorage {
  if (value == null || typeof value !== 'object') return false;
  const v = value as Partial<UserInfoInStorage>;
  return typeof v.userName === 'string' && typeof v.username === 'string';
}

/** Rupees from a storage key as paise; null when absent or not an amount. */
function storedPaise(rupees: unknown): Paise | null {
  if (typeof rupees !== 'number' && (typeof rupees !== 'string' || rupees.trim() === '')) return null;
  try {
    return rupeesToPaise(rupees);
  } catch {
    return null;
  }
}

export function readStoredUserInfo(): StoredUserInfo | null {
  const value = storage.getJson<unknown>(STORAGE_KEYS.userInfo);
  if (!isUserInfo(value)) return null;
  return {
    ...value,
    balance: storedPaise(value.balance) ?? ZERO_PAISE,
    exposure: storedPaise(value.exposure) ?? ZERO_PAISE,
  };
}

export function writeStoredUserInfo(user: StoredUserInfo): void {
  storage.setJson(STORAGE_KEYS.userInfo, {
    ...user,
    balance: paiseToRupees(user.balance),
    exposure: paiseToRupees(user.exposure),
  });
}

export function writeStoredBalance(balance: Paise, exposure: Paise): void {
  storage.setText(STORAGE_KEYS.balance, String(paiseToRupees(balance)));
  storage.setText(STORAGE_KEYS.exposure, String(paiseToRupees(exposure)));
}

interface SessionState {
  user: StoredUserInfo | null;
  balance: Paise;
  exposure: Paise;
  /**
   * The bonus balance beside cash (issue 14): never staked, shown apart in the header's menu. It
   * comes with the hub's UserBalance push (its BonusBalance) and the bonus page's read; null until
   * either says (no storage key holds it: the push arrives as the connection registers).
   */
  bonusBalance: Paise | null;
  loginLoading: boolean;
  /** Re-read the session from storage (start-up, every navigation, after a 401). */
  syncFromStorage(): void;
  setUser(user: StoredUserInfo | null): void;
  setBalance(balance: Paise, exposure: Paise): void;
  setBonusBalance(bonus: Paise | null): void;
  setLoginLoading(loading: boolean): void;
}

function snapshot() {
  const user = getAccessToken() != null ? readStoredUserInfo() : null;
  return {
    user,
    balance: storedPaise(storage.getText(STORAGE_KEYS.balance)) ?? user?.balance ?? ZERO_PAISE,
    exposure: storedPaise(storage.getText(STORAGE_KEYS.exposure)) ?? user?.exposure ?? ZERO_PAISE,
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...snapshot(),
  bonusBalance: null,
  loginLoading: false,
  syncFromStorage: () =>
    set((s) => {
      const next = snapshot();
      const same =
        s.user?.userName === next.user?.userName &&
        s.user?.casinoToken === next.user?.casinoToken &&
        s.balance === next.balance &&
        s.exposure === next.exposure;
      if (same && (s.user == null) === (next.user == null)) return s;
      // Another player (or none) in storage: the bonus balance known was the last one's.
      return s.user?.userName === next.user?.userName ? next : { ...next, bonusBalance: null };
    }),
  setUser: (user) =>
    set({
      user,
      balance: user?.balance ?? ZERO_PAISE,
      exposure: user?.exposure ?? ZERO_PAISE,
      bonusBalance: null,
    }),
  setBalance: (balance, exposure) => {
    writeStoredBalance(balance, exposure);
    set({ balance, exposure });
  },
  setBonusBalance: (bonusBalance) => set({ bonusBalance }),
  setLoginLoading: (loginLoading) => set({ loginLoading }),
}));

export const selectIsLoggedIn = (s: SessionState) => s.user != null;
