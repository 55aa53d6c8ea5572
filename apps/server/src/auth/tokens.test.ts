import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const claims = { userId: 7, domainId: 2, sessionId: 11, isDemo: false };

describe('access tokens', () => {
  it('verifies its own tokens, from the cache too, and refuses a tampered or foreign one', async () => {
    const tokens = new TokenService('a-secret-long-enough-for-hs256-0123456789', 60);
    const { token } = await tokens.signAccess(claims);
    const first = await tokens.verifyAccess(token);
    expect(first).toMatchObject({ ok: true, claims });
    // Served from the cache: the same answer.
    expect(await tokens.verifyAccess(token)).toMatchObject({ ok: true, claims });
    const [head, body, signature] = token.split('.');
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await tokens.verifyAccess(`${head}.${body}.${flipped}`)).toEqual({ ok: false, reason: 'invalid' });
    const other = new TokenService('another-secret-long-enough-for-hs256-987654', 60);
    expect(await other.verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an expired token and one of a revoked session', async () => {
    const expired = new TokenService('a-secret-long-enough-for-hs256-0123456789', -10);
    expect(await expired.verifyAccess((await expired.signAccess(claims)).token)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const revoked = new TokenService('a-secret-long-enough-for-hs256-0123456789', 60, {
      has: (id) => id === 11,
    });
    expect(await revoked.verifyAccess((await revoked.signAccess(claims)).token)).toEqual({
      ok: false,
      reason: 'revoked',
    });
  });
});
