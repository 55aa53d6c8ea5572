import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { notify } from '@/shared/ui/toast';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@backlay/contract';
import { closeModal } from '@/shared/events/bus';
import { Modal } from '@/shared/ui/Modal';
import { FieldError } from '@/shared/ui/feedback';
import { formMessage } from '@/shared/forms/form-messages';
import { useAuthenticate } from '../api/authenticate';
import { useLoginAsDemoUser } from '../api/login-as-demo-user';
import { startSession } from '../lib/session';
import { useSessionStore } from '@/shared/session/session-store';
import { safeTarget } from '../lib/targets';
import { t } from '../i18n';

const LoginFormSchema = z.object({
  userName: z.string().trim().min(1, MESSAGES.userNameRequired),
  password: z.string().min(1, MESSAGES.passwordRequired),
  remember: z.boolean(),
});
type LoginForm = z.infer<typeof LoginFormSchema>;

export interface LoginModalProps {
  open: boolean;
  /** The user dismissed the modal (close button, click outside, Escape). */
  onClose: () => void;
  /** Where to go after login; from the 'to' query parameter or the opener. */
  to?: string | undefined;
}

export function LoginModal({ open, onClose, to }: LoginModalProps) {
  const navigate = useNavigate();
  const authenticate = useAuthenticate();
  const demo = useLoginAsDemoUser();
  const setLoginLoading = useSessionStore((s) => s.setLoginLoading);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { userName: '', password: '', remember: false },
  });
  const busy = authenticate.isPending || demo.isPending;

  const finish = (target: string) => {
    closeModal('login');
    void navigate(target, { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setLoginLoading(true);
    try {
      const result = await authenticate.mutateAsync({
        userName: values.userName,
        password: values.password,
        remember: values.remember ? 'true' : '',
      });
      startSession(result, values.userName);
      finish(safeTarget(to, '/inplay'));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoginLoading(false);
    }
  });

  const onDemo = async () => {
    setLoginLoading(true);
    try {
      const result = await demo.mutateAsync();
      startSession(result, result.userName);
      finish(safeTarget(to, '/'));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoginLoading(false);
    }
  };

  const fields = {
    userName: register('userName'),
    password: register('password'),
    remember: register('remember'),
  };

  return (
    <Modal open={open} onClose={onClose} title={t('auth.login.title')} variant="auth" name="login">
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-field">
          <label htmlFor="login-username">{t('auth.login.userName')}</label>
          <input
            id="login-username"
            autoComplete="username"
            placeholder={t('auth.login.userNamePlaceholder')}
            aria-invalid={errors.userName ? true : undefined}
            aria-describedby="login-username-error"
            {...fields.userName}
          />
          <FieldError id="login-username-error" message={formMessage(errors.userName?.message)} />
        </div>
        <div className="form-field">
          <label htmlFor="login-password">{t('auth.password')}</label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="login-password-error"
            {...fields.password}
          />
          <FieldError id="login-password-error" message={formMessage(errors.password?.message)} />
        </div>
        <label className="checkbox">
          <input type="checkbox" {...fields.remember} /> {t('auth.login.remember')}
        </label>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {authenticate.isPending ? t('auth.login.loggingIn') : t('auth.login.title')}
        </button>
        <button
          type="button"
          className="btn btn--outline btn--block"
          disabled={busy}
          onClick={() => void onDemo()}
        >
          {demo.isPending ? t('auth.login.startingDemo') : t('auth.login.demo')}
        </button>
        <p className="form-switch">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void navigate('/auth/signup');
            }}
          >
            {t('auth.login.createAccount')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
