import { createHmac } from 'node:crypto';
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

  it('refuses a token of another audience, issuer or algorithm, unsigned, or without its claims', async () => {
    const secret = 'a-secret-long-enough-for-hs256-0123456789';
    const tokens = new TokenService(secret, 60);
    const now = Math.floor(Date.now() / 1000);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    /** A token signed with the right secret, of any header and payload. */
    const forge = (header: object, payload: object, alg: 'sha256' | 'sha512' = 'sha256') => {
      const input = `${b64(header)}.${b64(payload)}`;
      return `${input}.${createHmac(alg, secret).update(input).digest('base64url')}`;
    };
    const good = {
      sub: '7',
      dom: 2,
      sid: 11,
      demo: false,
      iss: 'backlay',
      aud: 'api',
      iat: now,
      exp: now + 60,
    };
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    // The forger itself makes tokens the service takes: the refusals below are for their one difference.
    expect(await tokens.verifyAccess(forge(hs256, good))).toMatchObject({ ok: true, claims });
    const refused = { ok: false, reason: 'invalid' };
    expect(await tokens.verifyAccess(forge(hs256, { ...good, aud: 'casino' }))).toEqual(refused);
    expect(await tokens.verifyAccess(await tokens.signCasino(7, 2))).toEqual(refused);
    expect(await tokens.verifyAccess(forge(hs256, { ...good, iss: 'elsewhere' }))).toEqual(refused);
    expect(await tokens.verifyAccess(forge({ alg: 'HS512', typ: 'JWT' }, good, 'sha512'))).toEqual(refused);
    expect(await tokens.verifyAccess(`${b64({ alg: 'none' })}.${b64(good)}.`)).toEqual(refused);
    const { exp: _exp, ...noExpiry } = good;
    expect(await tokens.verifyAccess(forge(hs256, noExpiry))).toEqual(refused);
    expect(await tokens.verifyAccess(forge(hs256, { ...good, sub: 'seven' }))).toEqual(refused);
    expect(await tokens.verifyAccess(forge(hs256, { ...good, sid: '11' }))).toEqual(refused);
    expect(await tokens.verifyAccess('not a token')).toEqual(refused);
  });
});
