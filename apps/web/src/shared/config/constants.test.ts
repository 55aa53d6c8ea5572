import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { toAppError } from '../http/answers';
import {
  INTERNAL_SERVER_ERROR_MESSAGE,
  internalServerErrorMessage,
  NETWORK_FAILURE_MESSAGE,
  networkFailureMessage,
  RESEND_SUCCESS_MESSAGE,
  resendSuccessMessage,
} from './constants';

const DEVANAGARI = /[\u0900-\u097F]/;

describe("section 9's messages as the player reads them", () => {
  afterEach(() => setLanguage('en'));

  it('are the specification texts, byte for byte, in English', () => {
    expect(networkFailureMessage()).toBe(NETWORK_FAILURE_MESSAGE);
    expect(internalServerErrorMessage()).toBe(INTERNAL_SERVER_ERROR_MESSAGE);
    expect(resendSuccessMessage()).toBe(RESEND_SUCCESS_MESSAGE);
  });

  it('are Hindi when Hindi is on screen, in the errors the client makes too', async () => {
    await setLanguage('hi');
    expect(networkFailureMessage()).toMatch(DEVANAGARI);
    expect(internalServerErrorMessage()).toMatch(DEVANAGARI);
    expect(resendSuccessMessage()).toMatch(DEVANAGARI);
    expect(toAppError({ code: 'ERR_NETWORK', message: 'Network Error' }).message).toBe(
      networkFailureMessage(),
    );
    const bare500 = toAppError({ message: 'x', response: { status: 500, statusText: '', data: null } });
    expect(bare500.message).toBe(internalServerErrorMessage());
  });
});
