import { describe, expect, it } from 'vitest';
import { TokenService } from '../auth';
import { startBanner } from '../platform/log/banner';
import { OperatorTokens } from './operator-tokens';
import {
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATOR_TOTP_SECRET,
  demoOperatorHints,
  seedDemoOperators,
} from './seed';
import { newTotpSecret, TOTP_PERIOD_SECONDS, totpCode, TotpSealer, totpUri, verifyTotp } from './totp';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing-0123456789';

describe('TOTP codes (RFC 6238 through otplib)', () => {
  const secret = newTotpSecret();
  const t = 1_800_000_000; // a step boundary: 1_800_000_000 / 30 = 60_000_000
  const step = t / TOTP_PERIOD_SECONDS;

  it('accepts the code of the current step and answers the step', async () => {
    expect(await verifyTotp(secret, await totpCode(secret, t), null, t)).toBe(step);
  });

  it('matches the RFC 6238 test vector (SHA-1, 59 s → 94287082 cut to 6 digits)', async () => {
    // The RFC's key "12345678901234567890" in Base32.
    const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await totpCode(rfcKey, 59)).toBe('287082');
  });

  it('allows one step of drift either way, not two', async () => {
    expect(await verifyTotp(secret, await totpCode(secret, t - 30), null, t)).toBe(step - 1);
    expect(await verifyTotp(secret, await totpCode(secret, t + 30), null, t)).toBe(step + 1);
    expect(await verifyTotp(secret, await totpCode(secret, t - 60), null, t)).toBeNull();
    expect(await verifyTotp(secret, await totpCode(secret, t + 60), null, t)).toBeNull();
  });

  it('refuses a replay: the step used last, and any earlier one, even within the window', async () => {
    const code = await totpCode(secret, t);
    expect(await verifyTotp(secret, code, step, t)).toBeNull();
    expect(await verifyTotp(secret, await totpCode(secret, t - 30), step, t)).toBeNull();
    // The next step's code is still good.
    expect(await verifyTotp(secret, await totpCode(secret, t + 30), step, t)).toBe(step + 1);
  });

  it('answers null, never throws, for a wrong, short or malformed code or secret', async () => {
    const right = await totpCode(secret, t);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await verifyTotp(secret, wrong, null, t)).toBeNull();
    expect(await verifyTotp(secret, '12345', null, t)).toBeNull();
    expect(await verifyTotp(secret, 'abcdef', null, t)).toBeNull();
    expect(await verifyTotp('not base32 !', right, null, t)).toBeNull();
  });

  it('writes the otpauth address an authenticator app scans', () => {
    const uri = totpUri('finance', DEMO_OPERATOR_TOTP_SECRET);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Backlay:finance\?/);
    expect(uri).toContain(`secret=${DEMO_OPERATOR_TOTP_SECRET}`);
  });
});

describe('the sealed TOTP secret', () => {
  const sealer = new TotpSealer(SECRET);

  it('opens for the operator it was sealed for, and the table holds no secret in clear', () => {
    const sealed = sealer.seal('Finance', DEMO_OPERATOR_TOTP_SECRET);
    expect(sealed).not.toContain(DEMO_OPERATOR_TOTP_SECRET);
    expect(sealer.open('finance', sealed)).toBe(DEMO_OPERATOR_TOTP_SECRET);
  });

  it('does not open for another operator, under another server secret, or tampered', () => {
    const sealed = sealer.seal('finance', DEMO_OPERATOR_TOTP_SECRET);
    expect(sealer.open('trader', sealed)).toBeNull();
    expect(new TotpSealer(`${SECRET}-other`).open('finance', sealed)).toBeNull();
    const [iv, tag, body] = sealed.split('.') as [string, string, string];
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(sealer.open('finance', [iv, tag, flipped].join('.'))).toBeNull();
    expect(sealer.open('finance', 'garbage')).toBeNull();
  });
});

describe("operators' tokens and players' tokens never pass as each other", () => {
  const operatorTokens = new OperatorTokens(SECRET);
  const playerTokens = new TokenService(SECRET, 900);

  it("an operator's token verifies as an operator's only", async () => {
    const { token } = await operatorTokens.sign(7, 1, 0);
    expect(await operatorTokens.verify(token)).toEqual({
      ok: true,
      claims: { operatorId: 7, domainId: 1, version: 0, signedInAt: expect.any(Number) },
    });
    expect(await playerTokens.verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it("a player's token verifies as a player's only", async () => {
    const { token } = await playerTokens.signAccess({ userId: 7, domainId: 1, sessionId: 3, isDemo: false });
    expect((await playerTokens.verifyAccess(token)).ok).toBe(true);
    expect(await operatorTokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('an expired operator token says so', async () => {
    const shortLived = new OperatorTokens(SECRET, -1);
    const { token } = await shortLived.sign(7, 1, 0);
    expect(await operatorTokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('the demo operators in production', () => {
  it('are not seeded, so no operator has the documented password and secret', async () => {
    const executed: unknown[] = [];
    // Any database call would land here: there must be none.
    const db = new Proxy(
      {},
      {
        get: (_t, prop) => {
          executed.push(prop);
          throw new Error(`the production seed touched the database (${String(prop)})`);
        },
      },
    );
    expect(
      await seedDemoOperators(db as never, { isProduction: true, sealer: new TotpSealer(SECRET) }),
    ).toEqual([]);
    expect(executed).toEqual([]);
  });
});

describe('the start banner', () => {
  const base = {
    url: 'http://localhost:8080',
    storage: 'PGlite',
    apiDocs: true,
    logFormat: 'pretty',
  } as const;

  it('in development says how to sign in as a demo operator', () => {
    const text = startBanner({ ...base, devHints: true, operatorHints: demoOperatorHints(base.url) }).join(
      '\n',
    );
    expect(text).toContain('owner, finance, trader, support');
    expect(text).toContain(DEMO_OPERATOR_PASSWORD);
    expect(text).toContain(DEMO_OPERATOR_TOTP_SECRET);
    expect(text).toContain('http://localhost:8080/admin/auth/login');
    expect(text).toContain('http://localhost:8080/operator/');
  });

  it('in production prints no operator secret, even if handed one', () => {
    const text = startBanner({ ...base, devHints: false, operatorHints: demoOperatorHints(base.url) }).join(
      '\n',
    );
    expect(text).not.toContain(DEMO_OPERATOR_TOTP_SECRET);
    expect(text).not.toContain(DEMO_OPERATOR_PASSWORD);
  });
});
