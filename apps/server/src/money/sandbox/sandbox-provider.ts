import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isPaise, type Paise } from '@backlay/exchange';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import {
  paymentWebhookPath,
  type NoticeVerdict,
  type PaymentOrder,
  type PaymentOrderRequest,
  type PaymentOrderState,
  type PaymentProvider,
} from '../payment-provider';
import { upiPayLink } from '../upi-link';
import * as repo from './sandbox-repository';

/*
 * The sandbox payment provider: a real provider in every way a merchant sees, run inside the
 * server outside production. It keeps its own orders (sandbox-repository.ts), serves an order page
 * where a tester pays or declines (sandbox-routes.ts), makes up a 12-digit UTR when paid, and sends
 * the merchant a notice signed with the shared secret, by an HTTP POST to the merchant's webhook.
 *
 * A notice: the JSON body { noticeId, orderId, status, amountPaise, utr, sentAt } and the header
 * `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. A notice
 * is good within NOTICE_TOLERANCE_SECONDS of its time; each delivery is a new notice (new id, new
 * time), so a resent state is taken while the same notice sent twice is a replay.
 */

export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** How far a notice's signed time may be from ours: an older one is refused as a replay. */
export const NOTICE_TOLERANCE_SECONDS = 300;

const NoticeSchema = z.object({
  noticeId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  orderId: z.string().min(1).max(64),
  status: z.enum(['Pending', 'Success', 'Failed', 'Expired']),
  amountPaise: z.number().refine((n) => isPaise(n) && n > 0),
  utr: z
    .string()
    .regex(/^\d{12}$/)
    .nullable(),
  sentAt: z.string(),
});
export type SandboxNotice = z.infer<typeof NoticeSchema>;

/** A notice as the sandbox sends it: the raw body and its headers, signed at `now`. */
export function signSandboxNotice(
  secret: string,
  notice: SandboxNotice,
  now: Date,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(notice);
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return {
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${v1}` },
    body,
  };
}

/** Sends a notice to the merchant's webhook and answers the HTTP status it got back. */
export type NoticeDelivery = (notice: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number }>;

/** What paying, declining or resending did: the order as the sandbox has it, and the notice's fate. */
export interface SandboxOutcome {
  orderId: string;
  status: PaymentOrderState['status'];
  utr: string | null;
  /** The merchant's answer to the notice (its HTTP status), or null when it could not be reached. */
  noticeStatus: number | null;
}

function stateOf(row: repo.SandboxOrderRow, now: Date): PaymentOrderState {
  const status =
    row.status === 'PAID'
      ? 'Success'
      : row.status === 'DECLINED'
        ? 'Failed'
        : now >= row.expiresAt
          ? 'Expired'
          : 'Pending';
  return { orderId: row.orderId, status, amountPaise: row.amountPaise, utr: row.utr };
}

/** The sandbox's order page (sandbox-routes.ts), on the server that runs it. */
export const sandboxOrderPath = (orderId: string) => `/sandbox/upi/${encodeURIComponent(orderId)}`;

/** A UTR as UPI makes them: 12 digits, the first not zero. */
function newUtr(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER;
  private delivery: NoticeDelivery | null = null;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly log: { warn: (obj: object, msg: string) => void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** How notices reach the merchant (an HTTP POST to its webhook); set when the server is built. */
  setDelivery(delivery: NoticeDelivery): void {
    this.delivery = delivery;
  }

  async createOrder(request: PaymentOrderRequest): Promise<PaymentOrder> {
    const upiUri = upiPayLink({
      payeeVpa: request.payee.vpa,
      payeeName: request.payee.name,
      amount: request.amountPaise,
      reference: request.orderId,
      note: request.note,
    });
    const row = await repo.insertSandboxOrder(this.db, {
      orderId: request.orderId,
      payeeVpa: request.payee.vpa,
      payeeName: request.payee.name,
      amountPaise: request.amountPaise,
      note: request.note,
      upiUri,
      expiresAt: request.expiresAt,
    });
    return {
      orderId: row.orderId,
      upiUri: row.upiUri,
      expiresAt: row.expiresAt,
      testPageUrl: sandboxOrderPath(row.orderId),
    };
  }

  async checkOrder(orderId: string): Promise<PaymentOrderState> {
    const row = await repo.findSandboxOrder(this.db, orderId);
    if (!row) throw new Error(`the sandbox has no order ${orderId}`);
    return stateOf(row, this.now());
  }

  verifyNotice(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): NoticeVerdict {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const match = typeof header === 'string' ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header) : null;
    if (!match) return { ok: false, reason: 'signature' };
    const [, t = '', v1 = ''] = match;
    const expected = createHmac('sha256', this.secret)
      .update(Buffer.concat([Buffer.from(`${t}.`), rawBody]))
      .digest();
    if (!timingSafeEqual(Buffer.from(v1, 'hex'), expected)) return { ok: false, reason: 'signature' };
    if (Math.abs(now.getTime() / 1000 - Number(t)) > NOTICE_TOLERANCE_SECONDS) {
      return { ok: false, reason: 'stale' };
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const notice = NoticeSchema.safeParse(json);
    if (!notice.success) return { ok: false, reason: 'malformed' };
    const { noticeId, orderId, status, amountPaise, utr } = notice.data;
    return { ok: true, noticeId, state: { orderId, status, amountPaise: amountPaise as Paise, utr } };
  }

  // ---------------------------------------------------------------- the payer's side (the order page)

  async order(orderId: string): Promise<(repo.SandboxOrderRow & { state: PaymentOrderState }) | null> {
    const row = await repo.findSandboxOrder(this.db, orderId);
    return row && { ...row, state: stateOf(row, this.now()) };
  }

  /**
   * The payer pays: the order is paid with a new UTR and the merchant is told, unless `notify` is
   * false (a notice lost on the way: the merchant learns it by a Check, or when it is sent again).
   */
  async pay(orderId: string, opts: { notify?: boolean } = {}): Promise<SandboxOutcome> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const paid = await repo.decideSandboxOrder(
        this.db,
        orderId,
        { status: 'PAID', utr: newUtr() },
        this.now(),
      );
      if (paid) {
        if (opts.notify === false) {
          return { orderId, status: 'Success', utr: paid.utr, noticeStatus: null };
        }
        return this.tell(paid);
      }
      const row = await this.openOrder(orderId);
      if (!row) break; // decided meanwhile
      // Still open: the UTR drawn was taken; draw again.
    }
    throw await this.closed(orderId);
  }

  /** The payer declines: the order fails and the merchant is told. */
  async decline(orderId: string): Promise<SandboxOutcome> {
    const declined = await repo.decideSandboxOrder(this.db, orderId, { status: 'DECLINED' }, this.now());
    if (!declined) throw await this.closed(orderId);
    return this.tell(declined);
  }

  /** Sends the order's state again as a new notice (a provider's "resend webhook"). */
  async resend(orderId: string): Promise<SandboxOutcome> {
    const row = await repo.findSandboxOrder(this.db, orderId);
    if (!row) throw new AppError('NOT_FOUND', 'The sandbox has no such order.');
    return this.tell(row);
  }

  private async openOrder(orderId: string): Promise<repo.SandboxOrderRow | null> {
    const row = await repo.findSandboxOrder(this.db, orderId);
    return row && stateOf(row, this.now()).status === 'Pending' ? row : null;
  }

  private async closed(orderId: string): Promise<AppError> {
    const row = await repo.findSandboxOrder(this.db, orderId);
    if (!row) return new AppError('NOT_FOUND', 'The sandbox has no such order.');
    const state = stateOf(row, this.now());
    return new AppError(
      'PAYMENT_ORDER_CLOSED',
      `This order is ${state.status === 'Success' ? 'already paid' : state.status === 'Failed' ? 'declined' : 'expired'}: it can no longer be paid or declined.`,
    );
  }

  private async tell(row: repo.SandboxOrderRow): Promise<SandboxOutcome> {
    const now = this.now();
    const state = stateOf(row, now);
    const notice = signSandboxNotice(
      this.secret,
      {
        noticeId: `ntc_${randomBytes(12).toString('hex')}`,
        orderId: row.orderId,
        status: state.status,
        amountPaise: row.amountPaise,
        utr: row.utr,
        sentAt: now.toISOString(),
      },
      now,
    );
    let noticeStatus: number | null = null;
    if (this.delivery) {
      try {
        noticeStatus = (await this.delivery({ path: paymentWebhookPath(this.name), ...notice })).status;
      } catch (err) {
        this.log.warn({ err, orderId: row.orderId }, 'the sandbox could not deliver its notice');
      }
    }
    if (noticeStatus !== null && (noticeStatus < 200 || noticeStatus > 299)) {
      this.log.warn({ orderId: row.orderId, status: noticeStatus }, 'the merchant refused a sandbox notice');
    }
    return { orderId: row.orderId, status: state.status, utr: row.utr, noticeStatus };
  }
}
