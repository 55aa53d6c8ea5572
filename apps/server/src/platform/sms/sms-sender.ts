import type { Db } from '../db/database';
import { insertOutboxSms, latestOutboxSms, type OutboxSmsRow } from './sms-outbox-repository';

/** The edge of the world we cannot reach: an SMS gateway. */
export interface SmsSender {
  sendOtp(mobile: string, code: string, expiresAt: Date): Promise<void>;
}

/**
 * The development sender: keeps every code it would have sent in an outbox table (so any server
 * instance can show it) and logs that it did. `GET /dev/otp-outbox` reads it outside production.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly log: (msg: string) => void,
  ) {}

  async sendOtp(mobile: string, code: string, expiresAt: Date): Promise<void> {
    await insertOutboxSms(this.db, { mobile, code, expiresAt });
    this.log(`SMS to ${mobile.slice(0, 2)}******${mobile.slice(-2)}: one-time code put in the dev outbox`);
  }

  latest(mobile: string): Promise<OutboxSmsRow | null> {
    return latestOutboxSms(this.db, mobile);
  }
}
