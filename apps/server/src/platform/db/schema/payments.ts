/**
 * The cashier: each domain's cashier settings, payment screenshots, deposit and withdrawal requests,
 * gateway deposit orders and the provider's notices, and the sandbox provider's own books.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { domains } from './settings';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** One domain's cashier, set by its operator: methods, where players pay, limits (paise). */
export const cashierSettings = pgTable(
  'cashier_settings',
  {
    domainId: integer('domain_id')
      .primaryKey()
      .references(() => domains.id),
    /** [{ method, deposit, withdrawal }] for the methods Upi, Imps, PhonePay, Paytm, Gpay. */
    methods: jsonb('methods').notNull().default([]),
    upiVpa: text('upi_vpa'),
    upiPayeeName: text('upi_payee_name'),
    bankAccountHolderName: text('bank_account_holder_name'),
    bankAccountNumber: text('bank_account_number'),
    bankIfscCode: text('bank_ifsc_code'),
    bankName: text('bank_name'),
    minDepositPaise: money('min_deposit_paise').notNull(),
    maxDepositPaise: money('max_deposit_paise').notNull(),
    minWithdrawalPaise: money('min_withdrawal_paise').notNull(),
    maxWithdrawalPaise: money('max_withdrawal_paise').notNull(),
    gatewayEnabled: boolean('gateway_enabled').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'cashier_deposit_limits',
      sql`${t.minDepositPaise} > 0 and ${t.maxDepositPaise} >= ${t.minDepositPaise}`,
    ),
    check(
      'cashier_withdrawal_limits',
      sql`${t.minWithdrawalPaise} > 0 and ${t.maxWithdrawalPaise} >= ${t.minWithdrawalPaise}`,
    ),
  ],
);

/** Payment screenshots (PNG, JPEG or WebP by content, at most 5 MB), served only to their owner. */
export const paymentImages = pgTable(
  'payment_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    /** Detected from the bytes, never the declared type: image/png, image/jpeg or image/webp. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Hex SHA-256 of the bytes: the same screenshot sent twice is one row. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_images_user_sha256').on(t.userId, t.sha256),
    check('payment_image_size', sql`${t.byteSize} > 0 and ${t.byteSize} <= 5242880`),
  ],
);

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    type: text('type', { enum: ['deposit', 'withdrawal'] }).notNull(),
    amountPaise: money('amount_paise').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] }).notNull(),
    /** A withdrawal's payout account: { kind: 'bank', accountNumber, accountHolderName, ifscCode } or { kind: 'upi', upiId }. */
    details: jsonb('details').notNull().default({}),
    imageUrl: text('image_url'),
    /** UPI order reference for gateway deposits. */
    gatewayReference: text('gateway_reference'),
    /** A manual deposit's 12-digit UPI reference, as the player typed it: unique per domain. */
    utr: text('utr'),
    /** A manual deposit's screenshot. */
    imageId: id('image_id').references(() => paymentImages.id),
    /** A paid withdrawal's payout reference, recorded by the operator. */
    payoutUtr: text('payout_utr'),
    /** Why the operator rejected it. */
    reason: text('reason'),
    /** Who decided (the operator key until operator accounts exist). */
    decidedBy: text('decided_by'),
    journalId: id('journal_id').references(() => journals.id),
    /**
     * A deposit screenshot read by the OCR in the background (money/ocr/deposit-reader.ts):
     * 'pending' until read, then 'read' or 'unreadable'; null for a request without a screenshot.
     */
    ocrStatus: text('ocr_status', { enum: ['pending', 'read', 'unreadable'] }),
    /** The OCR's candidates: [{ field, value, confidence }], best first for each field. */
    ocrFields: jsonb('ocr_fields'),
    /** Why it is still pending (the pool was busy) or unreadable, for the operator. */
    ocrNote: text('ocr_note'),
    ocrAttempts: integer('ocr_attempts').notNull().default(0),
    ocrReadAt: at('ocr_read_at'),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('payment_requests_user').on(t.userId, t.createdAt),
    /** The start-up sweep's work: deposits whose screenshot is not read yet. */
    index('payment_requests_ocr_pending')
      .on(t.id)
      .where(sql`${t.ocrStatus} = 'pending'`),
    index('payment_requests_domain_status').on(t.domainId, t.status, t.id),
    uniqueIndex('payment_requests_gateway_ref')
      .on(t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    /** One payment is claimed once: a UTR appears in at most one deposit of a domain. */
    uniqueIndex('payment_requests_domain_utr')
      .on(t.domainId, t.utr)
      .where(sql`${t.utr} is not null`),
    check('payment_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Gateway deposit orders (`api/Payment/Generate`): paid through the payment provider and credited
 * once, by the first Success seen from a signed notice or a Check. The id is the UPI link's `tr`.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    /** The provider that holds the order ('sandbox', or a real one's name). */
    provider: text('provider').notNull(),
    amountPaise: money('amount_paise').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCESS', 'FAILED', 'EXPIRED'] }).notNull(),
    upiUri: text('upi_uri').notNull(),
    /** The payer's 12-digit UPI reference, once paid. */
    utr: text('utr'),
    /** The deposit journal that credited it (a Success only). */
    journalId: id('journal_id').references(() => journals.id),
    /** A Success that came after the order had expired or failed: the money arrived, so it was credited. */
    lateSuccess: boolean('late_success').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** When it left Pending. */
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('payment_orders_user').on(t.userId, t.createdAt),
    /** One payment is one order: a provider's UTR credits at most one order. */
    uniqueIndex('payment_orders_provider_utr')
      .on(t.provider, t.utr)
      .where(sql`${t.utr} is not null`),
    check('payment_order_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'payment_order_success_credited',
      sql`(${t.status} = 'SUCCESS') = (${t.journalId} is not null and ${t.utr} is not null)`,
    ),
  ],
);

/**
 * The provider's notices (webhooks) that passed their signature check, each notice id once: a notice
 * sent again is refused as a replay. The body is kept as it came, for the operators.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    provider: text('provider').notNull(),
    noticeId: text('notice_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    /** What the notice reported: Pending, Success, Failed or Expired. */
    status: text('status').notNull(),
    body: text('body').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.noticeId] }), index('payment_notices_order').on(t.orderId)],
);

/**
 * The sandbox payment provider's own books (money/sandbox-provider.ts), as a real provider keeps
 * its own: the orders merchants opened with it, paid or declined on its order page. Unused in production.
 */
export const sandboxUpiOrders = pgTable('sandbox_upi_orders', {
  orderId: text('order_id').primaryKey(),
  payeeVpa: text('payee_vpa').notNull(),
  payeeName: text('payee_name').notNull(),
  amountPaise: money('amount_paise').notNull(),
  note: text('note').notNull(),
  upiUri: text('upi_uri').notNull(),
  status: text('status', { enum: ['PENDING', 'PAID', 'DECLINED'] }).notNull(),
  /** The 12-digit UPI reference the sandbox made up when it was paid. */
  utr: text('utr').unique(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  decidedAt: at('decided_at'),
});
