import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { notify } from '@/shared/ui/toast';
import { useNavigate } from 'react-router';
import { MESSAGES, OtpSchema } from '@backlay/contract';
import { OTP_COUNTDOWN_SECONDS, resendSuccessMessage } from '@/shared/config/constants';
import { closeModal, openModal } from '@/shared/events/bus';
import { formatCountdown } from '@/shared/lib/time';
import { Modal } from '@/shared/ui/Modal';
import { Emphasised } from '@/shared/ui/Emphasised';
import { FieldError } from '@/shared/ui/feedback';
import { formMessage } from '@/shared/forms/form-messages';
import { useResendVerificationCode } from '../api/resend-verification-code';
import { useVerificationUser } from '../api/verification-user';
import { startSession } from '../lib/session';
import { useRegistrationStore } from '../stores/registration';
import { t } from '../i18n';

const OtpFormSchema = z.object({ otp: OtpSchema });
type OtpFormInput = z.input<typeof OtpFormSchema>;
type OtpFormOutput = z.output<typeof OtpFormSchema>;

export interface VerificationModalProps {
  open: boolean;
  onClose: () => void;
  reloadSettings: () => Promise<unknown>;
}

/** Seconds left until the deadline, re-read four times a second so a slow tab stays honest. */
function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length >= 4 ? `••••••${digits.slice(-4)}` : mobile;
}

export function VerificationModal({ open, onClose, reloadSettings }: VerificationModalProps) {
  const navigate = useNavigate();
  const info = useRegistrationStore((s) => s.info);
  const verify = useVerificationUser();
  const resend = useResendVerificationCode();
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_COUNTDOWN_SECONDS * 1000);
  const secondsLeft = useCountdown(deadline);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OtpFormInput, unknown, OtpFormOutput>({
    resolver: zodResolver(OtpFormSchema),
    defaultValues: { otp: '' },
  });

  // Section 4: without a username and mobile there is nothing to verify; back to register.
  const incomplete = open && (!info?.userName || !info.mobile);
  useEffect(() => {
    if (!incomplete) return;
    closeModal('verification');
    openModal('register');
    void navigate('/auth/signup', { replace: true });
  }, [incomplete, navigate]);

  const onSubmit = handleSubmit(
    async ({ otp }) => {
      if (!info) return;
      try {
        const result = await verify.mutateAsync({ ...info, otp });
        startSession(result, info.userName);
        await reloadSettings();
        closeModal('verification');
        void navigate('/inplay', { replace: true });
      } catch (error) {
        notify.error(error instanceof Error ? error.message : String(error));
      }
    },
    (formErrors) => {
      if (formErrors.otp) notify.error(formMessage(MESSAGES.otpRequired), 'otp-required');
    },
  );

  const onResend = async () => {
    if (!info) return;
    try {
      await resend.mutateAsync(info);
      notify.success(resendSuccessMessage());
      setDeadline(Date.now() + OTP_COUNTDOWN_SECONDS * 1000);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  const expired = secondsLeft === 0;
  const otpField = register('otp');

  if (incomplete) return null;
  return (
    <Modal open={open} onClose={onClose} title={t('auth.verify.title')} variant="auth" name="verification">
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          <Emphasised
            value={info ? maskMobile(info.mobile) : ''}
            message={(mobile) => t('auth.verify.sentTo', { mobile })}
          />
        </p>
        <div className="form-field">
          <label htmlFor="verification-otp">{t('auth.verify.code')}</label>
          <input
            id="verification-otp"
            className="otp-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={errors.otp ? true : undefined}
            aria-describedby="verification-otp-error"
            {...otpField}
          />
          <FieldError id="verification-otp-error" message={formMessage(errors.otp?.message)} />
        </div>
        {/* The seconds are no live region (a screen reader would read each one for two minutes);
            the status below, there from the start, says once that the code expired. */}
        <div className="countdown">
          <span>{expired ? t('auth.verify.expired') : t('auth.verify.expiresIn')}</span>
          <span className="countdown__time" data-testid="otp-countdown">
            {formatCountdown(secondsLeft)}
          </span>
        </div>
        <div role="status">
          {expired && (
            <p className="form-intro" data-testid="otp-expired">
              {t('auth.verify.expiredHint')}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={verify.isPending}>
          {verify.isPending ? t('auth.verify.verifying') : t('auth.verify.send')}
        </button>
        {expired && (
          <button
            type="button"
            className="btn btn--outline btn--block"
            disabled={resend.isPending}
            onClick={() => void onResend()}
          >
            {t('auth.verify.resend')}
          </button>
        )}
      </form>
    </Modal>
  );
}
