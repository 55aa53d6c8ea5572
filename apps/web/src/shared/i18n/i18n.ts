import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { storeLanguage, storedLanguage, useLanguageStore, type Language } from './language';

/*
 * Translation through Lingui. Each feature declares its messages in `locales/en.json` and
 * `locales/hi.json` beside its code (ICU messages, compiled at build) and gets its `t` from
 * `defineMessages`, in the feature's `i18n.ts`. English comes with the feature's code; Hindi is
 * loaded, a chunk per feature, only when a player reads Hindi: before the first render for what
 * the first screen shows, and with a page's code for a lazily loaded page (`withCatalogs`).
 *
 * One Lingui instance per language: a message whose Hindi is still loading shows in English rather
 * than as its key. The app is rendered again from the top when the language changes (app/start.tsx
 * keys the tree on it), so a plain `t()` in render, in a hook or in a helper always speaks the
 * language on screen.
 */

const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: {} } }),
  hi: setupI18n({ locale: 'hi', messages: { hi: {} } }),
};

type HindiLoader = () => Promise<{ default: Messages }>;

const hindiLoaders = new Map<string, HindiLoader>();
const hindiLoaded = new Set<string>();
const hindiLoading = new Map<string, Promise<void>>();
let wanted: Language = 'en';

function loadHindi(name: string): Promise<void> {
  if (hindiLoaded.has(name)) return Promise.resolve();
  let loading = hindiLoading.get(name);
  if (!loading) {
    const loader = hindiLoaders.get(name) as HindiLoader;
    loading = loader()
      .then((module) => {
        instances.hi.load('hi', module.default);
        hindiLoaded.add(name);
      })
      .catch(() => {
        // Offline or a failed chunk: this feature stays in English until the next load.
        hindiLoading.delete(name);
      });
    hindiLoading.set(name, loading);
  }
  return loading;
}

/** Every catalog asked for so far, loaded (a page's code waits on this before it renders). */
export async function catalogsReady(): Promise<void> {
  if (wanted === 'hi') await Promise.all([...hindiLoaders.keys()].map(loadHindi));
}

/** Values of a message's placeholders. */
export type MessageValues = Record<string, string | number>;

/** A feature's translate function: only its own message ids type-check. */
export type Translate<Id extends string> = (id: Id, values?: MessageValues) => string;

/**
 * A feature's messages: English compiled with its code, Hindi loaded on demand. Message ids are
 * the feature's name and a dot first (`betting.placeBet`), so two features never share one.
 */
export function defineMessages<Source extends Record<string, string>>(
  name: string,
  english: Messages,
  hindi: HindiLoader,
): Translate<Extract<keyof Source, string>> {
  instances.en.load('en', english);
  hindiLoaders.set(name, hindi);
  if (wanted === 'hi') void loadHindi(name);
  return (id, values) => {
    const instance = wanted === 'hi' && hindiLoaded.has(name) ? instances.hi : instances.en;
    return instance._(id, values);
  };
}

/** The language messages are read in now. */
export function currentLanguage(): Language {
  return wanted;
}

/**
 * Switches the language: loads the catalogs, then shows it (the app renders again) and keeps the
 * choice. Also sets the page's `lang`, so screen readers and fonts follow.
 */
export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  storeLanguage(language);
  await catalogsReady();
  if (wanted !== language) return;
  document.documentElement.lang = language;
  useLanguageStore.getState().setShown(language);
}

/** At start-up: the stored language, its catalogs loaded before the first render. */
export function startLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === 'en') return Promise.resolve();
  return setLanguage(language);
}

/** A lazily loaded module, returned once the catalogs it declared are loaded too. */
export async function withCatalogs<M>(module: Promise<M>): Promise<M> {
  const loaded = await module;
  await catalogsReady();
  return loaded;
}
