import { describe, expect, it } from 'vitest';
import { ERRORS } from '@backlay/contract';
import { rejectedAnswer, toAppError } from './answers';

const failure = (code: string, data: unknown) => ({
  message: 'Request failed with status code x',
  response: { status: ERRORS[code as keyof typeof ERRORS].status, statusText: '', data },
});
const body = (code: string, message = 'm') => ({ success: false, result: null, error: { code, message } });

describe('the section 8 error catalogue', () => {
  it('HTTP 401 clears the session and opens the login modal', () => {
    const e = toAppError(failure('UNAUTHENTICATED', body('UNAUTHENTICATED', 'Please log in to continue.')));
    expect(e.session).toBe('unauthorized');
    expect(e.message).toBe('Please log in to continue.');
    expect(e.status).toBe(401);
  });

  it('a body that says the token expired sends the user to /Auth/Logout', () => {
    expect(toAppError(failure('TOKEN_EXPIRED', body('TOKEN_EXPIRED'))).session).toBe('expired');
    expect(toAppError(failure('REFRESH_TOKEN_INVALID', body('REFRESH_TOKEN_INVALID'))).session).toBe(
      'expired',
    );
  });

  it('a 200 whose body carries status 401 is a session-expired answer', () => {
    const e = rejectedAnswer({ success: false, status: 401, result: 'Unauthorized' }, 200);
    expect(e.session).toBe('expired');
    expect(e.message).toBe('Unauthorized');
  });

  it('Authenticate is exempt: a wrong password is not a lost session', () => {
    const wrong = failure(
      'INVALID_CREDENTIALS',
      body('INVALID_CREDENTIALS', 'Invalid user name or password.'),
    );
    expect(toAppError(wrong, { isAuthenticate: true }).session).toBeNull();
    expect(toAppError(wrong).session).toBeNull();
    expect(toAppError(wrong).message).toBe('Invalid user name or password.');
  });

  it('HTTP 500 without an error object reads the body text, then the status text, then a default', () => {
    expect(toAppError({ message: 'x', response: { status: 500, data: 'Database down' } }).message).toBe(
      'Database down',
    );
    expect(
      toAppError({ message: 'x', response: { status: 502, statusText: 'Bad Gateway', data: '' } }).message,
    ).toBe('Bad Gateway');
    expect(toAppError({ message: 'x', response: { status: 500, statusText: '', data: null } }).message).toBe(
      'Internal Server Error',
    );
  });

  it('a network failure asks the player to check the connection', () => {
    const e = toAppError({ code: 'ERR_NETWORK', message: 'Network Error' });
    expect(e.message).toBe('Please Check Your Network Connection...');
    expect(e.code).toBe('NETWORK');
  });

  it('keeps the client texts for aborts and timeouts', () => {
    expect(toAppError({ code: 'ERR_CANCELED', message: 'canceled' }).message).toBe('Request aborted');
    expect(toAppError({ code: 'ECONNABORTED', message: 'Request aborted' }).aborted).toBe(true);
    expect(toAppError({ code: 'ECONNABORTED', message: 'timeout of 5000ms exceeded' }).message).toBe(
      'timeout of 5000ms exceeded',
    );
  });

  it('other failures use the body result as the message when no error is given', () => {
    expect(
      toAppError({
        message: 'x',
        response: { status: 400, data: { success: false, result: 'Stake too low' } },
      }).message,
    ).toBe('Stake too low');
    expect(
      toAppError({ message: 'Request failed with status code 404', response: { status: 404, data: {} } })
        .message,
    ).toBe('Request failed with status code 404');
  });

  it('success not true rejects, carrying the server error and its validation details', () => {
    const e = rejectedAnswer(
      {
        success: false,
        result: null,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'bad',
          validationErrors: [{ field: 'mobile', message: 'mobile number is not valid' }],
        },
      },
      400,
    );
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.validationErrors).toEqual([{ field: 'mobile', message: 'mobile number is not valid' }]);
    expect(e.session).toBeNull();
    expect(rejectedAnswer({ success: 'yes', result: 1 }, 200).code).toBe('NOT_SUCCESS');
  });
});
