import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { deleteOutboxSmsBefore, insertOutboxSms, latestOutboxSms } from './sms-outbox-repository';

/** The edge of the world we cannot reach: an SMS gateway. */
export interface SmsSender {
  sendOtp(mobile: string, code: string, expiresAt: Date): Promise<void>;
}

/** A code the outbox holds, opened for a developer. */
export interface OutboxSms {
  mobile: string;
  code: string;
  sentAt: Date;
  expiresAt: Date;
}

/** How long a sent code stays in the outbox after it expired (a developer may still look it up). */
const KEEP_AFTER_EXPIRY_MS = 60 * 60_000;

/**
 * The development sender: keeps every code it would have sent in an outbox table (so any server
 * instance can show it) and logs where to read it. `GET /dev/otp-outbox` reads it outside production.
 * The table never holds a code in plain text: each is sealed (AES-256-GCM) under a key derived from
 * the server secret, so a copy of the database alone reveals no code; rows an hour past their expiry
 * are deleted as new ones come in.
 */
export class OutboxSmsSender implements SmsSender {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    private readonly log: (msg: string) => void,
    serverSecret: string,
  ) {
    this.key = createHmac('sha256', serverSecret).update('backlay:sms-outbox:v1').digest();
  }

  async sendOtp(mobile: string, code: string, expiresAt: Date): Promise<void> {
    await deleteOutboxSmsBefore(this.db, new Date(Date.now() - KEEP_AFTER_EXPIRY_MS));
    await insertOutboxSms(this.db, { mobile, sealedCode: this.seal(mobile, code), expiresAt });
    this.log(
      `SMS to ${mobile.slice(0, 2)}******${mobile.slice(-2)}: one-time code put in the dev outbox ` +
        `(read it at /dev/otp-outbox?mobile=<the mobile number>)`,
    );
  }

  /** The newest code sent to a mobile number, or null; a row that does not open (another secret) is none. */
  async latest(mobile: string): Promise<OutboxSms | null> {
    const row = await latestOutboxSms(this.db, mobile);
    if (!row) return null;
    const code = this.open(row.mobile, row.sealedCode);
    return code === null ? null : { mobile: row.mobile, code, sentAt: row.sentAt, expiresAt: row.expiresAt };
  }

  /** iv.tag.ciphertext in base64url; the mobile is bound as associated data, so a row cannot be moved. */
  private seal(mobile: string, code: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(mobile));
    const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
  }

  private open(mobile: string, sealedCode: string): string | null {
    const [iv, tag, sealed] = sealedCode.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !sealed || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAAD(Buffer.from(mobile));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
