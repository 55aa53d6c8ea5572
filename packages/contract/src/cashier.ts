import { z } from 'zod';
import { IsoDateTimeSchema, pagedOf } from './envelope';
import { MoneySchema, NonNegativeMoneySchema } from './money';
import { OcrFieldSchema } from './ocr';
import { intField, nullableIntField, nullableStringField } from './fields';

/*
 * The cashier (section C1 of shared/spec/api-shapes.md): the domain's payment info, payment
 * screenshots, manual deposits, withdrawals, the player's request lists and the operator's
 * decisions. Money is rupees on the wire, paise once parsed.
 */

export const PAYMENT_METHODS = ['Upi', 'Imps', 'PhonePay', 'Paytm', 'Gpay'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: `The payment method is one of ${PAYMENT_METHODS.join(', ')}`,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
/** Each method as players and operators know it (the wire has Upi, PhonePay, Gpay): the apps by their brand names. */
export const PAYMENT_METHOD_NAMES: Readonly<Record<PaymentMethod, string>> = {
  Upi: 'UPI',
  Imps: 'IMPS / Bank',
  PhonePay: 'PhonePe',
  Paytm: 'Paytm',
  Gpay: 'Google Pay',
};
/** A method's name from its wire value; a value this contract does not know is shown as it came. */
export function paymentMethodName(method: string): string {
  return Object.hasOwn(PAYMENT_METHOD_NAMES, method) ? PAYMENT_METHOD_NAMES[method as PaymentMethod] : method;
}

export const PaymentInfoSchema = z.object({
  methods: z.array(z.object({ method: PaymentMethodSchema, deposit: z.boolean(), withdrawal: z.boolean() })),
  upi: z.object({ vpa: z.string(), payeeName: z.string() }).nullable(),
  bank: z
    .object({
      accountHolderName: z.string(),
      accountNumber: z.string(),
      ifscCode: z.string(),
      bankName: z.string(),
    })
    .nullable(),
  minDeposit: NonNegativeMoneySchema,
  maxDeposit: NonNegativeMoneySchema,
  minWithdrawal: NonNegativeMoneySchema,
  maxWithdrawal: NonNegativeMoneySchema,
  gatewayEnabled: z.boolean(),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;

export const StoreImageInputSchema = z.object({
  /** `data:image/png;base64,…`: PNG, JPEG or WebP by content (the declared type is not trusted). */
  image: z.string({ error: 'The image is a base64 data URL' }).min(1, 'The image is a base64 data URL'),
});
export const StoreImageResultSchema = z.object({ imageId: intField, url: z.string() });

/** Money a player asks to move: more than zero, at most two decimals (the domain's limits come after). */
const RequestAmountSchema = MoneySchema.refine((p) => p > 0, {
  message: 'The amount must be more than zero',
});

export const UTR_PATTERN = /^\d{12}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

/** A deposit's UPI reference, as the player types it or the operator reads it from the screenshot. */
const UtrSchema = z
  .string({ error: 'The UTR is the 12-digit UPI reference' })
  .trim()
  .regex(UTR_PATTERN, 'The UTR is the 12-digit UPI reference');

/** A payout or payee account's fields, as players' withdrawals and operators' cashier settings take them. */
const AccountNumberSchema = z
  .string({ error: 'The account number is 9 to 18 digits' })
  .trim()
  .regex(ACCOUNT_NUMBER_PATTERN, 'The account number is 9 to 18 digits');
const HolderNameSchema = z
  .string({ error: "The account holder's name is needed" })
  .trim()
  .min(2, "The account holder's name is needed")
  .max(100, "The account holder's name is at most 100 characters")
  .regex(/^[\p{L}][\p{L} .'-]*$/u, "The account holder's name has letters, spaces and dots only");
const IfscSchema = z
  .string({ error: 'The IFSC code looks like SBIN0001234' })
  .trim()
  .toUpperCase()
  .regex(IFSC_PATTERN, 'The IFSC code looks like SBIN0001234');
const UpiIdSchema = z
  .string({ error: 'The UPI id looks like name@bank' })
  .trim()
  .regex(UPI_ID_PATTERN, 'The UPI id looks like name@bank');

export const CreateDepositInputSchema = z.object({
  amount: RequestAmountSchema,
  paymentMethod: PaymentMethodSchema,
  utr: UtrSchema,
  imageId: z
    .number({ error: 'Upload the payment screenshot first' })
    .int('Upload the payment screenshot first')
    .positive('Upload the payment screenshot first')
    .max(Number.MAX_SAFE_INTEGER, 'Upload the payment screenshot first'),
});

const optionalText = (schema: z.ZodString) => schema.optional().nullable();

/** A withdrawal's fields: the amount and method, then the payout account (bank or UPI). */
const withdrawalFields = {
  amount: RequestAmountSchema,
  paymentMethod: PaymentMethodSchema,
  accountNumber: optionalText(AccountNumberSchema),
  accountHolderName: optionalText(HolderNameSchema),
  ifscCode: optionalText(IfscSchema),
  upiId: optionalText(UpiIdSchema),
  /**
   * The player confirmed forfeiting their active bonus (only the bonus; cash is never touched).
   * Without it, a withdrawal during an active bonus is refused with BONUS_ACTIVE.
   */
  forfeitBonus: z.boolean().optional(),
};

/** Bank (account number, holder, IFSC) or UPI (upiId): exactly one of the two. */
function payoutAccountCheck(
  v: {
    accountNumber?: string | null;
    accountHolderName?: string | null;
    ifscCode?: string | null;
    upiId?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  const bank = [v.accountNumber, v.accountHolderName, v.ifscCode].filter((x) => x != null).length;
  if (v.upiId != null) {
    if (bank > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['upiId'],
        message: 'Give a UPI id or bank details, not both',
      });
    }
    return;
  }
  for (const field of ['accountNumber', 'accountHolderName', 'ifscCode'] as const) {
    if (v[field] == null) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message:
          bank === 0
            ? 'Give a UPI id or bank details (account number, holder, IFSC)'
            : 'This field is needed',
      });
    }
  }
}

/** Bank (account number, holder, IFSC) or UPI (upiId): exactly one of the two. */
export const CreateWithdrawalInputSchema = z.object(withdrawalFields).superRefine(payoutAccountCheck);

/**
 * The V1 client's one call for both (Part A): `type` 1 a deposit with its screenshot in `imageUrl`
 * (a base64 data URL, or the `url` Setting/StoreImage answered) and no UTR; `type` 2 a withdrawal
 * with its bank account (or, as CreateWithdrawal takes it, a UPI id).
 */
export const V1DepositWithdrawalInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal(1),
      amount: RequestAmountSchema,
      paymentMethod: PaymentMethodSchema,
      imageUrl: z
        .string({ error: 'Attach the payment screenshot (imageUrl, a base64 data URL)' })
        .trim()
        .min(1, 'Attach the payment screenshot (imageUrl, a base64 data URL)'),
    }),
    z.object({ type: z.literal(2), ...withdrawalFields }).superRefine(payoutAccountCheck),
  ],
  { error: 'type is 1 (a deposit) or 2 (a withdrawal)' },
);

export const RequestIdInputSchema = z.object({
  id: z.number({ error: 'The request id is a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Numeric text (a query string) or a number; never `true` or `[]`. */
const listNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v), schema);

/** 0 all, 1 deposits, 2 withdrawals. */
export const REQUEST_TYPE_FILTER = ['all', 'deposit', 'withdrawal'] as const;
/** 0 all, 1 Pending, 2 Approved, 3 Rejected, 4 Cancelled. */
export const REQUEST_STATUS_NAMES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;
export type RequestStatusName = (typeof REQUEST_STATUS_NAMES)[number];

const pagingFields = {
  MaxResultCount: listNumber(intField.min(1).max(100)).default(10),
  SkipCount: listNumber(intField.min(0).max(1_000_000)).default(0),
};

export const RequestListInputSchema = z.object({
  ...pagingFields,
  type: listNumber(intField.min(0, 'type is 0, 1 or 2').max(2, 'type is 0, 1 or 2')).default(0),
  status: listNumber(intField.min(0, 'status is 0 to 4').max(4, 'status is 0 to 4')).default(0),
});
export const WithdrawalHistoryQuerySchema = z.object(pagingFields);

export const PaymentRequestItemSchema = z.object({
  id: intField,
  type: z.enum(['Deposit', 'Withdrawal']),
  amount: MoneySchema,
  paymentMethod: z.string(),
  /** 1 Pending, 2 Approved, 3 Rejected, 4 Cancelled (the list filter's numbers). */
  status: intField.min(1).max(4),
  statusName: z.enum(REQUEST_STATUS_NAMES),
  /** A deposit's UPI reference as typed; a paid withdrawal's payout reference. */
  utr: nullableStringField,
  /** A bank withdrawal's account, masked but for its last four digits. */
  accountNumber: nullableStringField,
  accountHolderName: nullableStringField,
  ifscCode: nullableStringField,
  /** A UPI withdrawal's UPI id, masked. */
  upiId: nullableStringField,
  creationTime: IsoDateTimeSchema,
  processedTime: IsoDateTimeSchema.nullable(),
  reason: nullableStringField,
});
export type PaymentRequestItem = z.infer<typeof PaymentRequestItemSchema>;
export const PaymentRequestListSchema = pagedOf(PaymentRequestItemSchema);

// ---------------------------------------------------------------- operators

export const OperatorRequestListQuerySchema = z.object({
  ...pagingFields,
  type: listNumber(intField.min(0).max(2)).default(0),
  /** Pending by default: what waits for a decision. */
  status: listNumber(intField.min(0).max(4)).default(1),
});

export const OperatorRequestItemSchema = PaymentRequestItemSchema.extend({
  userId: intField,
  userName: z.string(),
  /** Unmasked: the operator pays to it. */
  accountNumber: nullableStringField,
  upiId: nullableStringField,
  /** A manual deposit's screenshot: GET it with the operator's token. */
  imageId: nullableIntField,
  imageUrl: nullableStringField,
  /**
   * The screenshot read by the OCR in the background: 'pending' until read (or while the OCR was
   * busy: `ocrNote` says so), 'read', or 'unreadable' (the OCR failed on it or found no UTR, amount
   * or payee); null for a request without a screenshot.
   */
  ocr: z.enum(['pending', 'read', 'unreadable']).nullable(),
  ocrNote: nullableStringField,
  /** The OCR's candidates, at most three a field, best first (as `api/ocr/payment-slip` answers). */
  ocrFields: z.array(OcrFieldSchema),
  /**
   * A deposit that came without a UTR (a V1 client's): the UTR the OCR read surely enough, to
   * confirm against the screenshot and send as approve-deposit's `utr`. Null otherwise.
   */
  suggestedUtr: nullableStringField,
  /** The OCR surely read another UTR than the one typed. */
  utrMismatch: z.boolean(),
  /** The OCR surely read another amount than the one typed. */
  amountMismatch: z.boolean(),
  /** The OCR surely read a payee that is none of the site's UPI id, payee name or bank account. */
  payeeMismatch: z.boolean(),
});
export const OperatorRequestListSchema = pagedOf(OperatorRequestItemSchema);

export const ApproveDepositInputSchema = RequestIdInputSchema.extend({
  /**
   * The UTR read from the screenshot, for a deposit that came without one (a V1 client's): it is
   * claimed as a typed one is (unique per domain). A deposit with its UTR takes none.
   */
  utr: UtrSchema.optional(),
});
export const ApproveWithdrawalInputSchema = RequestIdInputSchema.extend({
  /** The payout's bank or UPI reference (12 to 22 letters and digits). */
  utr: z
    .string({ error: 'The payout UTR is 12 to 22 letters and digits' })
    .trim()
    .regex(/^[A-Za-z0-9]{12,22}$/, 'The payout UTR is 12 to 22 letters and digits'),
});
export const RejectRequestInputSchema = RequestIdInputSchema.extend({
  reason: z
    .string({ error: 'A rejection needs a reason the player reads' })
    .trim()
    .min(3, 'A rejection needs a reason the player reads')
    .max(300, 'The reason is at most 300 characters'),
});

// ---------------------------------------------------------------- the cashier's settings

/** A limit an operator sets: rupees with at most two decimals, more than zero. */
const LimitSchema = MoneySchema.refine((p) => p > 0, { message: 'A limit is more than zero' });

const CashierMethodSchema = z.object({
  method: PaymentMethodSchema,
  deposit: z.boolean({ error: 'deposit is true or false' }),
  withdrawal: z.boolean({ error: 'withdrawal is true or false' }),
});

/**
 * An operator's (the owner's) new cashier for its site, replacing the old one whole (PUT
 * /admin/cashier-settings). A UPI id and payee name or null; a bank account players pay into or
 * null; the limits more than zero with the maximum not below the minimum; each method at most once.
 * Deposits are possible when players have somewhere to pay (a UPI id, a bank account, or the gateway
 * on): then at least one method takes deposits. A method that takes deposits needs a UPI id or a
 * bank account, and the gateway a UPI id (it pays to it).
 */
export const CashierSettingsInputSchema = z
  .object({
    methods: z
      .array(CashierMethodSchema, { error: 'methods is a list of { method, deposit, withdrawal }' })
      .max(PAYMENT_METHODS.length, `At most ${PAYMENT_METHODS.length} methods, each once`),
    upi: z
      .object(
        {
          vpa: UpiIdSchema,
          payeeName: z
            .string({ error: "The payee's name is needed" })
            .trim()
            .min(2, "The payee's name is needed")
            .max(100, "The payee's name is at most 100 characters"),
        },
        { error: 'upi is { vpa, payeeName } or null' },
      )
      .nullable(),
    bank: z
      .object(
        {
          accountHolderName: HolderNameSchema,
          accountNumber: AccountNumberSchema,
          ifscCode: IfscSchema,
          bankName: z
            .string({ error: "The bank's name is needed" })
            .trim()
            .min(2, "The bank's name is needed")
            .max(100, "The bank's name is at most 100 characters"),
        },
        { error: 'bank is { accountHolderName, accountNumber, ifscCode, bankName } or null' },
      )
      .nullable(),
    minDeposit: LimitSchema,
    maxDeposit: LimitSchema,
    minWithdrawal: LimitSchema,
    maxWithdrawal: LimitSchema,
    gatewayEnabled: z.boolean({ error: 'gatewayEnabled is true or false' }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.methods.forEach((m, i) => {
      if (seen.has(m.method)) {
        ctx.addIssue({
          code: 'custom',
          path: ['methods', i, 'method'],
          message: `${m.method} is listed twice`,
        });
      }
      seen.add(m.method);
    });
    if (v.maxDeposit < v.minDeposit) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxDeposit'],
        message: 'The largest deposit is not below the smallest',
      });
    }
    if (v.maxWithdrawal < v.minWithdrawal) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxWithdrawal'],
        message: 'The largest withdrawal is not below the smallest',
      });
    }
    const takesDeposits = v.methods.some((m) => m.deposit);
    if (takesDeposits && !v.upi && !v.bank) {
      ctx.addIssue({
        code: 'custom',
        path: ['upi'],
        message: 'A method that takes deposits needs a UPI id or a bank account to pay into',
      });
    }
    if (v.gatewayEnabled && !v.upi) {
      ctx.addIssue({
        code: 'custom',
        path: ['upi'],
        message: 'The gateway pays to the UPI id: give one (vpa and payeeName)',
      });
    }
    if (!takesDeposits && (v.upi || v.bank || v.gatewayEnabled)) {
      ctx.addIssue({
        code: 'custom',
        path: ['methods'],
        message: 'Players can pay in here: at least one method takes deposits',
      });
    }
  });
export type CashierSettingsInput = z.output<typeof CashierSettingsInputSchema>;

/**
 * A site's cashier as stored (GET and PUT /admin/cashier-settings): GetPaymentInfo's fields, but the
 * UPI id and bank account field by field as stored (a row written by SQL may hold half of one, which
 * GetPaymentInfo leaves out), whether the site has a cashier at all (`configured`: without one every
 * deposit and withdrawal is refused), and when it was last changed.
 */
export const CashierSettingsSchema = z.object({
  configured: z.boolean(),
  methods: z.array(CashierMethodSchema),
  upi: z.object({ vpa: nullableStringField, payeeName: nullableStringField }).nullable(),
  bank: z
    .object({
      accountHolderName: nullableStringField,
      accountNumber: nullableStringField,
      ifscCode: nullableStringField,
      bankName: nullableStringField,
    })
    .nullable(),
  minDeposit: NonNegativeMoneySchema,
  maxDeposit: NonNegativeMoneySchema,
  minWithdrawal: NonNegativeMoneySchema,
  maxWithdrawal: NonNegativeMoneySchema,
  gatewayEnabled: z.boolean(),
  updatedAt: IsoDateTimeSchema.nullable(),
});
export type CashierSettings = z.infer<typeof CashierSettingsSchema>;
