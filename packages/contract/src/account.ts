import { z } from 'zod';
import { IsoDateTimeSchema } from './envelope';
import { StakeButtonSchema, STAKE_BUTTON_COUNT } from './entities';
import { MoneySchema } from './money';
import {
  MESSAGES,
  MobileSchema,
  NewPasswordSchema,
  OtpSchema,
  ReferralCodeSchema,
  UserNameSchema,
  PASSWORD_MAX_LENGTH,
} from './validation';
import { intField, nonNegativeIntField, positiveIntField, optionalStringField } from './fields';

const Text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max);

export const AuthenticateInputSchema = z.object({
  userNameOrEmailAddress: Text(256, MESSAGES.userNameRequired),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
  rememberClient: z.boolean().optional().default(false),
});
export type AuthenticateInput = z.input<typeof AuthenticateInputSchema>;

export const LoginResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expireInSeconds: positiveIntField,
  stakes: z.array(StakeButtonSchema),
  casinoToken: z.string(),
  domain: z.string(),
  userId: intField,
  userName: z.string(),
  isDemo: z.boolean(),
  balance: MoneySchema,
  exposure: MoneySchema,
  football: z.boolean(),
  tennis: z.boolean(),
  cricket: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const RegisterInputSchema = z
  .object({
    userName: UserNameSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsMustMatch }).max(PASSWORD_MAX_LENGTH),
    mobile: MobileSchema,
    referralCode: ReferralCodeSchema.optional().nullable(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const RegisterResultSchema = z.object({
  userName: z.string(),
  mobile: z.string(),
  domain: z.string(),
  skipVerification: z.boolean(),
  otpExpiresInSeconds: intField,
});
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

export const VerificationInputSchema = z.object({
  userName: UserNameSchema,
  mobile: MobileSchema,
  domain: Text(253, 'Domain is required'),
  otp: OtpSchema,
});
export type VerificationInput = z.input<typeof VerificationInputSchema>;

export const ResendCodeInputSchema = VerificationInputSchema.omit({ otp: true });
export type ResendCodeInput = z.input<typeof ResendCodeInputSchema>;
export const ResendCodeResultSchema = z.object({ otpExpiresInSeconds: intField });

/**
 * `POST Account/GetAccessTokenValidateTime?accessToken=`, sent without a body, in two forms:
 *
 * - **Ours** (no content type, or JSON): `accessToken` is required and the answer is
 *   {@link TokenValidateObjectSchema}.
 * - **The family's V1 form**: its axios clients post `null`, so the request says
 *   `Content-Type: application/x-www-form-urlencoded` with an empty body; they read the answer with
 *   `parseInt(result)`. It is answered {@link TokenSecondsResultSchema}, a bare number: the seconds
 *   left on the `accessToken` given (0 when it is invalid, expired or another site's), or, when none
 *   is given (that client asks again after a refresh, with no token), the lifetime of an access token.
 *
 * See docs/v1-compatibility.md.
 */
export const TokenValidateQuerySchema = z.object({
  accessToken: Text(4096, 'Access token is required').optional(),
});
export const TokenValidateObjectSchema = z.object({
  isValid: z.boolean(),
  expireInSeconds: nonNegativeIntField,
  expireDateTime: IsoDateTimeSchema.nullable(),
});
/** The V1 form's answer: seconds, a bare number. */
export const TokenSecondsResultSchema = nonNegativeIntField;
export const TokenValidateResultSchema = z.union([TokenValidateObjectSchema, TokenSecondsResultSchema]);

export const RefreshTokenQuerySchema = z.object({ refreshToken: Text(512, 'Refresh token is required') });
export const RefreshTokenResultSchema = z.object({
  accessToken: z.string(),
  expireInSeconds: positiveIntField,
  /**
   * Ours: a fresh casinoToken (it lives six hours), so a session kept alive by refreshing can still
   * launch casino games. Another backend may leave it out; the client keeps the one it has.
   */
  casinoToken: optionalStringField,
});
export type RefreshTokenResult = z.infer<typeof RefreshTokenResultSchema>;

export const SettingExpiryQuerySchema = z.object({ domain: z.string().max(253).optional() });
export const SettingExpiryResultSchema = z.object({
  accessTokenExpireInSeconds: intField,
  refreshTokenExpireInSeconds: intField,
  rememberedRefreshTokenExpireInSeconds: intField,
  inactivityPromptSeconds: intField,
  inactivityAnswerSeconds: intField,
  otpValiditySeconds: intField,
  /** The family's V1 names: inactivityPromptSeconds and inactivityAnswerSeconds, same values. */
  timeOutSecond: intField,
  showTimeOutNotificationSecond: intField,
});

export const LOGIN_ATTEMPT_RESULTS = [
  'Success',
  'InvalidUserNameOrPassword',
  'UserIsNotVerified',
  'UserIsLocked',
  'RateLimited',
] as const;
export const LoginAttemptResultSchema = z.enum(LOGIN_ATTEMPT_RESULTS);

export const LoginAttemptsQuerySchema = z.object({
  // An empty Result means all, as a sibling client of the same backend sends it.
  Result: z
    .enum(['', 'All', 'Success', 'Failed', ...LOGIN_ATTEMPT_RESULTS])
    .default('All')
    .transform((v) => v || 'All'),
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(10),
  SkipCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const LoginAttemptSchema = z.object({
  id: intField,
  creationTime: IsoDateTimeSchema,
  clientIpAddress: z.string(),
  browserInfo: z.string(),
  clientName: z.string(),
  userNameOrEmailAddress: z.string(),
  result: LoginAttemptResultSchema,
});
export type LoginAttempt = z.infer<typeof LoginAttemptSchema>;

export const ChangePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, MESSAGES.passwordRequired)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: NewPasswordSchema,
    /** Optional: the family's V1 client never sends it. When sent, it must match. */
    confirmPassword: z.string({ error: MESSAGES.passwordsMustMatch }).max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;
export const MessageResultSchema = z.object({ message: z.string() });

export const UserStakeInputSchema = z
  .array(StakeButtonSchema)
  .length(STAKE_BUTTON_COUNT, `Exactly ${STAKE_BUTTON_COUNT} stake buttons are needed`);
export const UserStakeResultSchema = z.array(StakeButtonSchema);

export const DemoLoginQuerySchema = z.object({});
