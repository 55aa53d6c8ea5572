export {
  catalogsReady,
  currentLanguage,
  defineMessages,
  setLanguage,
  startLanguage,
  withCatalogs,
  type MessageValues,
  type Translate,
} from './i18n';
export { counted } from './count';
export { LanguageSwitch } from './LanguageSwitch';
export { withElements } from './with-elements';
export { DATE_LOCALES, LANGUAGE_NAMES, LANGUAGES, useLanguageStore, type Language } from './language';
