import { MESSAGES } from '@backlay/contract';
import { defineMessages } from '../i18n/i18n';
import english from './locales/en.json?lingui';
import type source from './locales/en.json';

/*
 * The validation messages of the contract's form schemas (ids `shared.form.…`, their English
 * exactly the contract's MESSAGES). The schemas write them in English, since the server validates
 * with the same ones; the forms show them through `formMessage`. A catalog of its own: only the
 * sign-in, sign-up, verification and change-password forms load it, never the first paint.
 */
const t = defineMessages<typeof source>('shared-forms', english, () => import('./locales/hi.json?lingui'));

type FormMessage = keyof typeof MESSAGES;

/** Every message the contract declares: a new one without its translation does not type-check. */
const FORM_MESSAGES: Record<FormMessage, () => string> = {
  userNameRequired: () => t('shared.form.userNameRequired'),
  userNameFormat: () => t('shared.form.userNameFormat'),
  passwordRequired: () => t('shared.form.passwordRequired'),
  passwordTooShort: () => t('shared.form.passwordTooShort'),
  passwordPattern: () => t('shared.form.passwordPattern'),
  passwordsMustMatch: () => t('shared.form.passwordsMustMatch'),
  mobileInvalid: () => t('shared.form.mobileInvalid'),
  otpRequired: () => t('shared.form.otpRequired'),
  referralCodeFormat: () => t('shared.form.referralCodeFormat'),
};

const KEYS = Object.keys(MESSAGES) as FormMessage[];

/**
 * A validation message as the player reads it: the contract's messages in the language on screen,
 * any other (a form's own, already translated) as it is.
 */
export function formMessage(message: string): string;
export function formMessage(message: string | undefined): string | undefined;
export function formMessage(message: string | undefined): string | undefined {
  const key = message == null ? undefined : KEYS.find((k) => MESSAGES[k] === message);
  return key ? FORM_MESSAGES[key]() : message;
}
