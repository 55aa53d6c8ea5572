import { defineMessages } from '@/shared/i18n';
import english from './locales/en.json?lingui';
import type source from './locales/en.json';

/** This feature's messages (ids `app.…`): English with the code, Hindi loaded when read. */
export const t = defineMessages<typeof source>('app', english, () => import('./locales/hi.json?lingui'));

/** The id of one of app/'s messages (a route's title names one). */
export type AppMessageId = Parameters<typeof t>[0];
