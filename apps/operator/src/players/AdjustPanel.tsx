import type { PlayerDetail } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { call } from '@/api/client';
import type { ApiError } from '@/api/errors';
import { toApiError } from '@/api/errors';
import { ConfirmBox } from '@/shared/ConfirmBox';
import { formatMoney } from '@/shared/format';
import { ReasonField } from '@/shared/ReasonField';
import { Refusal } from '@/shared/Refusal';
import { useSession } from '@/session/session-store';
import {
  ADJUST_ROLES,
  cashAfter,
  debitable,
  describeAdjustment,
  newReference,
  readRupees,
  REASON_MAX,
  REASON_MIN,
  signedAmount,
  type Direction,
} from './adjustment';
import { refreshPlayer } from './keys';

type Player = PlayerDetail['player'];
type Wallet = PlayerDetail['wallet'];

/** The form as typed, and as it is once read (the amount in paise, the reason trimmed). */
function formSchema(wallet: Wallet) {
  const limit = debitable(wallet);
  return z
    .object({
      direction: z.enum(['credit', 'debit'], { error: 'Choose Credit or Debit' }),
      amount: z.string().transform((text, ctx): Paise => {
        const read = readRupees(text);
        if ('error' in read) {
          ctx.addIssue({ code: 'custom', message: read.error });
          return z.NEVER;
        }
        return read.amount;
      }),
      reason: z
        .string()
        .trim()
        .min(
          REASON_MIN,
          `Give a reason of at least ${REASON_MIN} characters: it is kept in the ledger and the audit log`,
        )
        .max(REASON_MAX, `The reason is at most ${REASON_MAX} characters`),
    })
    .superRefine((form, ctx) => {
      if (form.direction === 'debit' && form.amount > limit) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `A debit may take at most ${formatMoney(limit)}: the cash that open bets do not hold`,
        });
      }
    });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;

/** One confirmed adjustment: its idempotency reference is made once, when the operator reviews it. */
interface Pending {
  direction: Direction;
  amount: Paise;
  reason: string;
  reference: string;
}

/**
 * No answer came (network, timeout, a server failure, an answer not read): the adjustment may have
 * been made. The confirmation stays with its reference, so trying again adjusts at most once.
 */
function isUncertain(error: ApiError): boolean {
  return error.status == null || error.status >= 500 || error.code === 'BAD_RESPONSE';
}

/** A manual credit or debit of the player's cash, with a reason, for the owner. */
export function AdjustPanel({ player, wallet }: { player: Player; wallet: Wallet }) {
  const role = useSession((s) => s.session?.operator.role);
  if (role == null || !ADJUST_ROLES.includes(role)) return null;
  return <AdjustForm key={player.id} player={player} wallet={wallet} />;
}

function AdjustForm({ player, wallet }: { player: Player; wallet: Wallet }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [uncertain, setUncertain] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // A second click before the button shows it is busy sends nothing (the reference would hold anyway).
  const sending = useRef(false);
  const schema = useMemo(() => formSchema(wallet), [wallet]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { direction: 'credit', amount: '', reason: '' },
  });

  const refresh = () => refreshPlayer(queryClient, player.id);

  const mutation = useMutation({
    mutationFn: (p: Pending) =>
      call('adminAdjustWallet', {
        body: {
          userId: player.id,
          amount: signedAmount(p.direction, p.amount),
          reason: p.reason,
          reference: p.reference,
        },
      }),
    onMutate: () => {
      setRefusal(null);
      setUncertain(false);
    },
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: (result, p) => {
      setPending(null);
      reset();
      toast.success(
        `${p.direction === 'credit' ? 'Credited' : 'Debited'} ${formatMoney(p.amount)} ${
          p.direction === 'credit' ? 'to' : 'from'
        } ${player.userName}: cash now ${formatMoney(result.balance)} (journal #${result.journalId}).`,
      );
      void refresh();
    },
    onError: (thrown) => {
      const error = toApiError(thrown);
      setRefusal(error);
      // Whether or not it went through, the ledger below is read again and shows it.
      void refresh();
      if (isUncertain(error)) {
        setUncertain(true);
        toast.warn(`No clear answer: the adjustment may have been made. ${error.message}`);
        return;
      }
      setPending(null);
      for (const v of error.validationErrors) {
        if (v.field === 'amount' || v.field === 'reason') setError(v.field, { message: v.message });
      }
      toast.error(`Adjustment refused: ${error.message}`);
    },
  });

  const busy = mutation.isPending;
  const id = `adjust-${player.id}`;
  return (
    <section className="player__adjust" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Adjust balance</h3>
      {refusal &&
        // Only an answer that never came is uncertain: a 403 never is.
        (uncertain ? (
          <p className="notice notice--warn" role="alert">
            No clear answer came ({refusal.message}): the adjustment may or may not have been made. Check the
            ledger below. Pressing <strong>Yes, {pending?.direction ?? 'credit'}</strong> again sends the same
            reference, so it is made at most once; cancel and start again only if the ledger shows it was not
            made. <span className="code">({refusal.code})</span>
          </p>
        ) : (
          <Refusal error={refusal} what="adjust balances">
            {refusal.code === 'INSUFFICIENT_FUNDS'
              ? `${player.userName} has not enough cash for this debit: ${refusal.message}`
              : refusal.message}
          </Refusal>
        ))}
      <form
        className="decide__form"
        noValidate
        aria-label={`Adjust ${player.userName}'s balance`}
        onSubmit={handleSubmit((form) => {
          setRefusal(null);
          setUncertain(false);
          // Made once per confirmation: a double click, or a retry after no answer, adjusts once.
          setPending({ ...form, reference: newReference() });
        })}
      >
        <fieldset className="adjust__direction" disabled={pending != null || busy}>
          <legend>Direction</legend>
          <label>
            <input type="radio" value="credit" {...register('direction')} /> Credit
          </label>
          <label>
            <input type="radio" value="debit" {...register('direction')} /> Debit
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount in rupees</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 1500.50"
            aria-required="true"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${id}-amount-hint`}
            disabled={pending != null || busy}
            {...register('amount')}
          />
          <span id={`${id}-amount-hint`} className={errors.amount ? 'field__error' : 'field__hint'}>
            {errors.amount?.message ??
              `Cash ${formatMoney(wallet.cash)}; a debit may take at most ${formatMoney(debitable(wallet))} (open bets hold ${formatMoney(wallet.exposure)}).`}
          </span>
        </div>
        <ReasonField
          id={`${id}-reason`}
          label="Reason for the adjustment"
          hint={
            player.isDemo
              ? 'Kept in the ledger and the audit log. A demo account: this moves play money, never real money.'
              : 'Kept in the ledger (the player sees it on their statement) and in the audit log.'
          }
          error={errors.reason}
          maxLength={REASON_MAX}
          rows={2}
          disabled={pending != null || busy}
          registration={register('reason')}
        />
        {pending == null && (
          <button type="submit" className="btn" disabled={busy}>
            Review adjustment
          </button>
        )}
      </form>
      {pending != null && (
        <ConfirmBox
          label="Confirm the adjustment"
          confirm={`Yes, ${pending.direction}`}
          tone={pending.direction === 'credit' ? 'approve' : 'reject'}
          busy={busy}
          onConfirm={() => {
            if (sending.current) return;
            sending.current = true;
            mutation.mutate(pending);
          }}
          onCancel={() => {
            setPending(null);
            setUncertain(false);
            setRefusal(null);
          }}
        >
          <p>
            <strong>{describeAdjustment(pending.direction, pending.amount, player.userName)}</strong>
          </p>
          <dl className="facts adjust__figures">
            <dt>Cash now</dt>
            <dd>{formatMoney(wallet.cash)}</dd>
            <dt>Cash after</dt>
            <dd className="amount">
              {formatMoney(cashAfter(wallet.cash, pending.direction, pending.amount))}
            </dd>
            <dt>Reason</dt>
            <dd>{pending.reason}</dd>
          </dl>
        </ConfirmBox>
      )}
    </section>
  );
}
