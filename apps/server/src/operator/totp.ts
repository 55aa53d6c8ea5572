import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

/*
 * Time-based one-time codes (RFC 6238, as every authenticator app makes them: SHA-1, 6 digits,
 * 30-second steps) through otplib, and the secret sealed at rest.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is still good: clocks and typing drift. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const ISSUER = 'Backlay';

export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://totp/…` address an authenticator app scans. */
export const totpUri = (userName: string, secret: string): string =>
  generateURI({ issuer: ISSUER, label: userName, secret });

/** The code for a time (tests and the development helper; operators read theirs from an app). */
export const totpCode = (secret: string, epochSeconds = Math.floor(Date.now() / 1000)): Promise<string> =>
  generate({ secret, epoch: epochSeconds });

/**
 * The time step a code belongs to, or null when it is wrong. A code is good once: one of the step
 * `lastStep` or earlier is refused, so a code seen over a shoulder or in a log cannot be replayed,
 * not even within its own 30 seconds.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  epochSeconds = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: epochSeconds,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or code is a wrong code.
    return null;
  }
}

/**
 * Seals TOTP secrets with AES-256-GCM under a key derived from the server secret (JWT_SECRET), the
 * operator's lower-case name bound as associated data: the table alone gives no secret, and a
 * sealed secret cannot be moved to another operator. Rotating JWT_SECRET makes every operator enrol
 * again (an owner resets their TOTP; the first owner with the bootstrap key).
 */
export class TotpSealer {
  private readonly key: Buffer;
  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('backlay:operator-totp-secrets').digest();
  }

  seal(userName: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(userName.toLowerCase()));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
  }

  /** The secret, or null when it does not open (another server secret, another operator's row). */
  open(userName: string, sealedSecret: string): string | null {
    const [iv, tag, sealed] = sealedSecret.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !sealed || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAAD(Buffer.from(userName.toLowerCase()));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
