import { describe, expect, it } from 'vitest';
import { TokenService } from '../auth/tokens';
import { CasinoTokens } from './casino-token';

const SECRET = 'casino-token-test-secret-long-enough-0123456789';

describe('CasinoTokens', () => {
  const signer = new TokenService(SECRET, 900);

  it('a token checked once is judged on later calls as a first check judges it, expiry and grace included', async () => {
    const token = await signer.signCasino(42, 7);
    const cached = new CasinoTokens(SECRET);
    const first = await cached.verify(token, new Date());
    expect(first).toMatchObject({ ok: true, claims: { userId: 42, domainId: 7 } });
    if (!first.ok) throw new Error('unreachable');
    const expMs = first.expiresAt.getTime();
    for (const offsetMs of [-61_000, -1_000, -1, 0, 999, 1_000, 59_999, 60_000, 61_000, 3_600_000]) {
      for (const grace of [0, 60, 3_600]) {
        const at = new Date(expMs + offsetMs);
        // A fresh instance has nothing remembered: a first check's verdict.
        expect(await cached.verify(token, at, grace)).toEqual(
          await new CasinoTokens(SECRET).verify(token, at, grace),
        );
      }
    }
  });

  it('expires a token once the current second, less the grace, reaches its exp', async () => {
    const tokens = new CasinoTokens(SECRET);
    const token = await signer.signCasino(42, 7);
    const first = await tokens.verify(token, new Date());
    if (!first.ok) throw new Error('a fresh token refused');
    const exp = first.expiresAt.getTime();
    const at = async (offsetMs: number, grace = 0) =>
      (await new CasinoTokens(SECRET).verify(token, new Date(exp + offsetMs), grace)).ok;
    expect(await at(-1_000)).toBe(true);
    expect(await at(-1)).toBe(true);
    expect(await at(0)).toBe(false);
    expect(await at(59_999, 60)).toBe(true);
    expect(await at(60_000, 60)).toBe(false);
    expect(await tokens.verify(token, new Date(exp), 0)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses what is not a casinoToken of this secret, whatever it checked before', async () => {
    const tokens = new CasinoTokens(SECRET);
    const good = await signer.signCasino(42, 7);
    expect((await tokens.verify(good, new Date())).ok).toBe(true);
    const [header, payload] = good.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(await tokens.verify(forged, new Date())).toEqual({ ok: false, reason: 'invalid' });
    const otherSecret = await new TokenService(`${SECRET}-other`, 900).signCasino(42, 7);
    expect(await tokens.verify(otherSecret, new Date())).toEqual({ ok: false, reason: 'invalid' });
    const access = (await signer.signAccess({ userId: 42, domainId: 7, sessionId: 1, isDemo: false })).token;
    expect(await tokens.verify(access, new Date())).toEqual({ ok: false, reason: 'invalid' });
  });
});
