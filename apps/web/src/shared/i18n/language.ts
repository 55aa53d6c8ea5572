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

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
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
