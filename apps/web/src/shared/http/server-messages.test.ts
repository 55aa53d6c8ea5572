import { afterEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { ERRORS, type ErrorCode } from '@backlay/contract';
import { setLanguage } from '../i18n/i18n';
import english from './locales/en.json';
import hindi from './locales/hi.json';
import { call, http } from './client';
import { AppError } from './errors';
import { toAppError } from './answers';
import { playerMessage } from './server-messages';

const camel = (code: string) => code.toLowerCase().replace(/_([a-z])/g, (_, l: string) => l.toUpperCase());
const refusal = (code: ErrorCode, message: string) => ({
  message: 'Request failed',
  response: { status: ERRORS[code].status, data: { success: false, result: null, error: { code, message } } },
});

describe('the API error messages in the player language', () => {
  afterEach(async () => {
    await setLanguage('en');
    http.defaults.adapter = undefined;
  });

  it("has every contract code, its English exactly the contract's message", () => {
    for (const [code, { message }] of Object.entries(ERRORS)) {
      expect((english as Record<string, string>)[`shared.error.${camel(code)}`], code).toBe(message);
    }
    // The responsible-gaming refusals are among them.
    expect(hindi['shared.error.depositLimitReached']).toMatch(/[\u0900-\u097F]/);
    expect(hindi['shared.error.rgChangeRefused']).toMatch(/[\u0900-\u097F]/);
  });

  it("keeps the server's own message in English, details and all", () => {
    const sent = 'This deposit would go over the deposit limit you set (₹5,000 a day). Nothing was changed.';
    expect(playerMessage('DEPOSIT_LIMIT_REACHED', sent)).toBe(sent);
    expect(toAppError(refusal('DEPOSIT_LIMIT_REACHED', sent), { playerMessage }).message).toBe(sent);
  });

  it('reads a known code in Hindi when Hindi is on screen, and an unknown one as sent', async () => {
    await setLanguage('hi');
    const error = toAppError(refusal('PLAYER_TIMED_OUT', ERRORS.PLAYER_TIMED_OUT.message), { playerMessage });
    expect(error.message).toBe(hindi['shared.error.playerTimedOut']);
    expect(error.code).toBe('PLAYER_TIMED_OUT');
    expect(error.status).toBe(403);
    expect(playerMessage('SOMETHING_NEW', 'Sent as is')).toBe('Sent as is');
    expect(playerMessage('constructor', 'Sent as is')).toBe('Sent as is');
  });

  it('gives the HTTP client refusal in Hindi', async () => {
    await setLanguage('hi');
    window.localStorage.setItem('accessToken', 'tok');
    http.defaults.adapter = (async (config) => {
      const { AxiosError } = await import('axios');
      const data = { success: false, result: null, error: { code: 'LOSS_LIMIT_REACHED', message: 'over' } };
      const response = { data, status: 422, statusText: '', headers: {}, config };
      throw new AxiosError('Request failed with status code 422', 'ERR_BAD_REQUEST', config, null, response);
    }) satisfies AxiosAdapter;
    const failure = await call('getUserLoginAttempts', {
      query: { Result: 'All', MaxResultCount: 10, SkipCount: 0 },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).message).toBe(hindi['shared.error.lossLimitReached']);
  });
});
