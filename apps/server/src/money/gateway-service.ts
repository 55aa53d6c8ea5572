import { randomBytes } from 'node:crypto';
import {
  PAYMENT_ORDER_TTL_MINUTES,
  type CheckOrderResultSchema,
  type GenerateOrderResultSchema,
} from '@backlay/contract';
import { negPaise, type Paise } from '@backlay/exchange';
import { toString as qrToString } from 'qrcode';
import type { z } from 'zod';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import type { AuthUser } from '../platform/http/auth-user';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import { checkDeposit, guardDeposit } from '../responsible-gaming';
import { findCashierSettings } from './cashier-repository';
import * as repo from './gateway-repository';
import type { PaymentOrderState, PaymentOrderStatus, PaymentProvider } from './payment-provider';

/*
 * Gateway deposits (section C1): an order opened with the payment provider, paid from the player's
 * UPI app, and credited exactly once, when the provider's signed notice or a Check first sees
 * Success, whichever comes first. The credit is one `deposit` journal (PAYMENTS_CLEARING → the
 * player's cash) idempotent on the order, posted in the transaction that marks the order paid,
 * with the order's row locked: a notice and a Check racing take turns, and the second finds it paid.
 *
 * A Success after the order expired (or failed) is still credited: the provider took the player's
 * money, and keeping it would be wrong. Such an order is marked `late_success` for the operators.
 *
 * A credited order also becomes an approved deposit request (the player's list shows it with its
 * UTR), which claims the UTR: a manual deposit of the same payment is then refused.
 */

export const ORDER_TTL_MS = PAYMENT_ORDER_TTL_MINUTES * 60_000;

const STATUS_NAME: Record<repo.OrderStatus, PaymentOrderStatus> = {
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

type GenerateResult = z.output<typeof GenerateOrderResultSchema>;
type CheckResult = z.output<typeof CheckOrderResultSchema>;

/** An order id: the UPI link's `tr`, 22 capitals and digits, time-ordered then random. */
export function newOrderId(now: Date): string {
  return `BL${now.getTime().toString(36).toUpperCase().padStart(9, '0')}${randomBytes(6).toString('hex').toUpperCase()}`.slice(
    0,
    23,
  );
}

function answer(order: repo.PaymentOrderRow): CheckResult {
  return { orderId: order.id, status: STATUS_NAME[order.status], amount: order.amountPaise, utr: order.utr };
}

interface Log {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export class GatewayService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    /** Null where no provider runs (production without a real one): gateway deposits are unavailable. */
    readonly provider: PaymentProvider | null,
    private readonly log: Log,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Opens an order with the provider for the domain's payee: its UPI link and QR code. */
  async generate(user: AuthUser, amount: Paise): Promise<GenerateResult> {
    if (user.isDemo) throw new AppError('DEMO_NOT_ALLOWED');
    const settings = await findCashierSettings(this.db, user.domainId);
    const provider = this.provider;
    if (!provider || !settings?.gatewayEnabled || !settings.upiVpa || !settings.upiPayeeName) {
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    }
    if (amount < settings.minDepositPaise || amount > settings.maxDepositPaise) {
      throw new AppError(
        'AMOUNT_OUT_OF_RANGE',
        `Deposits on this site are from ${formatRupees(settings.minDepositPaise)} to ${formatRupees(settings.maxDepositPaise)}.`,
      );
    }
    // Responsible gaming, before the provider opens an order; judged again with the order's insert.
    await checkDeposit(this.db, user.userId, amount);
    const now = this.now();
    const orderId = newOrderId(now);
    let opened;
    try {
      opened = await provider.createOrder({
        orderId,
        domainId: user.domainId,
        payee: { vpa: settings.upiVpa, name: settings.upiPayeeName },
        amountPaise: amount,
        note: 'Wallet deposit',
        expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
      });
    } catch (err) {
      this.log.error(
        { err, orderId, provider: provider.name },
        'the payment provider did not open the order',
      );
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
    // Under the player's lock with the insert: two orders opened at once cannot both fit a limit (a
    // refused one stays unpaid at the provider and expires; nothing of it is recorded here).
    const order = await this.db.transaction(async (tx) => {
      await guardDeposit(tx, user.userId, amount);
      return repo.insertOrder(tx, {
        id: orderId,
        userId: user.userId,
        domainId: user.domainId,
        provider: provider.name,
        amountPaise: amount,
        upiUri: opened.upiUri,
        expiresAt: opened.expiresAt,
      });
    });
    const qrSvg = await qrToString(order.upiUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
    return {
      orderId: order.id,
      upiUri: order.upiUri,
      qrSvg,
      // The same QR for an <img>: a client that strips HTML from answers keeps this one whole.
      qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(qrSvg, 'utf8').toString('base64')}`,
      ...(opened.testPageUrl ? { sandboxUrl: opened.testPageUrl } : {}),
      amount: order.amountPaise,
      expiresAt: order.expiresAt.toISOString(),
    };
  }

  /** The player's own order as it is now, asking the provider while it is not paid (and crediting a Success). */
  async check(user: AuthUser, orderId: string): Promise<CheckResult> {
    const order = await repo.findOrder(this.db, orderId, { userId: user.userId, domainId: user.domainId });
    if (!order) throw new AppError('NOT_FOUND', 'No such payment order of yours.');
    if (order.status === 'SUCCESS') return answer(order);
    let state: PaymentOrderState | null = null;
    if (this.provider && this.provider.name === order.provider) {
      try {
        state = await this.provider.checkOrder(order.id);
      } catch (err) {
        this.log.warn({ err, orderId }, 'the payment provider did not answer a Check');
      }
    }
    return answer(await this.apply(order.id, state));
  }

  /**
   * A notice (webhook) from the provider, as its raw body: refused with a code and nothing changed
   * when forged, too old, or received before; else applied as a Check's answer is.
   */
  async receiveNotice(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<CheckResult> {
    const provider = this.provider;
    if (!provider) throw new AppError('ROUTE_NOT_FOUND');
    const verdict = provider.verifyNotice(headers, rawBody, this.now());
    if (!verdict.ok) {
      if (verdict.reason === 'stale') {
        throw new AppError(
          'PAYMENT_NOTICE_REPLAYED',
          'The payment notice is too old to be taken: an old notice sent again is refused.',
        );
      }
      throw new AppError(
        'PAYMENT_NOTICE_INVALID',
        verdict.reason === 'signature'
          ? 'The payment notice is not signed by the provider.'
          : 'The payment notice is signed but is not a notice this server reads.',
      );
    }
    const order = await this.apply(verdict.state.orderId, verdict.state, {
      provider: provider.name,
      noticeId: verdict.noticeId,
      body: rawBody.toString('utf8'),
    });
    return answer(order);
  }

  /**
   * What the provider says of an order, applied under the order's row lock: a Success credits once
   * (from any state but Success); a Failure or an expiry closes a Pending order. `state` null (the
   * provider could not be asked) only expires an order past its time. A notice is recorded in the
   * same transaction, so the same notice again is refused and moves nothing.
   */
  private async apply(
    orderId: string,
    state: PaymentOrderState | null,
    notice?: { provider: string; noticeId: string; body: string },
  ): Promise<repo.PaymentOrderRow> {
    const result = await this.ledger.transaction(async (money) => {
      const order = await repo.lockOrder(money.tx, orderId);
      if (!order || (notice && order.provider !== notice.provider)) {
        throw new AppError('NOT_FOUND', 'No such payment order.');
      }
      if (notice) {
        const fresh = await repo.insertNotice(money.tx, {
          ...notice,
          orderId,
          status: state?.status ?? 'Pending',
        });
        if (!fresh) throw new AppError('PAYMENT_NOTICE_REPLAYED');
      }
      if (order.status === 'SUCCESS') return { order, late: false };
      const now = this.now();
      if (state?.status === 'Success') {
        if (state.amountPaise !== order.amountPaise || !state.utr) {
          this.log.error(
            { orderId, state, amountPaise: order.amountPaise },
            'a Success that does not match its order',
          );
          if (notice) throw new AppError('PAYMENT_NOTICE_MISMATCH');
          return { order, late: false };
        }
        const late = order.status !== 'PENDING' || now >= order.expiresAt;
        const wallet = await money.wallet(order.userId, { forUpdate: true });
        const reference = `gateway:${order.id}`;
        const { journalId } = await money.post({
          domainId: order.domainId,
          kind: 'deposit',
          reference,
          description: `Deposit by UPI, order ${order.id} (UTR ${state.utr})`,
          lines: [
            { account: wallet.cash, amount: order.amountPaise },
            {
              account: await money.houseAccount(order.domainId, 'PAYMENTS_CLEARING'),
              amount: negPaise(order.amountPaise),
            },
          ],
        });
        const paid = await repo.updateOrder(money.tx, order.id, {
          status: 'SUCCESS',
          utr: state.utr,
          journalId,
          lateSuccess: late,
          decidedAt: now,
        });
        const { utrClaimedBy } = await repo.recordGatewayDeposit(money.tx, {
          ...order,
          utr: state.utr,
          journalId,
          at: now,
        });
        if (utrClaimedBy !== null) {
          // The player also claimed this payment as a manual deposit: that request must be rejected.
          this.log.error(
            { orderId, requestId: utrClaimedBy, utr: state.utr },
            'a gateway payment whose UTR a manual deposit request also claims: reject that request',
          );
        }
        money.raise({
          type: 'DepositCredited',
          userId: order.userId,
          domainId: order.domainId,
          amountPaise: order.amountPaise,
          reference,
        });
        return { order: paid, late };
      }
      if (order.status !== 'PENDING') return { order, late: false };
      if (state?.status === 'Failed') {
        return {
          order: await repo.updateOrder(money.tx, order.id, { status: 'FAILED', decidedAt: now }),
          late: false,
        };
      }
      if (state?.status === 'Expired' || now >= order.expiresAt) {
        return {
          order: await repo.updateOrder(money.tx, order.id, { status: 'EXPIRED', decidedAt: now }),
          late: false,
        };
      }
      return { order, late: false };
    });
    if (result.late) {
      this.log.warn(
        { orderId, userId: result.order.userId },
        'a payment order was paid after it expired or failed: credited, as the provider took the money',
      );
    }
    return result.order;
  }
}
