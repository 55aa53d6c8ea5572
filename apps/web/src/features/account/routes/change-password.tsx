import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '@/shared/ui/toast';
import { ChangePasswordInputSchema, type ChangePasswordInput } from '@backlay/contract';
import { currentLanguage } from '@/shared/i18n';
import { formMessage } from '@/shared/forms/form-messages';
import { FieldError, PageHeader } from '@/shared/ui/feedback';
import { useChangePassword } from '../api/change-password';
import { t } from '../i18n';

// Labels are read when shown: the language may change after this module loaded.
const FIELDS = [
  { name: 'currentPassword', label: () => t('account.password.current'), autoComplete: 'current-password' },
  { name: 'newPassword', label: () => t('account.password.new'), autoComplete: 'new-password' },
  { name: 'confirmPassword', label: () => t('account.password.confirm'), autoComplete: 'new-password' },
] as const;

export function ChangePasswordRoute() {
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInputSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      // The server's own words in English; in Hindi, the same news translated.
      notify.success(currentLanguage() === 'en' ? result.message : t('account.password.changed'));
      reset();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <section className="page page--narrow">
      <PageHeader title={t('account.password.title')} />
      <form className="card form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => {
          const id = `cp-${f.name}`;
          return (
            <div className="form-field" key={f.name}>
              <label htmlFor={id}>{f.label()}</label>
              <input
                id={id}
                type="password"
                autoComplete={f.autoComplete}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={`${id}-error`}
                {...register(f.name)}
              />
              <FieldError id={`${id}-error`} message={formMessage(errors[f.name]?.message)} />
            </div>
          );
        })}
        <p className="hint">{t('account.password.hint')}</p>
        <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('account.saving') : t('account.password.title')}
        </button>
      </form>
    </section>
  );
}

export default ChangePasswordRoute;
