import { faArrowDown, faArrowUp, faTrash } from '@fortawesome/free-solid-svg-icons';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegisterReturn,
  UseFormSetError,
} from 'react-hook-form';
import { z } from 'zod';
import type { ApiError } from '@/api/errors';
import { Refusal } from '@/shared/Refusal';

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
 * A settings form's stored values, read once: the form then holds the owner's edits, which a read
 * behind their back would not replace anyway.
 */
export function useStoredSettings<T>(key: string, read: (context: { signal: AbortSignal }) => Promise<T>) {
  return useQuery({ queryKey: [key], queryFn: read, staleTime: Infinity, refetchOnWindowFocus: false });
}

/** A number input, NaN when left empty (said in words by withTypedNumbers). */
export const TypedNumber = z.union([z.number(), z.nan()]);

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
  return (
    <Refusal error={error} what={what}>
      Not saved: {error.message}
    </Refusal>
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

/** An amount in rupees as typed, with its hint below, or the refusal in its place. */
export function RupeesField({
  id,
  label,
  hint,
  error,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        {...registration}
      />
      <span id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
        {error?.message ?? hint}
      </span>
    </div>
  );
}

/** Under a settings form: where its changes stand, then Discard and Save (idle while nothing changed or a save runs). */
export function SaveBar({
  status,
  statusTestId,
  dirty,
  saving,
  onDiscard,
  saveLabel,
}: {
  status: ReactNode;
  statusTestId?: string;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  saveLabel: string;
}) {
  return (
    <div className="site-savebar">
      <span className="small muted" role="status" data-testid={statusTestId}>
        {status}
      </span>
      <button type="button" className="btn" disabled={!dirty || saving} onClick={onDiscard}>
        Discard changes
      </button>
      <button type="submit" className="btn btn--primary" disabled={!dirty || saving} aria-busy={saving}>
        {saveLabel}
      </button>
    </div>
  );
}

/**
 * Move up, move down and remove for one item of a list of fields (useFieldArray), each button
 * named for the item ("Move slide 2 up"). `keepOne` keeps the last item from being removed.
 */
export function ItemActions({
  item,
  index,
  count,
  move,
  remove,
  keepOne = false,
  className,
}: {
  /** The item as the buttons' names say it, e.g. "slide 2". */
  item: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  keepOne?: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn--small"
        aria-label={`Move ${item} up`}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        <FontAwesomeIcon icon={faArrowUp} />
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-label={`Move ${item} down`}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        <FontAwesomeIcon icon={faArrowDown} />
      </button>
      <button
        type="button"
        className="btn btn--small btn--reject"
        aria-label={`Remove ${item}`}
        disabled={keepOne && count === 1}
        onClick={() => remove(index)}
      >
        <FontAwesomeIcon icon={faTrash} />
      </button>
    </div>
  );
}
