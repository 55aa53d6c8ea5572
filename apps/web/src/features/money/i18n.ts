import { defineMessages } from '@/shared/i18n';
import english from './locales/en.json?lingui';
import type source from './locales/en.json';

/** This feature's messages (ids `money.…`): English with the code, Hindi loaded when read. */
export const t = defineMessages<typeof source>('money', english, () => import('./locales/hi.json?lingui'));
