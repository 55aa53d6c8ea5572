import { defineMessages } from './i18n';
import english from './locales/en.json?lingui';
import type source from './locales/en.json';

/** Messages of shared/ (ids `shared.…`): the pager, feedback, toasts, the language switch. */
export const t = defineMessages<typeof source>('shared', english, () => import('./locales/hi.json?lingui'));
