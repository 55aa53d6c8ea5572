import { ApproveWithdrawalInputSchema, RejectRequestInputSchema, UTR_PATTERN } from '@backlay/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ApiError } from '@/api/errors';
import { toApiError } from '@/api/errors';
import { formatMoney } from '@/shared/format';
import { ReasonField } from '@/shared/ReasonField';
import { Refusal } from '@/shared/Refusal';
import { decide, STALE_CODES, type Decision } from './decisions';
import type { QueueItem } from './types';

const PayoutSchema = z.object({ utr: ApproveWithdrawalInputSchema.shape.utr });
const DepositUtrSchema = z.object({
  utr: z.string().trim().regex(UTR_PATTERN, 'The UTR is the 12-digit UPI reference on the screenshot'),
});
const RejectSchema = z.object({ reason: RejectRequestInputSchema.shape.reason });

interface PanelProps {
  item: QueueItem;
  /** The decision went through: the queue is read again. */
  onDecided: (item: QueueItem) => void;
  /** The request was decided elsewhere (or is gone): the page says so and reads the queue again. */
  onStale: (item: QueueItem, error: ApiError) => void;
}

/** The server's refusal of a field, put beside that field; true when one was. */
function fieldErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: Path<T>[],
) {
  let placed = false;
  for (const v of error.validationErrors) {
    const field = fields.find((f) => f === v.field);
    if (field) {
      setError(field, { message: v.message });
      placed = true;
    }
  }
  return placed;
}

function useDecision(props: PanelProps) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const mutation = useMutation({
    mutationFn: (d: Decision) => decide(d),
    onMutate: () => setRefusal(null),
    onSuccess: (decided, d) => {
      const who = `${decided.userName}'s ${decided.type.toLowerCase()} of ${formatMoney(decided.amount)}`;
      toast.success(
        d.kind === 'reject'
          ? `Rejected ${who} (#${decided.id}).`
          : d.kind === 'approve-deposit'
            ? `Approved ${who} (#${decided.id}): credited.`
            : `Approved ${who} (#${decided.id}): paid with UTR ${decided.utr ?? d.utr}.`,
      );
      props.onDecided(decided);
    },
  });
  const run = async (d: Decision, onRefused?: (e: ApiError) => boolean) => {
    try {
      await mutation.mutateAsync(d);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (STALE_CODES.has(error.code)) {
        props.onStale(props.item, error);
        return;
      }
      if (onRefused?.(error)) return;
      setRefusal(error);
      toast.error(error.message);
    }
  };
  return { run, busy: mutation.isPending, refusal };
}

/** The actions on a pending request: approve (with the UTR a withdrawal was paid with) or reject. */
export function DecisionPanel(props: PanelProps) {
  const { item } = props;
  const { run, busy, refusal } = useDecision(props);
  if (item.statusName !== 'Pending') {
    return (
      <p className="notice notice--info" role="status">
        This request is {item.statusName.toLowerCase()}: there is nothing to decide.
      </p>
    );
  }
  return (
    <section className="decide" aria-label="Decision">
      {refusal && <Refusal error={refusal} what="decide payment requests" />}
      {item.type === 'Deposit' ? (
        <ApproveDeposit item={item} busy={busy} run={run} />
      ) : (
        <ApproveWithdrawal item={item} busy={busy} run={run} />
      )}
      <RejectForm item={item} busy={busy} run={run} />
    </section>
  );
}

type Run = (d: Decision, onRefused?: (e: ApiError) => boolean) => Promise<void>;

function ApproveDeposit({ item, busy, run }: { item: QueueItem; busy: boolean; run: Run }) {
  // A deposit that came without a UTR (a V1 client's) is approved with the one on its screenshot.
  const needsUtr = item.utr == null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ utr: string }>({
    resolver: needsUtr ? zodResolver(DepositUtrSchema) : undefined,
    defaultValues: { utr: item.suggestedUtr ?? '' },
  });
  const submit = handleSubmit((form) =>
    run(
      needsUtr
        ? { kind: 'approve-deposit', id: item.id, utr: form.utr.trim() }
        : { kind: 'approve-deposit', id: item.id },
      (e) => fieldErrors(e, setError, ['utr']),
    ),
  );
  return (
    <form className="decide__form" onSubmit={submit} noValidate aria-label="Approve the request">
      {needsUtr && (
        <div className="field">
          <label htmlFor={`deposit-utr-${item.id}`}>UTR from the screenshot</label>
          <input
            id={`deposit-utr-${item.id}`}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={errors.utr ? true : undefined}
            aria-describedby={`deposit-utr-${item.id}-hint`}
            {...register('utr')}
          />
          <span id={`deposit-utr-${item.id}-hint`} className={errors.utr ? 'field__error' : 'field__hint'}>
            {errors.utr?.message ??
              (item.suggestedUtr
                ? 'Read by the OCR: check it against the screenshot.'
                : 'The player sent no UTR: read it from the screenshot.')}
          </span>
        </div>
      )}
      <button type="submit" className="btn btn--approve" disabled={busy}>
        Approve deposit
      </button>
    </form>
  );
}

function ApproveWithdrawal({ item, busy, run }: { item: QueueItem; busy: boolean; run: Run }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ utr: string }>({ resolver: zodResolver(PayoutSchema), defaultValues: { utr: '' } });
  const submit = handleSubmit((form) =>
    run({ kind: 'approve-withdrawal', id: item.id, utr: form.utr.trim() }, (e) =>
      fieldErrors(e, setError, ['utr']),
    ),
  );
  const id = `payout-utr-${item.id}`;
  return (
    <form className="decide__form" onSubmit={submit} noValidate aria-label="Approve the request">
      <div className="field">
        <label htmlFor={id}>Payout UTR</label>
        <input
          id={id}
          autoComplete="off"
          spellCheck={false}
          aria-required="true"
          aria-invalid={errors.utr ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...register('utr')}
        />
        <span id={`${id}-hint`} className={errors.utr ? 'field__error' : 'field__hint'}>
          {errors.utr?.message ??
            'The bank or UPI reference of the payment you made (12 to 22 letters and digits).'}
        </span>
      </div>
      <button type="submit" className="btn btn--approve" disabled={busy}>
        Approve withdrawal
      </button>
    </form>
  );
}

function RejectForm({ item, busy, run }: { item: QueueItem; busy: boolean; run: Run }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(RejectSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit((form) =>
    run({ kind: 'reject', id: item.id, reason: form.reason.trim() }, (e) =>
      fieldErrors(e, setError, ['reason']),
    ),
  );
  const id = `reject-reason-${item.id}`;
  return (
    <form className="decide__form" onSubmit={submit} noValidate aria-label="Reject the request">
      <ReasonField
        id={id}
        label="Reason for the player"
        hint={
          item.type === 'Withdrawal'
            ? 'The player reads it; the held amount returns to their balance.'
            : 'The player reads it; nothing is credited.'
        }
        error={errors.reason}
        maxLength={300}
        rows={2}
        registration={register('reason')}
      />
      <button type="submit" className="btn btn--reject" disabled={busy}>
        Reject
      </button>
    </form>
  );
}
