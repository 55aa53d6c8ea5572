import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  MESSAGES,
  MOBILE_PATTERN,
  MobileSchema,
  NewPasswordSchema,
  normaliseMobile,
  OtpSchema,
  PASSWORD_PATTERN,
  RegisterInputSchema,
} from '@backlay/contract';

/** The first message a form shows for a value, as react-hook-form shows the first issue. */
function firstMessage(
  result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field?: string,
) {
  if (result.success) return null;
  const issues = result.error?.issues ?? [];
  return (field ? issues.find((i) => i.path[0] === field) : issues[0])?.message ?? null;
}

const good = {
  userName: 'player_one',
  password: 'Passw0rd!',
  confirmPassword: 'Passw0rd!',
  mobile: '9876543210',
  referralCode: '',
};

describe('section 5 messages, exactly', () => {
  it('names the messages of the specification', () => {
    expect(MESSAGES.passwordTooShort).toBe('Password is too short - should be 8 chars minimum.');
    expect(MESSAGES.passwordPattern).toBe(
      'Password Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and one special case Character',
    );
    expect(MESSAGES.passwordsMustMatch).toBe('Passwords must match');
    expect(MESSAGES.mobileInvalid).toBe('mobile number is not valid');
    expect(MESSAGES.otpRequired).toBe('Please Enter Otp code');
  });
});

describe('register form', () => {
  it('accepts a proper registration', () => {
    expect(RegisterInputSchema.safeParse(good).success).toBe(true);
  });

  it('requires a username', () => {
    expect(firstMessage(RegisterInputSchema.safeParse({ ...good, userName: '' }), 'userName')).toBe(
      MESSAGES.userNameRequired,
    );
  });

  it('password: required, then too short, then the pattern', () => {
    expect(firstMessage(NewPasswordSchema.safeParse(''))).toBe(MESSAGES.passwordRequired);
    expect(firstMessage(NewPasswordSchema.safeParse('Ab1!'))).toBe(MESSAGES.passwordTooShort);
    expect(firstMessage(NewPasswordSchema.safeParse('abcdefgh'))).toBe(MESSAGES.passwordPattern);
    expect(firstMessage(NewPasswordSchema.safeParse('abcdefg1'))).toBe(MESSAGES.passwordPattern);
    expect(firstMessage(NewPasswordSchema.safeParse('abcdefg!'))).toBe(MESSAGES.passwordPattern);
    expect(firstMessage(NewPasswordSchema.safeParse('abcdef1!'))).toBeNull();
  });

  it('password pattern: letters, digits and @$!%*#?& only, with one of each kind', () => {
    for (const special of '@$!%*#?&') expect(PASSWORD_PATTERN.test(`abcdef1${special}`)).toBe(true);
    expect(PASSWORD_PATTERN.test('abcdef1^')).toBe(false);
    expect(PASSWORD_PATTERN.test('abcde 1!')).toBe(false);
  });

  it('confirm password must equal password', () => {
    expect(
      firstMessage(
        RegisterInputSchema.safeParse({ ...good, confirmPassword: 'Passw0rd?' }),
        'confirmPassword',
      ),
    ).toBe(MESSAGES.passwordsMustMatch);
  });

  it.each(['9876543210', '09876543210', '+919876543210', '00919876543210', '6000000000'])(
    'accepts the mobile %s',
    (m) => {
      expect(MobileSchema.safeParse(m).success).toBe(true);
      expect(MOBILE_PATTERN.test(m)).toBe(true);
    },
  );

  it.each(['98765 43210', '+91 98765 43210', ' 0 98765 43210 ', '0091 9876 543 210'])(
    'accepts the mobile %s typed with spaces, as the ten digits without them',
    (m) => {
      const parsed = MobileSchema.safeParse(m);
      expect(parsed.success).toBe(true);
      expect(normaliseMobile(parsed.data ?? '')).toBe('9876543210');
      expect(normaliseMobile(m)).toBe('9876543210');
    },
  );

  it.each([
    '12345',
    '5876543210',
    '98765432101',
    '+929876543210',
    'abcdefghij',
    '',
    '58765 43210',
    '98765 4321',
  ])('refuses the mobile %s', (m) => {
    expect(firstMessage(MobileSchema.safeParse(m))).toBe('mobile number is not valid');
  });
});

describe('OTP', () => {
  it('is numeric and required, with one message for both', () => {
    expect(firstMessage(OtpSchema.safeParse(''))).toBe('Please Enter Otp code');
    expect(firstMessage(OtpSchema.safeParse('12ab56'))).toBe('Please Enter Otp code');
    expect(firstMessage(OtpSchema.safeParse(undefined))).toBe('Please Enter Otp code');
    expect(OtpSchema.safeParse('123456').success).toBe(true);
    expect(OtpSchema.safeParse(123456).success).toBe(true);
  });
});

describe('change password', () => {
  it('uses the same rules for the new password and the match', () => {
    const base = { currentPassword: 'Old0ldPass!', newPassword: 'Passw0rd!', confirmPassword: 'Passw0rd!' };
    expect(ChangePasswordInputSchema.safeParse(base).success).toBe(true);
    expect(
      firstMessage(
        ChangePasswordInputSchema.safeParse({ ...base, newPassword: 'short', confirmPassword: 'short' }),
        'newPassword',
      ),
    ).toBe(MESSAGES.passwordTooShort);
    expect(
      firstMessage(ChangePasswordInputSchema.safeParse({ ...base, confirmPassword: 'x' }), 'confirmPassword'),
    ).toBe(MESSAGES.passwordsMustMatch);
  });
});
