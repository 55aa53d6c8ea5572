import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { formatDateTime } from '@/shared/lib/date';
import { notify } from '@/shared/ui/toast';
import { useSetResponsibleGaming } from '../api/set-responsible-gaming';
import { t } from '../i18n';
import {
  SELF_EXCLUSION_CHOICES,
  TIME_OUT_CHOICES,
  inForce,
  selfExclusionEnd,
  timeOutEnd,
} from '../lib/durations';
import { selfExclusionLabel, timeOutLabel } from '../lib/labels';
import { Dialog } from './Dialog';

export type BreakKind = 'time_out' | 'self_exclusion';

const LENGTHEN_BY_MS = 3_600_000;

interface Choice {
  id: string;
  label: string;
  end: (now: Date) => Date;
}

function choicesOf(kind: BreakKind): Choice[] {
  return kind === 'time_out'
    ? TIME_OUT_CHOICES.map((c) => ({
        id: c.id,
        label: timeOutLabel(c.id),
        end: (now) => timeOutEnd(c.id, now),
      }))
    : SELF_EXCLUSION_CHOICES.map((c) => ({
        id: c.id,
        label: selfExclusionLabel(c.id),
        end: (now) => selfExclusionEnd(c.id, now),
      }));
}

/** The words of each kind, in the language on screen. */
function wordsOf(kind: BreakKind) {
  return kind === 'time_out'
    ? {
        title: t('responsible-gaming.timeOut.title'),
        intro: t('responsible-gaming.timeOut.intro'),
        start: t('responsible-gaming.timeOut.start'),
        lengthen: t('responsible-gaming.timeOut.lengthen'),
        inForce: (date: string) => t('responsible-gaming.timeOut.inForce', { date }),
        ask: (length: string) => t('responsible-gaming.timeOut.ask', { length }),
        confirm: t('responsible-gaming.timeOut.confirm'),
        done: (date: string) => t('responsible-gaming.timeOut.done', { date }),
      }
    : {
        title: t('responsible-gaming.exclusion.title'),
        intro: t('responsible-gaming.exclusion.intro'),
        start: t('responsible-gaming.exclusion.start'),
        lengthen: t('responsible-gaming.exclusion.lengthen'),
        inForce: (date: string) => t('responsible-gaming.exclusion.inForce', { date }),
        ask: (length: string) => t('responsible-gaming.exclusion.ask', { length }),
        confirm: t('responsible-gaming.exclusion.confirm'),
        done: (date: string) => t('responsible-gaming.exclusion.done', { date }),
      };
}

function breakSchema(ids: string[]) {
  return z.object({
    choice: z.string().refine((v) => ids.includes(v), { message: t('responsible-gaming.break.choose') }),
  });
}
type BreakForm = z.input<ReturnType<typeof breakSchema>>;

/**
 * A time-out or self-exclusion: the lengths offered, and a confirmation that says plainly what it
 * does, that it cannot be undone early and that withdrawing stays possible. One in force is shown
 * with its end; it may only be lengthened, so only the lengths ending later are offered.
 */
export function BreakCard({ kind, until, now }: { kind: BreakKind; until: string | null; now: number }) {
  const id = useId();
  const words = wordsOf(kind);
  const current = inForce(until, now);
  // Lengthening by a few minutes is no choice worth offering: a length must end an hour later at least.
  const offered = choicesOf(kind).filter(
    (c) => current == null || c.end(new Date(now)).getTime() >= current.getTime() + LENGTHEN_BY_MS,
  );
  const idsKey = offered.map((c) => c.id).join(',');
  const schema = useMemo(() => breakSchema(idsKey.split(',')), [idsKey]);
  const mutation = useSetResponsibleGaming();
  // The choice asked about, with its end as of the moment it was asked.
  const [asking, setAsking] = useState<{ choice: Choice; end: Date } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BreakForm>({ resolver: zodResolver(schema), defaultValues: { choice: '' } });

  const choiceField = register('choice');
  const onAsk = handleSubmit(({ choice }) => {
    const found = offered.find((c) => c.id === choice);
    if (found) setAsking({ choice: found, end: found.end(new Date()) });
  });
  const close = () => {
    setAsking(null);
    mutation.reset();
  };
  const onConfirm = () => {
    if (!asking) return;
    // Counted from the moment the player says yes, as the length they chose.
    const end = asking.choice.end(new Date()).toISOString();
    mutation.mutate(kind === 'time_out' ? { timeOutUntil: end } : { selfExcludedUntil: end }, {
      onSuccess: (answer) => {
        const set = kind === 'time_out' ? answer.timeOutUntil : answer.selfExcludedUntil;
        notify.success(words.done(formatDateTime(set ?? end)));
        setAsking(null);
      },
    });
  };

  return (
    <section className="card rg-card" aria-labelledby={`${id}-title`} data-testid={`rg-${kind}`}>
      <h3 id={`${id}-title`} className="rg-card__title">
        {words.title}
      </h3>
      {current ? (
        <p className="rg-in-force" data-testid="rg-in-force">
          {words.inForce(formatDateTime(current))}
        </p>
      ) : (
        <p className="hint">{words.intro}</p>
      )}
      {offered.length > 0 && (
        <form className="rg-break-form" onSubmit={(e) => void onAsk(e)} noValidate>
          <fieldset className="rg-choices" aria-describedby={errors.choice ? `${id}-error` : undefined}>
            <legend>{current ? words.lengthen : t('responsible-gaming.break.length')}</legend>
            {offered.map((c) => (
              <label key={c.id} className="rg-choice">
                <input type="radio" value={c.id} {...choiceField} />
                <span>{c.label}</span>
              </label>
            ))}
          </fieldset>
          {errors.choice?.message && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {errors.choice.message}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn--outline rg-break-start">
              {words.start}
            </button>
          </div>
        </form>
      )}
      <Dialog
        open={asking != null}
        role="alertdialog"
        name={`rg-confirm-${kind}`}
        title={asking ? words.ask(asking.choice.label) : ''}
        onDismiss={close}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={close} data-autofocus>
              {t('responsible-gaming.break.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary rg-danger"
              onClick={onConfirm}
              disabled={mutation.isPending}
            >
              {words.confirm}
            </button>
          </>
        }
      >
        <p>{t('responsible-gaming.break.until', { date: asking ? formatDateTime(asking.end) : '' })}</p>
        <p>
          <strong>{t('responsible-gaming.break.final')}</strong>
        </p>
        <p>{t('responsible-gaming.break.withdraw')}</p>
        {mutation.isError && (
          <p className="field-error" role="alert">
            {mutation.error.message}
          </p>
        )}
      </Dialog>
    </section>
  );
}
