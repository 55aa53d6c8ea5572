import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@backlay/contract';
import { setLanguage } from '../i18n/i18n';
import { formMessage } from './form-messages';

describe('form validation messages', () => {
  afterEach(() => setLanguage('en'));

  it("are the contract's (section 5's) texts exactly in English", () => {
    for (const message of Object.values(MESSAGES)) expect(formMessage(message)).toBe(message);
    expect(formMessage(undefined)).toBeUndefined();
  });

  it('are Hindi when Hindi is on screen; a message the contract does not declare stays as it is', async () => {
    await setLanguage('hi');
    for (const message of Object.values(MESSAGES)) expect(formMessage(message)).toMatch(/[\u0900-\u097F]/);
    expect(formMessage('Too big: expected string to have <=128 characters')).toBe(
      'Too big: expected string to have <=128 characters',
    );
  });
});
