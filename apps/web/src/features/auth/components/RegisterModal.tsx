import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '@/shared/ui/toast';
import { useNavigate } from 'react-router';
import { RegisterInputSchema, type RegisterInput } from '@backlay/contract';
import { env } from '@/shared/config/env';
import { closeModal, openModal } from '@/shared/events/bus';
import { Modal } from '@/shared/ui/Modal';
import { FieldError } from '@/shared/ui/feedback';
import { formMessage } from '@/shared/forms/form-messages';
import { useRegister } from '../api/register';
import { verificationUser } from '../api/verification-user';
import { startSession } from '../lib/session';
import { useRegistrationStore } from '../stores/registration';
import { t } from '../i18n';

export interface RegisterModalProps {
  open: boolean;
  onClose: () => void;
  /** From the 'referral' query parameter. */
  referralCode?: string | undefined;
  /** The domain's skipVerification flag. */
  skipVerification: boolean;
  /** Verification success reloads the domain settings (section 4). */
  reloadSettings: () => Promise<unknown>;
}

interface Field {
  name: keyof RegisterInput;
  /** Read when shown: the language may change after this module loaded. */
  label: () => string;
  type?: string;
  autoComplete: string;
  inputMode?: 'tel' | 'text';
  placeholder?: string;
}

const FIELDS: Field[] = [
  { name: 'userName', label: () => t('auth.register.userName'), autoComplete: 'username' },
  { name: 'password', label: () => t('auth.password'), type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    label: () => t('auth.register.confirmPassword'),
    type: 'password',
    autoComplete: 'new-password',
  },
  {
    name: 'mobile',
    label: () => t('auth.register.mobile'),
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '98765 43210',
  },
  { name: 'referralCode', label: () => t('auth.register.referralCode'), autoComplete: 'off' },
];

export function RegisterModal({
  open,
  onClose,
  referralCode,
  skipVerification,
  reloadSettings,
}: RegisterModalProps) {
  const navigate = useNavigate();
  const registerCall = useRegister();
  const setInfo = useRegistrationStore((s) => s.setInfo);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(RegisterInputSchema),
    defaultValues: {
      userName: '',
      password: '',
      confirmPassword: '',
      mobile: '',
      referralCode: referralCode ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await registerCall.mutateAsync(values);
      const info = { userName: result.userName, mobile: result.mobile, domain: result.domain };
      setInfo(info);
      if (result.skipVerification || skipVerification) {
        const login = await verificationUser({ ...info, otp: env.VITE_SKIP_VERIFICATION_CODE });
        startSession(login, info.userName);
        await reloadSettings();
        closeModal('register');
        void navigate('/inplay', { replace: true });
        return;
      }
      closeModal('register');
      openModal('verification');
      void navigate('/auth/verfication', { replace: true });
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Modal open={open} onClose={onClose} title={t('auth.register.title')} variant="auth" name="register">
      <form className="form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => {
          const id = `register-${f.name}`;
          const message = errors[f.name]?.message;
          return (
            <div className="form-field" key={f.name}>
              <label htmlFor={id}>{f.label()}</label>
              <input
                id={id}
                type={f.type ?? 'text'}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                placeholder={f.placeholder}
                aria-invalid={message ? true : undefined}
                aria-describedby={`${id}-error`}
                {...register(f.name)}
              />
              <FieldError id={`${id}-error`} message={formMessage(message)} />
            </div>
          );
        })}
        <button type="submit" className="btn btn--primary btn--block" disabled={registerCall.isPending}>
          {registerCall.isPending ? t('auth.register.signingUp') : t('auth.register.signUp')}
        </button>
        <p className="form-legal">{t('auth.register.legal')}</p>
        <p className="form-switch">
          <button type="button" className="link-button" onClick={() => void navigate('/auth/login')}>
            {t('auth.register.haveAccount')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
