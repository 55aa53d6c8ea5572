import type { Paise } from '@backlay/exchange';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database';
import { sandboxUpiOrders } from '../../platform/db/schema';

/*
 * The sandbox provider's own books: the orders merchants open with it, as a real provider keeps
 * them on its side. Nothing here touches the merchant's (our) orders or money.
 */

export type SandboxOrderStatus = 'PENDING' | 'PAID' | 'DECLINED';

export interface SandboxOrderRow {
  orderId: string;
  payeeVpa: string;
  payeeName: string;
  amountPaise: Paise;
  note: string;
  upiUri: string;
  status: SandboxOrderStatus;
  utr: string | null;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
}

/** Opens an order; the same order id again keeps the first (a merchant's retry of createOrder). */
export async function insertSandboxOrder(
  db: Executor,
  order: Omit<SandboxOrderRow, 'status' | 'utr' | 'createdAt' | 'decidedAt'>,
): Promise<SandboxOrderRow> {
  await db
    .insert(sandboxUpiOrders)
    .values({ ...order, status: 'PENDING' })
    .onConflictDoNothing();
  const row = await findSandboxOrder(db, order.orderId);
  if (!row) throw new Error(`sandbox order ${order.orderId} not stored`);
  return row;
}

export async function findSandboxOrder(db: Executor, orderId: string): Promise<SandboxOrderRow | null> {
  const [row] = await db.select().from(sandboxUpiOrders).where(eq(sandboxUpiOrders.orderId, orderId));
  return row ?? null;
}

/**
 * Pays or declines a pending order that has not expired, in one conditional update: of a Pay and a
 * Decline racing, one wins and the other finds it decided (null). A UTR already taken (a clash of
 * random numbers) is null too, and the caller draws another.
 */
export async function decideSandboxOrder(
  db: Executor,
  orderId: string,
  decision: { status: 'PAID'; utr: string } | { status: 'DECLINED' },
  now: Date,
): Promise<SandboxOrderRow | null> {
  try {
    const [row] = await db
      .update(sandboxUpiOrders)
      .set({ status: decision.status, utr: 'utr' in decision ? decision.utr : null, decidedAt: now })
      .where(
        and(
          eq(sandboxUpiOrders.orderId, orderId),
          eq(sandboxUpiOrders.status, 'PENDING'),
          gt(sandboxUpiOrders.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
