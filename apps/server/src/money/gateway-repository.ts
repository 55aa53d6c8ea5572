import type { Paise } from '@backlay/exchange';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { paymentNotices, paymentOrders } from '../platform/db/schema';

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
