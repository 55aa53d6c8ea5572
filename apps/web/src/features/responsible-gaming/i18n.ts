import { defineMessages } from '@/shared/i18n';
import english from './locales/en.json?lingui';
import type source from './locales/en.json';

/** This feature's messages (ids `responsible-gaming.…`): English with the code, Hindi loaded when read. */
export const t = defineMessages<typeof source>(
  'responsible-gaming',
  english,
  () => import('./locales/hi.json?lingui'),
);
