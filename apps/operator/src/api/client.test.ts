import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_MESSAGE, useSession } from '@/session/session-store';
import { depositRequest } from '@/test/fixtures';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { signedInAs } from '@/test/console';
import { call, http } from './client';
import { ApiError } from './errors';

describe('the API client', () => {
  it("sends the operator's bearer token and the query, and parses the result with the route's schema", async () => {
    signedInAs('finance', 'asha');
    const server = fakeServer({
      'GET /admin/payment-requests': ok({ totalCount: 1, items: [depositRequest({ amount: 2500.5 })] }),
    });
    const list = await call('adminPaymentRequests', { query: { type: 1, status: 1 } });
    // Rupees on the wire, paise once parsed.
    expect(list.items[0]!.amount).toBe(250050);
    const [request] = server.calls('GET /admin/payment-requests');
    expect(request!.authorization).toBe('Bearer token-of-asha');
    expect(request!.params).toEqual({ type: 1, status: 1 });
  });

  it('sends the sign-in without a token, and its body as given', async () => {
    signedInAs('owner');
    const server = fakeServer({
      'POST /admin/auth/login': ok({
        accessToken: 't',
        expireInSeconds: 900,
        operator: { userName: 'asha', role: 'finance', domainId: 1 },
      }),
    });
    const result = await call('adminLogin', { body: { userName: 'asha', password: 'pw', totp: '123456' } });
    expect(result.operator.role).toBe('finance');
    const [request] = server.calls('POST /admin/auth/login');
    expect(request!.authorization).toBeNull();
    expect(request!.body).toEqual({ userName: 'asha', password: 'pw', totp: '123456' });
  });

  it("turns a refused answer into a typed error with the server's code, message, status and fields", async () => {
    signedInAs('finance');
    fakeServer({
      'POST /admin/payment-requests/reject': refused(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
        validationErrors: [{ field: 'reason', message: 'A rejection needs a reason the player reads' }],
      }),
      'POST /admin/payment-requests/approve-deposit': refused(
        409,
        'REQUEST_NOT_PENDING',
        'This request was already decided or cancelled.',
      ),
    });
    const validation = await call('adminRejectRequest', { body: { id: 1, reason: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(validation).toBeInstanceOf(ApiError);
    expect(validation).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      validationErrors: [{ field: 'reason', message: 'A rejection needs a reason the player reads' }],
    });
    const conflict = await call('adminApproveDeposit', { body: { id: 1 } }).catch((e: unknown) => e);
    expect(conflict).toMatchObject({
      code: 'REQUEST_NOT_PENDING',
      status: 409,
      message: 'This request was already decided or cancelled.',
    });
  });

  it('reads a success: false envelope of a 200 as a refusal, and an unreadable result as BAD_RESPONSE', async () => {
    signedInAs('owner');
    const server = fakeServer({
      'GET /admin/audit-log': {
        data: { success: false, result: null, error: { code: 'FORBIDDEN', message: 'No.' } },
      },
    });
    await expect(call('adminAuditLog')).rejects.toMatchObject({ code: 'FORBIDDEN', status: 200 });
    server.on('GET /admin/audit-log', ok({ totalCount: 'many', items: [] }));
    await expect(call('adminAuditLog')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it("keeps a rate limit's Retry-After, and names a network failure", async () => {
    fakeServer({
      'POST /admin/auth/login': refused(429, 'RATE_LIMITED', 'Too many attempts.', {
        headers: { 'retry-after': '30' },
      }),
    });
    await expect(
      call('adminLogin', { body: { userName: 'a', password: 'b', totp: '123456' } }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 30 });

    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await expect(call('adminAuditLog')).rejects.toMatchObject({ code: 'NETWORK', status: null });
  });

  it('ends the session on a 401 from an operator call', async () => {
    signedInAs('finance');
    fakeServer({
      'GET /admin/payment-requests': refused(401, 'UNAUTHENTICATED', 'Please log in to continue.'),
    });
    await expect(call('adminPaymentRequests')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().session).toBeNull();
    expect(useSession.getState().endedBecause).toBe(SESSION_ENDED_MESSAGE);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('leaves the session alone when the sign-in itself answers 401', async () => {
    signedInAs('finance');
    fakeServer({
      'POST /admin/auth/login': refused(401, 'INVALID_CREDENTIALS', 'Invalid user name or password.'),
    });
    await expect(
      call('adminLogin', { body: { userName: 'a', password: 'b', totp: '123456' } }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(useSession.getState().session).not.toBeNull();
  });
});
