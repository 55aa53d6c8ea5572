import type { Paise } from '@backlay/exchange';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { paymentNotices, paymentOrders, paymentRequests } from '../platform/db/schema';

/*
 * Gateway deposit orders and the provider's notices. Money never moves here: the gateway service
 * posts the credit through the ledger in the transaction that marks the order paid.
 */

export type OrderStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED';

export interface PaymentOrderRow {
  id: string;
  userId: number;
  domainId: number;
  provider: string;
  amountPaise: Paise;
  status: OrderStatus;
  upiUri: string;
  utr: string | null;
  journalId: number | null;
  lateSuccess: boolean;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
}

export async function insertOrder(
  db: Executor,
  order: Pick<
    PaymentOrderRow,
    'id' | 'userId' | 'domainId' | 'provider' | 'amountPaise' | 'upiUri' | 'expiresAt'
  >,
): Promise<PaymentOrderRow> {
  const [row] = await db
    .insert(paymentOrders)
    .values({ ...order, status: 'PENDING' })
    .returning();
  if (!row) throw new Error('payment order not stored');
  return row;
}

/** An order, or null; with `userId`, only that player's (another's is as if absent). */
export async function findOrder(
  db: Executor,
  id: string,
  owner?: { userId: number; domainId: number },
): Promise<PaymentOrderRow | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.id, id),
        owner ? eq(paymentOrders.userId, owner.userId) : undefined,
        owner ? eq(paymentOrders.domainId, owner.domainId) : undefined,
      ),
    );
  return row ?? null;
}

/** The order locked to the end of the transaction: a notice and a Check on it take turns. */
export async function lockOrder(db: Executor, id: string): Promise<PaymentOrderRow | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
  return row ?? null;
}

export async function updateOrder(
  db: Executor,
  id: string,
  change: Partial<Pick<PaymentOrderRow, 'status' | 'utr' | 'journalId' | 'lateSuccess' | 'decidedAt'>>,
): Promise<PaymentOrderRow> {
  const [row] = await db.update(paymentOrders).set(change).where(eq(paymentOrders.id, id)).returning();
  if (!row) throw new Error(`payment order ${id} missing`);
  return row;
}

/** Records a notice; false when the provider's notice id was received before (a replay). */
export async function insertNotice(
  db: Executor,
  notice: { provider: string; noticeId: string; orderId: string; status: string; body: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentNotices)
    .values(notice)
    .onConflictDoNothing()
    .returning({ noticeId: paymentNotices.noticeId });
  return inserted.length > 0;
}

/** How many notices an order has had (tests, the operators). */
export async function noticeCount(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentNotices)
    .where(eq(paymentNotices.orderId, orderId));
  return Number(row?.n ?? 0);
}

/**
 * A credited gateway deposit in the player's deposit and withdrawal list: an approved deposit
 * request naming the order and its UTR. The UTR is unique per domain across deposits, so a manual
 * deposit claiming the same payment later is refused (UTR_ALREADY_USED). When a manual deposit
 * claimed it first, the record is kept without the UTR and the answer says which request holds it.
 */
export async function recordGatewayDeposit(
  db: Executor,
  order: Pick<PaymentOrderRow, 'id' | 'userId' | 'domainId' | 'provider' | 'amountPaise'> & {
    utr: string;
    journalId: number;
    at: Date;
  },
): Promise<{ utrClaimedBy: number | null }> {
  const values = {
    userId: order.userId,
    domainId: order.domainId,
    type: 'deposit' as const,
    amountPaise: order.amountPaise,
    paymentMethod: 'Upi',
    status: 'APPROVED' as const,
    gatewayReference: order.id,
    journalId: order.journalId,
    decidedBy: `gateway:${order.provider}`,
    decidedAt: order.at,
  };
  const [inserted] = await db
    .insert(paymentRequests)
    .values({ ...values, utr: order.utr })
    .onConflictDoNothing()
    .returning({ id: paymentRequests.id });
  if (inserted) return { utrClaimedBy: null };
  await db
    .insert(paymentRequests)
    .values({ ...values, utr: null })
    .onConflictDoNothing();
  const [claimed] = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.domainId, order.domainId), eq(paymentRequests.utr, order.utr)));
  return { utrClaimedBy: claimed?.id ?? null };
}
