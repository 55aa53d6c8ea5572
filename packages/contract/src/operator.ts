import { z } from 'zod';
import { IsoDateTimeSchema } from './envelope';
import { MoneySchema } from './money';
import { intField, positiveIntField, nullableStringField } from './fields';

/**
 * Operator calls: no player screen, authenticated with an operator's bearer token (see
 * `POST /admin/auth/login`); there is no shared operator key.
 */
export const WalletAdjustmentInputSchema = z.object({
  userId: positiveIntField,
  /** Rupees on the wire (paise once parsed), positive to credit, negative to debit; at most ₹1 crore. */
  amount: MoneySchema.refine((p) => p !== 0 && Math.abs(p) <= 10_000_000_00, {
    message: 'Amount must be non-zero and at most 1 crore',
  }),
  reason: z.string().trim().min(3).max(200),
  /** Idempotency: the same reference adjusts once. */
  reference: z.string().trim().min(1).max(100),
});
export const WalletAdjustmentResultSchema = z.object({
  journalId: intField,
  balance: MoneySchema,
  exposure: MoneySchema,
});

// ---------------------------------------------------------------- operator accounts (C5)

/**
 * What an operator may do on one domain. An operator holds at most one role per domain; `owner`
 * may do everything on its domain (every operator call) and manage its operators. No role spans
 * domains: whoever runs several sites holds a role on each, and signs in on each site's host.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'trader', 'support'] as const;
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

/** An operator's user name: letters, digits and `._-`, 3 to 32 characters (case-insensitive). */
export const OperatorUserNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, 'Use 3 to 32 letters, digits, dots, dashes or underscores');
/** Operators' passwords are longer than players' minimum: 12 to 128 characters. */
export const OperatorPasswordSchema = z.string().min(12, 'At least 12 characters').max(128);
/** The 6-digit code of the operator's authenticator app (RFC 6238, 30-second steps). */
export const TotpCodeSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{6}$/, 'The 6-digit code of your authenticator app'));

export const OperatorLoginInputSchema = z.object({
  userName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  totp: TotpCodeSchema,
});
export const OperatorLoginResultSchema = z.object({
  /** The operator's bearer token: short-lived, good on this domain only, never a player's token. */
  accessToken: z.string(),
  expireInSeconds: intField,
  operator: z.object({ userName: z.string(), role: OperatorRoleSchema, domainId: intField }),
});
export type OperatorLoginResult = z.infer<typeof OperatorLoginResultSchema>;

export const CreateOperatorInputSchema = z.object({
  userName: OperatorUserNameSchema,
  password: OperatorPasswordSchema,
  role: OperatorRoleSchema,
});
/** The new operator's TOTP secret is shown here once: enrol it in an authenticator app now. */
export const OperatorEnrolmentSchema = z.object({
  operatorId: intField,
  userName: z.string(),
  role: OperatorRoleSchema,
  domainId: intField,
  /** Base32, for typing into an authenticator app. */
  totpSecret: z.string(),
  /** `otpauth://totp/…`, for a QR code. */
  totpUri: z.string(),
});
export type OperatorEnrolment = z.infer<typeof OperatorEnrolmentSchema>;

export const ResetOperatorTotpInputSchema = z.object({ userName: z.string().trim().min(1).max(64) });

const AuditText = (what: string) => z.string().trim().min(1, `${what} is empty`).max(100).optional();
export const AuditLogQuerySchema = z
  .object({
    MaxResultCount: z.coerce.number().int().min(1).max(200).optional().default(50),
    SkipCount: z.coerce.number().int().min(0).optional().default(0),
    /** Rows of this operator only (their user name, any case). */
    actor: AuditText('The operator'),
    /** Rows of this action only (`payment.approve_deposit`), or of a family by its prefix (`payment.`). */
    action: AuditText('The action'),
    /** Rows at or after this time. */
    from: IsoDateTimeSchema.optional(),
    /** Rows before this time. */
    to: IsoDateTimeSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from is before to',
    path: ['to'],
  });
export const AuditLogItemSchema = z.object({
  id: intField,
  at: IsoDateTimeSchema,
  /**
   * The operator's user name; `cli:<OS user>` for an operator made by `operator:create`;
   * `operator-key` on rows of the retired shared key; a typed name for a failed sign-in.
   */
  actor: z.string(),
  role: OperatorRoleSchema.nullable(),
  action: z.string(),
  target: nullableStringField,
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string(),
  ip: z.string(),
});
export const AuditLogListSchema = z.object({
  totalCount: intField,
  items: z.array(AuditLogItemSchema),
});
export type AuditLogItem = z.infer<typeof AuditLogItemSchema>;
