import { create } from 'zustand';
import { STORAGE_KEYS, type DomainSettings } from '@backlay/contract';
import { storage } from '@/shared/storage/storage';

// The domain settings as last loaded. In shared/ because several features read them (sports, app's
// layouts and guards); only the settings feature loads and writes them.

interface SettingsState {
  settings: DomainSettings | null;
  /** True once a load finished, whichever way. */
  loaded: boolean;
  siteSuspended: boolean;
  setLoaded(settings: DomainSettings): void;
  setFailed(): void;
}

/**
 * The copy kept in storage was parsed with the contract's schema when it arrived; here it is
 * only checked for the fields the first paint reads, so the schema library stays off that path.
 */
function storedSettings(): DomainSettings | null {
  const value = storage.getJson<Partial<DomainSettings>>(STORAGE_KEYS.domainSetting);
  if (value == null || typeof value !== 'object') return null;
  if (typeof value.domainTitle !== 'string' || typeof value.siteSuspended !== 'boolean') return null;
  return value as DomainSettings;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: storedSettings(),
  loaded: false,
  siteSuspended: storage.getFlag(STORAGE_KEYS.siteSuspended),
  setLoaded: (settings) => set({ settings, loaded: true, siteSuspended: settings.siteSuspended }),
  setFailed: () => set({ loaded: true, siteSuspended: true }),
}));

/** A domain flag counts as off only when it is exactly false (section 2 entry guards). */
export function flagIsOff(settings: DomainSettings | null, flag: keyof DomainSettings): boolean {
  return settings != null && settings[flag] === false;
}
