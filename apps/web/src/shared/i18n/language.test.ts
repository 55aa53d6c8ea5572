import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from './language';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('the language to start in', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is English for a browser in English, with nothing stored', () => {
    browserLanguages(['en-US', 'en']);
    expect(storedLanguage()).toBe('en');
  });

  it('follows a phone set to Hindi, and a stored choice over it', () => {
    browserLanguages(['hi-IN', 'en-IN']);
    expect(storedLanguage()).toBe('hi');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(storedLanguage()).toBe('en');
  });

  it('takes ?lang= from the address over both, and keeps it', () => {
    browserLanguages(['en-US']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.replaceState(null, '', '/inplay?lang=hi');
    expect(storedLanguage()).toBe('hi');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it('ignores a language it does not speak', () => {
    browserLanguages(['ta-IN', 'fr']);
    window.history.replaceState(null, '', '/inplay?lang=xx');
    expect(storedLanguage()).toBe('en');
  });
});
