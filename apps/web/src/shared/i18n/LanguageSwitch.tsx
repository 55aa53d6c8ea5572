import { setLanguage } from './i18n';
import { LANGUAGE_NAMES, LANGUAGES, useLanguageStore, type Language } from './language';
import { t } from './t';

/**
 * The header's language switch: a native select, so it works by keyboard and reads well to screen
 * readers on every phone. Each language is named in itself, and marked as such.
 */
export function LanguageSwitch() {
  const language = useLanguageStore((s) => s.language);
  return (
    <select
      className="language-switch"
      value={language}
      aria-label={t('shared.languageSwitch')}
      data-testid="language-switch"
      onChange={(event) => void setLanguage(event.target.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
