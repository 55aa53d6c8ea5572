import { createHash } from 'node:crypto';

/**
 * Tokens whose signature and claims were checked once, so a stream of calls with one token pays the
 * check once: kept by 128 bits of the token's SHA-256 rather than the token itself (a realtime hub
 * connection holds one each), size capped, oldest first out. What a hit still has to be judged on
 * (expiry, revocation) is the caller's.
 */
export class VerifiedTokens<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 10_000) {}

  /** The cache's key of a token: 16 bytes straight to text (a slice of the digest's text would keep all 43 characters). */
  static fingerprint(token: string): string {
    return createHash('sha256').update(token).digest().toString('base64url', 0, 16);
  }

  get(fingerprint: string): T | undefined {
    return this.entries.get(fingerprint);
  }

  set(fingerprint: string, value: T): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(fingerprint, value);
  }

  delete(fingerprint: string): void {
    this.entries.delete(fingerprint);
  }
}
