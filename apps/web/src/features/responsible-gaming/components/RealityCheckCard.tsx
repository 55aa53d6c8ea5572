import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { notify } from '@/shared/ui/toast';
import { useSetResponsibleGaming } from '../api/set-responsible-gaming';
import { t } from '../i18n';
import { REALITY_CHECK_CHOICES } from '../lib/durations';
import { realityCheckLabel } from '../lib/labels';

const OFF = 'off';

function realityCheckSchema() {
  return z.object({
    minutes: z.string().refine((v) => v === OFF || REALITY_CHECK_CHOICES.includes(Number(v)), {
      message: t('responsible-gaming.realityCheck.choose'),
    }),
  });
}
type RealityCheckForm = z.input<ReturnType<typeof realityCheckSchema>>;

const asField = (minutes: number | null) => (minutes == null ? OFF : String(minutes));

/** The reminder every N minutes: a select of the intervals offered, and Save. */
export function RealityCheckCard({ minutes }: { minutes: number | null }) {
  const id = useId();
  const mutation = useSetResponsibleGaming();
  const schema = useMemo(() => realityCheckSchema(), []);
  // A value set elsewhere (another tab, the operator) that is not among the choices stays choosable.
  const choices =
    minutes != null && !REALITY_CHECK_CHOICES.includes(minutes)
      ? [...REALITY_CHECK_CHOICES, minutes].sort((a, b) => a - b)
      : REALITY_CHECK_CHOICES;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RealityCheckForm>({
    resolver: zodResolver(schema),
    values: { minutes: asField(minutes) },
  });
  const minutesField = register('minutes');
  const onSave = handleSubmit(({ minutes: chosen }) => {
    const next = chosen === OFF ? null : Number(chosen);
    mutation.mutate(
      { realityCheckMinutes: next },
      {
        onSuccess: () =>
          notify.success(
            next == null
              ? t('responsible-gaming.realityCheck.savedOff')
              : t('responsible-gaming.realityCheck.saved', { minutes: next }),
          ),
      },
    );
  });
  return (
    <section className="card rg-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="rg-card__title">
        {t('responsible-gaming.realityCheck.title')}
      </h3>
      <p className="hint">{t('responsible-gaming.realityCheck.intro')}</p>
      <p data-testid="rg-reality-now">
        {t('responsible-gaming.realityCheck.now', { choice: realityCheckLabel(minutes) })}
      </p>
      <form className="rg-inline-form" onSubmit={(e) => void onSave(e)} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-minutes`}>{t('responsible-gaming.realityCheck.label')}</label>
          <select id={`${id}-minutes`} className="rg-select" {...minutesField}>
            <option value={OFF}>{t('responsible-gaming.realityCheck.off')}</option>
            {choices.map((m) => (
              <option key={m} value={String(m)}>
                {realityCheckLabel(m)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
          {t('responsible-gaming.limit.save')}
        </button>
        {errors.minutes?.message && (
          <p className="field-error" role="alert">
            {errors.minutes.message}
          </p>
        )}
        {mutation.isError && (
          <p className="field-error" role="alert">
            {mutation.error.message}
          </p>
        )}
      </form>
    </section>
  );
}
