import { STORAGE_KEYS, type StorageKey } from '@backlay/contract';

/**
 * Local storage under the exact keys of section 3. Text values are stored as given, objects as
 * JSON, booleans as the text 'true' / 'false'. Reads never throw: corrupt JSON reads as null.
 */
export const storage = {
  getText(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setText(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Private mode or a full quota: the app keeps working from memory.
    }
  },
  getJson<T>(key: StorageKey): T | null {
    const raw = storage.getText(key);
    if (raw == null || raw === '') return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    storage.setText(key, JSON.stringify(value));
  },
  getFlag(key: StorageKey): boolean {
    return storage.getText(key) === 'true';
  },
  setFlag(key: StorageKey, value: boolean): void {
    storage.setText(key, value ? 'true' : 'false');
  },
  getNumber(key: StorageKey): number | null {
    const raw = storage.getText(key);
    if (raw == null || raw.trim() === '') return null;
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  },
  remove(...keys: StorageKey[]): void {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing to remove when storage is unavailable.
      }
    }
  },
  /** Logout: every key goes except baseUrl, including keys other code may have written. */
  clearAllExceptBaseUrl(): void {
    try {
      const baseUrl = window.localStorage.getItem(STORAGE_KEYS.baseUrl);
      window.localStorage.clear();
      if (baseUrl != null) window.localStorage.setItem(STORAGE_KEYS.baseUrl, baseUrl);
    } catch {
      // Storage unavailable: nothing was kept either.
    }
  },
};

/** What an expired or rejected session leaves behind: section 4 and the 401 rows of section 8. */
export const SESSION_KEYS: StorageKey[] = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.expireIn,
  STORAGE_KEYS.expireDateTime,
  STORAGE_KEYS.openBets,
  STORAGE_KEYS.profitLoss,
  STORAGE_KEYS.balance,
  STORAGE_KEYS.exposure,
  STORAGE_KEYS.casinoIsEmpty,
];

export function clearSessionStorage(): void {
  storage.remove(...SESSION_KEYS);
}

export function getAccessToken(): string | null {
  const token = storage.getText(STORAGE_KEYS.accessToken);
  return token != null && token !== '' ? token : null;
}
