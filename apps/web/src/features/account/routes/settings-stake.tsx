import { useMemo, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { notify } from '@/shared/ui/toast';
import {
  DEFAULT_STAKE_BUTTONS,
  STAKE_BUTTON_COUNT,
  StakeButtonSchema,
  type StakeButton,
} from '@backlay/contract';
import { useUiStore } from '@/shared/stores/ui';
import { FieldError, PageHeader } from '@/shared/ui/feedback';
import { useUserStakeAdd } from '../api/user-stake-add';
import { t } from '../i18n';

/** The form's schema, its messages in the language on screen: made when the form mounts. */
function stakeFormSchema() {
  return z.object({
    buttons: z.array(
      z.object({
        title: z
          .string()
          .trim()
          .min(1, t('account.stake.labelNeeded'))
          .max(12, t('account.stake.labelTooLong')),
        value: z.coerce
          .number({ error: t('account.stake.wholeRupees') })
          .int(t('account.stake.wholeRupees'))
          .min(1, t('account.stake.min'))
          .max(10_000_000, t('account.stake.max')),
      }),
    ),
  });
}
type StakeFormInput = z.input<ReturnType<typeof stakeFormSchema>>;
type StakeFormOutput = z.output<ReturnType<typeof stakeFormSchema>>;

/** Eight buttons, always: missing ones come from the defaults. */
function eight(buttons: StakeButton[] | null): StakeButton[] {
  return Array.from(
    { length: STAKE_BUTTON_COUNT },
    (_, i) => buttons?.[i] ?? (DEFAULT_STAKE_BUTTONS[i] as StakeButton),
  );
}

/**
 * /settings-stake: the eight stake buttons. `children` are further stake settings other features
 * own (app/ passes the betting feature's one-click setting), drawn below the form.
 */
export function SettingsStakeRoute({ children }: { children?: ReactNode }) {
  const stakeButtons = useUiStore((s) => s.stakeButtons);
  const mutation = useUserStakeAdd();
  const schema = useMemo(stakeFormSchema, []);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<StakeFormInput, unknown, StakeFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { buttons: eight(stakeButtons) },
  });
  const { fields } = useFieldArray({ control, name: 'buttons' });

  const onSubmit = handleSubmit(async ({ buttons }) => {
    try {
      const saved = await mutation.mutateAsync(buttons.map((b) => StakeButtonSchema.parse(b)));
      reset({ buttons: eight(saved) });
      notify.success(t('account.stake.saved'));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <section className="page page--narrow">
      <PageHeader title={t('account.stake.title')} />
      <form className="card form" onSubmit={onSubmit} noValidate>
        <p className="hint">{t('account.stake.hint')}</p>
        <div className="stake-grid">
          {fields.map((field, i) => (
            <fieldset className="stake-row" key={field.id}>
              <legend className="visually-hidden">
                {t('account.stake.button', { number: String(i + 1) })}
              </legend>
              <div className="form-field">
                <label htmlFor={`stake-title-${i}`}>
                  {t('account.stake.label', { number: String(i + 1) })}
                </label>
                <input id={`stake-title-${i}`} {...register(`buttons.${i}.title`)} />
                <FieldError id={`stake-title-${i}-error`} message={errors.buttons?.[i]?.title?.message} />
              </div>
              <div className="form-field">
                <label htmlFor={`stake-value-${i}`}>{t('account.stake.amount')}</label>
                <input id={`stake-value-${i}`} inputMode="numeric" {...register(`buttons.${i}.value`)} />
                <FieldError id={`stake-value-${i}-error`} message={errors.buttons?.[i]?.value?.message} />
              </div>
            </fieldset>
          ))}
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => reset({ buttons: DEFAULT_STAKE_BUTTONS }, { keepDefaultValues: true })}
          >
            {t('account.stake.restore')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending || !isDirty}>
            {mutation.isPending ? t('account.saving') : t('account.stake.save')}
          </button>
        </div>
      </form>
      {children}
    </section>
  );
}
