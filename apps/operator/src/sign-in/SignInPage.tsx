import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { call } from '@/api/client';
import type { ApiError } from '@/api/errors';
import { toApiError } from '@/api/errors';
import { useSession } from '@/session/session-store';
import { useSiteName } from '@/shared/site';

const SignInSchema = z.object({
  userName: z.string().trim().min(1, 'Enter your user name').max(64),
  password: z.string().min(1, 'Enter your password').max(128),
  totp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The 6-digit code of your authenticator app'),
});
type SignInForm = z.infer<typeof SignInSchema>;

/** What a refused sign-in tells the operator: the server says alike for every wrong part. */
function refusalMessage(error: ApiError): string {
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return 'The user name, password or authenticator code is not right (a code works once: wait for the next one).';
    case 'RATE_LIMITED':
      return error.retryAfterSeconds != null
        ? `Too many attempts. Try again in ${error.retryAfterSeconds} s.`
        : 'Too many attempts. Wait a minute and try again.';
    default:
      return error.message;
  }
}

export function SignInPage() {
  const session = useSession((s) => s.session);
  const endedBecause = useSession((s) => s.endedBecause);
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const siteName = useSiteName();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { userName: '', password: '', totp: '' },
  });

  const from = (location.state as { from?: string } | null)?.from ?? '/';
  if (session) return <Navigate to={from} replace />;

  const onSubmit = async (form: SignInForm) => {
    setRefusal(null);
    try {
      const result = await call('adminLogin', {
        body: { userName: form.userName, password: form.password, totp: form.totp },
      });
      signIn({
        accessToken: result.accessToken,
        expiresAt: Date.now() + result.expireInSeconds * 1000,
        operator: result.operator,
      });
      navigate(from, { replace: true });
    } catch (thrown) {
      const error = toApiError(thrown);
      for (const v of error.validationErrors) {
        if (v.field === 'userName' || v.field === 'password' || v.field === 'totp') {
          setError(v.field, { message: v.message });
        }
      }
      setRefusal(refusalMessage(error));
      // A code signs in once: the next try needs the authenticator's next code.
      resetField('totp');
      setFocus('totp');
    }
  };

  return (
    <main className="sign-in">
      <form
        className="sign-in__card"
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-labelledby="sign-in-title"
      >
        <h1 id="sign-in-title">Backlay operators</h1>
        <p className="muted">Sign in to {siteName}</p>
        {endedBecause && !refusal && (
          <p className="notice notice--info" role="status">
            {endedBecause}
          </p>
        )}
        {refusal && (
          <p className="notice notice--error" role="alert">
            {refusal}
          </p>
        )}
        <div className="field">
          <label htmlFor="sign-in-user">User name</label>
          <input
            id="sign-in-user"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.userName ? true : undefined}
            aria-describedby="sign-in-user-error"
            {...register('userName')}
          />
          <span id="sign-in-user-error" className="field__error">
            {errors.userName?.message}
          </span>
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">Password</label>
          <input
            id="sign-in-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="sign-in-password-error"
            {...register('password')}
          />
          <span id="sign-in-password-error" className="field__error">
            {errors.password?.message}
          </span>
        </div>
        <div className="field">
          <label htmlFor="sign-in-totp">Authenticator code</label>
          <input
            id="sign-in-totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            aria-invalid={errors.totp ? true : undefined}
            aria-describedby="sign-in-totp-error"
            {...register('totp')}
          />
          <span id="sign-in-totp-error" className="field__error">
            {errors.totp?.message}
          </span>
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
