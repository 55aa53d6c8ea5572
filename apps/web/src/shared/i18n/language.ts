import { create } from 'zustand';

/*
 * The player's language: English or Hindi, chosen in the header and kept in local storage (a key of
 * our own: section 3 names the specification's keys, this one is not among them). English is the
 * default; the specification's messages are written in English.
 */

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The locale of dates on screen (numbers keep the Indian grouping of en-IN in both). */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export const LANGUAGE_STORAGE_KEY = 'language';

const isLanguage = (value: string | null | undefined): value is Language => value === 'en' || value === 'hi';

/**
 * The language to start in: one named in the address (`?lang=hi`, for a link an operator shares),
 * else the player's stored choice, else the browser's first language we speak (a phone set to
 * Hindi opens in Hindi), else English.
 */
export function storedLanguage(): Language {
  try {
    const asked = new URLSearchParams(window.location.search).get('lang');
    if (isLanguage(asked)) {
      storeLanguage(asked);
      return asked;
    }
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage unavailable: fall through to the browser's languages.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full quota: the choice lasts for this visit.
  }
}

interface LanguageState {
  /** The language on screen: it changes once the new language's catalogs are loaded. */
  language: Language;
  setShown(language: Language): void;
}

export const useLanguageStore = create<LanguageState>((set) => ({
  language: 'en',
  setShown: (language) => set({ language }),
}));
