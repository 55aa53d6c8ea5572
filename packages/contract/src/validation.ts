import { z } from 'zod';

/** Field rules of section 5, shared by the client's forms and the server's checks. */
export const MESSAGES = {
  userNameRequired: 'User name is required',
  userNameFormat: 'User name must be 3 to 32 letters, digits, dots or underscores',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password is too short - should be 8 chars minimum.',
  passwordPattern:
    'Password Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character',
  passwordsMustMatch: 'Passwords must match',
  mobileInvalid: 'mobile number is not valid',
  otpRequired: 'Please Enter Otp code',
  referralCodeFormat: 'Referral code is not valid',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** At least 8 of letters, digits and @$!%*#?&, with a letter, a digit and a special character. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&])[A-Za-z\d@$!%*#?&]{8,}$/;
/** Optional 0091, +91 or 0, then ten digits starting 6-9. */
export const MOBILE_PATTERN = /^(?:0091|\+91|0)?[6-9]\d{9}$/;
export const USER_NAME_PATTERN = /^[A-Za-z0-9_.]{3,32}$/;
export const OTP_PATTERN = /^\d{6}$/;
export const OTP_VALIDITY_SECONDS = 120;
export const OTP_MAX_WRONG_TRIES = 5;

/** Spaces people type inside a number ('98765 43210', '+91 98765 43210'): gone before the rule applies. */
export function withoutSpaces(mobile: string): string {
  return mobile.replace(/\s+/g, '');
}

/** The ten national digits of an Indian mobile number, whatever prefix and spaces were typed. */
export function normaliseMobile(mobile: string): string {
  return withoutSpaces(mobile).replace(/^(?:0091|\+91|0)/, '');
}

/** Whether a sign-in name is a mobile number as section 5 writes one (spaces allowed). */
export function looksLikeMobile(login: string): boolean {
  return MOBILE_PATTERN.test(withoutSpaces(login));
}

export const UserNameSchema = z
  .string({ error: MESSAGES.userNameRequired })
  .trim()
  .min(1, MESSAGES.userNameRequired)
  .regex(USER_NAME_PATTERN, MESSAGES.userNameFormat);

export const NewPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH)
  .regex(PASSWORD_PATTERN, MESSAGES.passwordPattern);

export const MobileSchema = z
  .string({ error: MESSAGES.mobileInvalid })
  .overwrite(withoutSpaces)
  .regex(MOBILE_PATTERN, MESSAGES.mobileInvalid);

export const OtpSchema = z
  .union([z.string(), z.number()], { error: MESSAGES.otpRequired })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(OTP_PATTERN, MESSAGES.otpRequired));

export const ReferralCodeSchema = z
  .string()
  .trim()
  .max(32, MESSAGES.referralCodeFormat)
  .regex(/^[A-Za-z0-9]*$/, MESSAGES.referralCodeFormat);

/**
 * A screenshot's (a payment proof's, a site image's) largest size, decoded. Here, with what every
 * feature shares, and not in cashier.ts: the site settings use it without the cashier's schemas.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The longest data URL a 5 MB image makes (base64 is 4/3 of the bytes), with room for its prefix. */
export const MAX_IMAGE_DATA_URL_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 100;
