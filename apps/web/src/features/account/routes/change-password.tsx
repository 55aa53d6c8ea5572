import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '@/shared/ui/toast';
import { ChangePasswordInputSchema, type ChangePasswordInput } from '@backlay/contract';
import { FieldError, PageHeader } from '@/shared/ui/feedback';
import { useChangePassword } from '../api/change-password';

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
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
      notify.success(result.message);
      reset();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <section className="page page--narrow">
      <PageHeader title="Change Password" />
      <form className="card form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => {
          const id = `cp-${f.name}`;
          return (
            <div className="form-field" key={f.name}>
              <label htmlFor={id}>{f.label}</label>
              <input
                id={id}
                type="password"
                autoComplete={f.autoComplete}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={`${id}-error`}
                {...register(f.name)}
              />
              <FieldError id={`${id}-error`} message={errors[f.name]?.message} />
            </div>
          );
        })}
        <p className="hint">
          At least 8 characters with a letter, a number and one of @$!%*#?&amp;. Your other sessions are
          signed out.
        </p>
        <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}

export default ChangePasswordRoute;
