import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  RG_PERIODS,
  type ResponsibleGaming,
  type ResponsibleGamingInput,
  type RgLimitKind,
  type RgLimitState,
  type RgPeriod,
} from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { formatDateTime } from '@/shared/lib/date';
import { notify } from '@/shared/ui/toast';
import { useSetResponsibleGaming } from '../api/set-responsible-gaming';
import { t } from '../i18n';
import { readLimitAmount, rupees, type AmountProblem } from '../lib/amount';
import { limitName, limitText, periodName, usedName } from '../lib/labels';

function problemText(problem: AmountProblem): string {
  switch (problem) {
    case 'empty':
      return t('responsible-gaming.amount.empty');
    case 'negative':
      return t('responsible-gaming.amount.negative');
    case 'decimals':
      return t('responsible-gaming.amount.decimals');
    case 'format':
      return t('responsible-gaming.amount.format');
    case 'tooLarge':
      return t('responsible-gaming.amount.tooLarge');
  }
}

/** Built in render: its messages are shown, in the language on screen. */
function limitFormSchema() {
  return z.object({
    amount: z.string().superRefine((text, ctx) => {
      const read = readLimitAmount(text);
      if ('problem' in read) ctx.addIssue({ code: 'custom', message: problemText(read.problem) });
    }),
  });
}
type LimitForm = z.input<ReturnType<typeof limitFormSchema>>;

const FIELD: Record<RgLimitKind, 'depositLimit' | 'lossLimit'> = {
  deposit: 'depositLimit',
  loss: 'lossLimit',
};

/** The body that asks for one limit: the other periods and kinds are left out, so they stay. */
function limitChange(kind: RgLimitKind, period: RgPeriod, amount: Paise | null): ResponsibleGamingInput {
  return { [FIELD[kind]]: { [period]: amount } };
}

/** What the typed amount would do, said before Save: the player knows whether it waits. */
function effectHint(current: Paise | null, typed: string): string | null {
  const read = readLimitAmount(typed);
  if ('problem' in read) return null;
  if (current == null) return t('responsible-gaming.hint.first');
  if (read.amount < current) return t('responsible-gaming.hint.decrease');
  if (read.amount > current) return t('responsible-gaming.hint.increase');
  return t('responsible-gaming.hint.same');
}

/** What the answer says the change did: applied, waiting, or nothing. */
function savedText(name: string, requested: Paise | null, after: RgLimitState): string {
  if (after.pending && after.pending.amount === requested) {
    return requested == null
      ? t('responsible-gaming.saved.removalPending', {
          limit: name,
          date: formatDateTime(after.pending.effectiveAt),
        })
      : t('responsible-gaming.saved.increasePending', {
          limit: name,
          amount: rupees(requested),
          date: formatDateTime(after.pending.effectiveAt),
        });
  }
  return t('responsible-gaming.saved.applied', { limit: name, amount: limitText(after.amount) });
}

/** What was used of a limit in its window, with a small meter when there is a limit. */
function UsedMeter({ kind, period, state }: { kind: RgLimitKind; period: RgPeriod; state: RgLimitState }) {
  const label = useId();
  const { amount, used } = state;
  const usedText = rupees(used);
  if (amount == null) {
    return (
      <p className="rg-limit__used">
        <span id={label}>{usedName(kind, period)}</span> <strong>{usedText}</strong>
      </p>
    );
  }
  const percent = amount > 0 ? Math.min(100, (used / amount) * 100) : used > 0 ? 100 : 0;
  const text = t('responsible-gaming.used.ofLimit', { used: usedText, limit: rupees(amount) });
  return (
    <div className="rg-limit__used">
      <p>
        <span id={label}>{usedName(kind, period)}</span> <strong>{text}</strong>
      </p>
      <div
        className={`meter rg-meter ${percent >= 100 ? 'rg-meter--full' : ''}`}
        role="meter"
        aria-labelledby={label}
        aria-valuemin={0}
        aria-valuemax={amount / 100}
        aria-valuenow={Math.min(used, amount) / 100}
        aria-valuetext={text}
      >
        <span className="meter__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** A change that waits: when it can be confirmed, Confirm once it can, and a way to keep the limit. */
function PendingNote({
  current,
  state,
  busy,
  onConfirm,
  onKeep,
}: {
  current: Paise | null;
  state: NonNullable<RgLimitState['pending']>;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const to = state.amount;
  let text: string;
  if (state.awaitingConfirmation) {
    text =
      to == null
        ? t('responsible-gaming.pending.removalReady')
        : t('responsible-gaming.pending.increaseReady', { amount: rupees(to) });
  } else {
    const date = formatDateTime(state.effectiveAt);
    text =
      to == null
        ? t('responsible-gaming.pending.removalWaiting', { date })
        : t('responsible-gaming.pending.increaseWaiting', { amount: rupees(to), date });
  }
  return (
    <div className="rg-pending" data-testid="rg-pending">
      <p>{text}</p>
      <div className="rg-pending__actions">
        {state.awaitingConfirmation && (
          <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy}>
            {t('responsible-gaming.pending.confirm')}
          </button>
        )}
        {current != null && (
          <button type="button" className="btn btn--outline" onClick={onKeep} disabled={busy}>
            {t('responsible-gaming.pending.keep', { amount: rupees(current) })}
          </button>
        )}
      </div>
    </div>
  );
}

/** One limit: what applies, what was used, any pending change, and a form to change it. */
function LimitRow({
  kind,
  period,
  state,
  onConfirm,
}: {
  kind: RgLimitKind;
  period: RgPeriod;
  state: RgLimitState;
  onConfirm: () => void;
}) {
  const id = useId();
  const name = limitName(kind, period);
  const mutation = useSetResponsibleGaming();
  const schema = useMemo(() => limitFormSchema(), []);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<LimitForm>({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  const send = (amount: Paise | null, after?: () => void) =>
    mutation.mutate(limitChange(kind, period, amount), {
      onSuccess: (answer: ResponsibleGaming) => {
        notify.success(savedText(name, amount, answer[FIELD[kind]][period]));
        after?.();
      },
    });

  const onSave = handleSubmit(({ amount }) => {
    const read = readLimitAmount(amount);
    if ('amount' in read) send(read.amount, () => reset({ amount: '' }));
  });
  const amountField = register('amount');
  const hint = effectHint(state.amount, watch('amount'));
  const fieldError = errors.amount?.message;
  const described = [fieldError ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');

  return (
    <div className="rg-limit" role="group" aria-label={name} data-testid={`rg-${kind}-${period}`}>
      <div className="rg-limit__head">
        <h4 className="rg-limit__name">{periodName(period)}</h4>
        <span className="rg-limit__amount" data-testid="rg-limit-amount">
          {limitText(state.amount)}
        </span>
      </div>
      <UsedMeter kind={kind} period={period} state={state} />
      {state.pending && (
        <PendingNote
          current={state.amount}
          state={state.pending}
          busy={mutation.isPending}
          onConfirm={onConfirm}
          onKeep={() => send(state.amount)}
        />
      )}
      <form className="rg-limit__form" onSubmit={(e) => void onSave(e)} noValidate>
        <div className="form-field rg-limit__field">
          <label htmlFor={`${id}-amount`}>{t('responsible-gaming.limit.newLimit')}</label>
          <div className="rg-amount">
            <span className="rg-amount__sign" aria-hidden="true">
              ₹
            </span>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={described || undefined}
              {...amountField}
            />
          </div>
        </div>
        <div className="rg-limit__buttons">
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
            {t('responsible-gaming.limit.save')}
          </button>
          {state.amount != null && state.pending?.amount !== null && (
            <button
              type="button"
              className="btn btn--outline"
              disabled={mutation.isPending}
              onClick={() => send(null)}
              aria-label={t('responsible-gaming.limit.removeLabel', { limit: name })}
            >
              {t('responsible-gaming.limit.remove')}
            </button>
          )}
        </div>
        {fieldError && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {fieldError}
          </p>
        )}
        {hint && !fieldError && (
          <p id={`${id}-hint`} className="hint">
            {hint}
          </p>
        )}
        {mutation.isError && (
          <p className="field-error" role="alert">
            {mutation.error.message}
          </p>
        )}
      </form>
    </div>
  );
}

/** Deposit limits or loss limits: a day, a week and a month, each a rolling window ending now. */
export function LimitsCard({
  kind,
  data,
  onConfirm,
}: {
  kind: RgLimitKind;
  data: ResponsibleGaming;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const limits = data[FIELD[kind]];
  return (
    <section className="card rg-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="rg-card__title">
        {kind === 'deposit' ? t('responsible-gaming.deposit.title') : t('responsible-gaming.loss.title')}
      </h3>
      <p className="hint">
        {kind === 'deposit' ? t('responsible-gaming.deposit.intro') : t('responsible-gaming.loss.intro')}
      </p>
      <p className="hint">{t('responsible-gaming.limits.rules')}</p>
      <div className="rg-limits">
        {RG_PERIODS.map((period) => (
          <LimitRow key={period} kind={kind} period={period} state={limits[period]} onConfirm={onConfirm} />
        ))}
      </div>
    </section>
  );
}
