import type { Paise } from '@backlay/exchange';
import { and, asc, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { cashierSettings, paymentImages, paymentRequests, users } from '../platform/db/schema';

/*
 * The cashier's SQL: each domain's cashier settings, payment screenshots and payment requests.
 * Money never moves here: the service posts it through the ledger in the same transaction.
 */

export type RequestType = 'deposit' | 'withdrawal';
export type RequestStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';

export interface CashierMethodRow {
  method: string;
  deposit: boolean;
  withdrawal: boolean;
}

export interface CashierSettingsRow {
  domainId: number;
  methods: CashierMethodRow[];
  upiVpa: string | null;
  upiPayeeName: string | null;
  bankAccountHolderName: string | null;
  bankAccountNumber: string | null;
  bankIfscCode: string | null;
  bankName: string | null;
  minDepositPaise: Paise;
  maxDepositPaise: Paise;
  minWithdrawalPaise: Paise;
  maxWithdrawalPaise: Paise;
  gatewayEnabled: boolean;
}

export async function findCashierSettings(
  db: Executor,
  domainId: number,
): Promise<CashierSettingsRow | null> {
  const [row] = await db.select().from(cashierSettings).where(eq(cashierSettings.domainId, domainId));
  if (!row) return null;
  const { updatedAt: _updatedAt, methods, ...rest } = row;
  return { ...rest, methods: methods as CashierMethodRow[] };
}

/** A domain's cashier, unless it has one already (the demo seed never overwrites an operator's). */
export async function insertCashierSettingsIfMissing(
  db: Executor,
  settings: CashierSettingsRow,
): Promise<void> {
  await db.insert(cashierSettings).values(settings).onConflictDoNothing();
}

/** A domain's cashier as stored, with when it last changed; `lock` holds the row until the transaction ends. */
export async function findStoredCashierSettings(
  db: Executor,
  domainId: number,
  opts: { lock?: boolean } = {},
): Promise<(CashierSettingsRow & { updatedAt: Date }) | null> {
  const query = db.select().from(cashierSettings).where(eq(cashierSettings.domainId, domainId));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) return null;
  return { ...row, methods: row.methods as CashierMethodRow[] };
}

/** Writes a domain's cashier whole (a new row, or every field of its row); answers it as stored. */
export async function replaceCashierSettings(
  db: Executor,
  settings: CashierSettingsRow,
): Promise<CashierSettingsRow & { updatedAt: Date }> {
  const { domainId: _domainId, ...fields } = settings;
  const [row] = await db
    .insert(cashierSettings)
    .values({ ...settings, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: cashierSettings.domainId, set: { ...fields, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error(`the cashier of domain ${settings.domainId} was not written`);
  return { ...row, methods: row.methods as CashierMethodRow[] };
}

// ---------------------------------------------------------------- screenshots

export interface ImageRow {
  id: number;
  userId: number;
  domainId: number;
  contentType: string;
  bytes: Buffer;
}

/** Stores a screenshot; the same bytes from the same player again answer the first row's id. */
export async function insertImage(
  db: Executor,
  image: { userId: number; domainId: number; contentType: string; bytes: Buffer; sha256: string },
): Promise<number> {
  const [inserted] = await db
    .insert(paymentImages)
    .values({ ...image, byteSize: image.bytes.length })
    .onConflictDoNothing()
    .returning({ id: paymentImages.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: paymentImages.id })
    .from(paymentImages)
    .where(and(eq(paymentImages.userId, image.userId), eq(paymentImages.sha256, image.sha256)));
  if (!existing) throw new Error('image conflict without an image');
  return existing.id;
}

export async function findImage(db: Executor, id: number): Promise<ImageRow | null> {
  const [row] = await db
    .select({
      id: paymentImages.id,
      userId: paymentImages.userId,
      domainId: paymentImages.domainId,
      contentType: paymentImages.contentType,
      bytes: paymentImages.bytes,
    })
    .from(paymentImages)
    .where(eq(paymentImages.id, id));
  return row ?? null;
}

/** Whether the image is the player's own (without reading its bytes). */
export async function isOwnImage(db: Executor, id: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentImages)
    .where(and(eq(paymentImages.id, id), eq(paymentImages.userId, userId)));
  return (row?.n ?? 0) > 0;
}

// ---------------------------------------------------------------- requests

export interface PayoutDetails {
  kind?: 'bank' | 'upi';
  accountNumber?: string;
  accountHolderName?: string;
  ifscCode?: string;
  upiId?: string;
}

export interface PaymentRequestRow {
  id: number;
  userId: number;
  domainId: number;
  type: RequestType;
  amountPaise: Paise;
  paymentMethod: string;
  status: RequestStatus;
  details: PayoutDetails;
  utr: string | null;
  imageId: number | null;
  payoutUtr: string | null;
  reason: string | null;
  journalId: number | null;
  createdAt: Date;
  decidedAt: Date | null;
  /** The screenshot's OCR (a deposit with a screenshot): pending, read or unreadable; else null. */
  ocrStatus: OcrStatus | null;
  ocrFields: OcrCandidate[] | null;
  ocrNote: string | null;
}

export type OcrStatus = 'pending' | 'read' | 'unreadable';
export interface OcrCandidate {
  field: 'utr' | 'amount' | 'date' | 'payee';
  value: string;
  confidence: number;
}

const requestColumns = {
  id: paymentRequests.id,
  userId: paymentRequests.userId,
  domainId: paymentRequests.domainId,
  type: paymentRequests.type,
  amountPaise: paymentRequests.amountPaise,
  paymentMethod: paymentRequests.paymentMethod,
  status: paymentRequests.status,
  details: paymentRequests.details,
  utr: paymentRequests.utr,
  imageId: paymentRequests.imageId,
  payoutUtr: paymentRequests.payoutUtr,
  reason: paymentRequests.reason,
  journalId: paymentRequests.journalId,
  createdAt: paymentRequests.createdAt,
  decidedAt: paymentRequests.decidedAt,
  ocrStatus: paymentRequests.ocrStatus,
  ocrFields: paymentRequests.ocrFields,
  ocrNote: paymentRequests.ocrNote,
};

const asRow = <T extends { details: unknown; ocrFields: unknown }>(row: T) =>
  ({
    ...row,
    details: (row.details ?? {}) as PayoutDetails,
    ocrFields: (row.ocrFields ?? null) as OcrCandidate[] | null,
  }) as Omit<T, 'details' | 'ocrFields'> & { details: PayoutDetails; ocrFields: OcrCandidate[] | null };

/** The constraint a unique violation (SQLSTATE 23505) names, looking through driver and ORM wrappers. */
function uniqueViolation(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return null;
}

/**
 * A manual deposit waiting for an operator. Null when its UTR is already claimed in the domain:
 * the unique index decides, so of two racing claims of one payment exactly one is stored.
 */
export async function insertDepositRequest(
  db: Executor,
  input: {
    userId: number;
    domainId: number;
    amountPaise: Paise;
    paymentMethod: string;
    /** Null for a V1 client's deposit: the operator reads it from the screenshot when approving. */
    utr: string | null;
    imageId: number;
  },
): Promise<PaymentRequestRow | null> {
  try {
    const [row] = await db
      .insert(paymentRequests)
      // Its screenshot waits for the OCR (read in the background: deposit-reader.ts).
      .values({ ...input, type: 'deposit', status: 'PENDING', ocrStatus: 'pending' })
      .returning(requestColumns);
    if (!row) throw new Error('deposit request not stored');
    return asRow(row);
  } catch (err) {
    if (uniqueViolation(err) !== null) return null;
    throw err;
  }
}

/**
 * Gives a deposit that came without a UTR the one its operator read from the screenshot. False when
 * another deposit of the domain already claims it (the unique index decides, as for a typed one).
 */
export async function claimDepositUtr(db: Executor, id: number, utr: string): Promise<boolean> {
  try {
    const updated = await db
      .update(paymentRequests)
      .set({ utr })
      .where(and(eq(paymentRequests.id, id), isNull(paymentRequests.utr)))
      .returning({ id: paymentRequests.id });
    return updated.length > 0;
  } catch (err) {
    if (uniqueViolation(err) !== null) return false;
    throw err;
  }
}

/** Whether a deposit of the domain already claims this UTR. */
export async function utrClaimed(db: Executor, domainId: number, utr: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.domainId, domainId), eq(paymentRequests.utr, utr)));
  return (row?.n ?? 0) > 0;
}

export async function insertWithdrawalRequest(
  db: Executor,
  input: {
    userId: number;
    domainId: number;
    amountPaise: Paise;
    paymentMethod: string;
    details: PayoutDetails;
  },
): Promise<PaymentRequestRow> {
  const [row] = await db
    .insert(paymentRequests)
    .values({ ...input, type: 'withdrawal', status: 'PENDING' })
    .returning(requestColumns);
  if (!row) throw new Error('withdrawal request not stored');
  return asRow(row);
}

export async function setRequestJournal(db: Executor, id: number, journalId: number): Promise<void> {
  await db.update(paymentRequests).set({ journalId }).where(eq(paymentRequests.id, id));
}

/**
 * Decides a pending request in one conditional update: of racing decisions (approve twice, approve
 * and cancel) the first to commit wins, and the others find it no longer pending (null). The row
 * stays locked to the end of the caller's transaction, where the ledger moves its money.
 */
export async function decidePendingRequest(
  db: Executor,
  where: { id: number; domainId: number; userId?: number; type?: RequestType },
  decision: {
    status: Exclude<RequestStatus, 'PENDING'>;
    reason?: string;
    payoutUtr?: string;
    decidedBy: string;
  },
): Promise<PaymentRequestRow | null> {
  const [row] = await db
    .update(paymentRequests)
    .set({
      status: decision.status,
      reason: decision.reason ?? null,
      payoutUtr: decision.payoutUtr ?? null,
      decidedBy: decision.decidedBy,
      decidedAt: new Date(),
    })
    .where(
      and(
        eq(paymentRequests.id, where.id),
        eq(paymentRequests.domainId, where.domainId),
        eq(paymentRequests.status, 'PENDING'),
        where.userId !== undefined ? eq(paymentRequests.userId, where.userId) : undefined,
        where.type ? eq(paymentRequests.type, where.type) : undefined,
      ),
    )
    .returning(requestColumns);
  return row ? asRow(row) : null;
}

export async function findRequest(
  db: Executor,
  where: { id: number; domainId: number; userId?: number },
): Promise<PaymentRequestRow | null> {
  const [row] = await db
    .select(requestColumns)
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.id, where.id),
        eq(paymentRequests.domainId, where.domainId),
        where.userId !== undefined ? eq(paymentRequests.userId, where.userId) : undefined,
      ),
    );
  return row ? asRow(row) : null;
}

export interface RequestListFilter {
  domainId: number;
  userId?: number;
  type?: RequestType;
  status?: RequestStatus;
  limit: number;
  offset: number;
  /** The operator's queue is oldest first; a player's list newest first. */
  oldestFirst?: boolean;
}

export async function listRequests(
  db: Executor,
  f: RequestListFilter,
): Promise<{ total: number; rows: (PaymentRequestRow & { userName: string })[] }> {
  const conditions: (SQL | undefined)[] = [
    eq(paymentRequests.domainId, f.domainId),
    f.userId !== undefined ? eq(paymentRequests.userId, f.userId) : undefined,
    f.type ? eq(paymentRequests.type, f.type) : undefined,
    f.status ? eq(paymentRequests.status, f.status) : undefined,
  ];
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select({ ...requestColumns, userName: users.userName })
      .from(paymentRequests)
      .innerJoin(users, eq(users.id, paymentRequests.userId))
      .where(where)
      .orderBy(f.oldestFirst ? asc(paymentRequests.id) : desc(paymentRequests.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(paymentRequests).where(where),
  ]);
  return { total: counted[0]?.n ?? 0, rows: rows.map(asRow) };
}

/** The user name of a request's player (the operator's view). */
export async function userNameOf(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName ?? '';
}

// ---------------------------------------------------------------- the screenshots' OCR

/** A deposit's screenshot still to be read by the OCR; null when there is none (or it was read). */
export async function findUnreadDepositSlip(
  db: Executor,
  id: number,
): Promise<{ id: number; attempts: number; bytes: Buffer } | null> {
  const [row] = await db
    .select({ id: paymentRequests.id, attempts: paymentRequests.ocrAttempts, bytes: paymentImages.bytes })
    .from(paymentRequests)
    .innerJoin(paymentImages, eq(paymentImages.id, paymentRequests.imageId))
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.ocrStatus, 'pending')));
  return row ?? null;
}

/** Pending deposits whose screenshot is unread, oldest first, after the given id (the sweep's page). */
export async function unreadDepositIds(db: Executor, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.ocrStatus, 'pending'),
        eq(paymentRequests.status, 'PENDING'),
        gt(paymentRequests.id, afterId),
      ),
    )
    .orderBy(asc(paymentRequests.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Stores what the OCR read (or that it could not); a screenshot already read is left as it is. */
export async function recordOcr(
  db: Executor,
  id: number,
  outcome: { status: Exclude<OcrStatus, 'pending'>; fields: OcrCandidate[]; note: string | null },
): Promise<boolean> {
  const updated = await db
    .update(paymentRequests)
    .set({
      ocrStatus: outcome.status,
      ocrFields: outcome.fields,
      ocrNote: outcome.note,
      ocrAttempts: sql`${paymentRequests.ocrAttempts} + 1`,
      ocrReadAt: new Date(),
    })
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.ocrStatus, 'pending')))
    .returning({ id: paymentRequests.id });
  return updated.length > 0;
}

/** A try that did not read it (the OCR was busy): counted, with a note; it stays pending. */
export async function recordOcrAttempt(db: Executor, id: number, note: string): Promise<number> {
  const [row] = await db
    .update(paymentRequests)
    .set({ ocrNote: note, ocrAttempts: sql`${paymentRequests.ocrAttempts} + 1` })
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.ocrStatus, 'pending')))
    .returning({ attempts: paymentRequests.ocrAttempts });
  return row?.attempts ?? 0;
}
