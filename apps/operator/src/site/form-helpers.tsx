import { useEffect } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '@/api/errors';
import { isForbidden } from '@/api/errors';
import { NotAllowed } from '@/shared/Problem';

/**
 * The server's refusals of single fields (`validationErrors`, paths like `settings.domainTitle`)
 * put beside those fields of the form; true when one was. `prefix` is the part of the path the
 * form does not hold (the body's `settings.`).
 */
export function placeServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  isField: (path: string) => boolean,
  prefix = '',
): boolean {
  let placed = false;
  for (const v of error.validationErrors) {
    if (!v.field.startsWith(prefix)) continue;
    const path = v.field.slice(prefix.length);
    if (!isField(path)) continue;
    setError(path as Path<T>, { type: 'server', message: v.message });
    placed = true;
  }
  return placed;
}

/**
 * A number input left empty reads NaN, which the contract's schemas refuse in words meant for the
 * wire ("expected number, received NaN"): those fields are said in the owner's words instead, and
 * every other refusal of the form is shown with them at once (the schema judges the whole form).
 */
export function withTypedNumbers<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  messages: Partial<Record<Path<V>, string>>,
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const empty = Object.entries(messages).filter(([name]) => Number.isNaN(values[name]));
    if (empty.length === 0) return result;
    const errors: Record<string, FieldError> = { ...(result.errors as Record<string, FieldError>) };
    for (const [name, message] of empty) errors[name] = { type: 'typed', message: message as string };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** A save refused: "not allowed" for a 403, the coded error otherwise. */
export function SaveRefusal({ error, what }: { error: ApiError; what: string }) {
  if (isForbidden(error)) return <NotAllowed what={what} detail={error.message} />;
  return (
    <p className="notice notice--error" role="alert">
      Not saved: {error.message} <span className="code">({error.code})</span>
    </p>
  );
}

/** Closing or reloading the tab with unsaved changes asks first (the browser's own question). */
export function useWarnBeforeLeaving(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
