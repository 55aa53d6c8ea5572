import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '@/shared/ui/toast';
import { useNavigate } from 'react-router';
import { RegisterInputSchema, type RegisterInput } from '@backlay/contract';
import { env } from '@/shared/config/env';
import { closeModal, openModal } from '@/shared/events/bus';
import { Modal } from '@/shared/ui/Modal';
import { FieldError } from '@/shared/ui/feedback';
import { useRegister } from '../api/register';
import { verificationUser } from '../api/verification-user';
import { startSession } from '../lib/session';
import { useRegistrationStore } from '../stores/registration';

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
  label: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'tel' | 'text';
  placeholder?: string;
}

const FIELDS: Field[] = [
  { name: 'userName', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'mobile',
    label: 'Mobile number',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '98765 43210',
  },
  { name: 'referralCode', label: 'Referral code (optional)', autoComplete: 'off' },
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
    <Modal open={open} onClose={onClose} title="Create your account" variant="auth" name="register">
      <form className="form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => {
          const id = `register-${f.name}`;
          const message = errors[f.name]?.message;
          return (
            <div className="form-field" key={f.name}>
              <label htmlFor={id}>{f.label}</label>
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
              <FieldError id={`${id}-error`} message={message} />
            </div>
          );
        })}
        <button type="submit" className="btn btn--primary btn--block" disabled={registerCall.isPending}>
          {registerCall.isPending ? 'Signing up…' : 'Sign Up'}
        </button>
        <p className="form-legal">
          Only for players aged 18 and over. We send a one-time code to your mobile.
        </p>
        <p className="form-switch">
          <button type="button" className="link-button" onClick={() => void navigate('/auth/login')}>
            Already have an account? Login
          </button>
        </p>
      </form>
    </Modal>
  );
}
