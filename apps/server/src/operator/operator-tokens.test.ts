import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../auth/tokens';
import { OperatorTokens } from './operator-tokens';

const SECRET = 'operator-token-test-secret-long-enough-0123456789';
// The operators' key as OperatorTokens derives it: tokens are forged here with another library.
const key = createHmac('sha256', SECRET).update('backlay:operator-access-tokens').digest();
const claims = { dom: 2, ver: 1, sat: Math.floor(Date.now() / 1000), kind: 'operator' };

const forge = (header: { typ?: string }, audience = 'backlay-operator', expiresIn = '10m') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...header })
    .setSubject('7')
    .setIssuer('backlay')
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);

describe("operators' access tokens", () => {
  const tokens = new OperatorTokens(SECRET);

  it('verify what they sign, and a token of the same shape made elsewhere', async () => {
    const { token } = await tokens.sign(7, 2, 1, claims.sat);
    const expected = { ok: true, claims: { operatorId: 7, domainId: 2, version: 1, signedInAt: claims.sat } };
    expect(await tokens.verify(token)).toEqual(expected);
    expect(await tokens.verify(await forge({ typ: 'operator+jwt' }))).toEqual(expected);
  });

  it("refuse another type, audience or key, a player's token, an unsigned one, and say when one expired", async () => {
    const invalid = { ok: false, reason: 'invalid' };
    expect(await tokens.verify(await forge({ typ: 'JWT' }))).toEqual(invalid);
    expect(await tokens.verify(await forge({}))).toEqual(invalid);
    expect(await tokens.verify(await forge({ typ: 'operator+jwt' }, 'api'))).toEqual(invalid);
    expect(await new OperatorTokens(`${SECRET}-other`).verify((await tokens.sign(7, 2, 1)).token)).toEqual(
      invalid,
    );
    const player = await new TokenService(SECRET, 60).signAccess({
      userId: 7,
      domainId: 2,
      sessionId: 1,
      isDemo: false,
    });
    expect(await tokens.verify(player.token)).toEqual(invalid);
    const unsigned = new UnsecuredJWT(claims)
      .setSubject('7')
      .setIssuer('backlay')
      .setAudience('backlay-operator');
    expect(await tokens.verify(unsigned.setExpirationTime('10m').encode())).toEqual(invalid);
    expect(await tokens.verify(await forge({ typ: 'operator+jwt' }, 'backlay-operator', '-10s'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
