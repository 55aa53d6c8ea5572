import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The reason an operator must give for an action: a text area with `rows`, one line without. Its
 * hint stands below it, or the refusal in its place.
 */
export function ReasonField({
  id,
  label,
  hint,
  error,
  maxLength,
  rows,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  error: FieldError | undefined;
  maxLength: number;
  rows?: number;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
}) {
  const common = {
    id,
    maxLength,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-hint`,
    disabled,
    ...registration,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...common} /> : <input autoComplete="off" {...common} />}
      <span id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
        {error?.message ?? hint}
      </span>
    </div>
  );
}
