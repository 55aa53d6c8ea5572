import type { ReactNode } from 'react';
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

const StakeFormSchema = z.object({
  buttons: z.array(
    z.object({
      title: z.string().trim().min(1, 'A label is needed').max(12, 'At most 12 characters'),
      value: z.coerce
        .number({ error: 'Enter a whole number of rupees' })
        .int('Enter a whole number of rupees')
        .min(1, 'At least ₹1')
        .max(10_000_000, 'At most ₹1,00,00,000'),
    }),
  ),
});
type StakeFormInput = z.input<typeof StakeFormSchema>;
type StakeFormOutput = z.output<typeof StakeFormSchema>;

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
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<StakeFormInput, unknown, StakeFormOutput>({
    resolver: zodResolver(StakeFormSchema),
    defaultValues: { buttons: eight(stakeButtons) },
  });
  const { fields } = useFieldArray({ control, name: 'buttons' });

  const onSubmit = handleSubmit(async ({ buttons }) => {
    try {
      const saved = await mutation.mutateAsync(buttons.map((b) => StakeButtonSchema.parse(b)));
      reset({ buttons: eight(saved) });
      notify.success('Stake buttons saved');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <section className="page page--narrow">
      <PageHeader title="Stake Settings" />
      <form className="card form" onSubmit={onSubmit} noValidate>
        <p className="hint">The quick-stake buttons of your betslip: a label and an amount in rupees.</p>
        <div className="stake-grid">
          {fields.map((field, i) => (
            <fieldset className="stake-row" key={field.id}>
              <legend className="visually-hidden">Button {i + 1}</legend>
              <div className="form-field">
                <label htmlFor={`stake-title-${i}`}>Label {i + 1}</label>
                <input id={`stake-title-${i}`} {...register(`buttons.${i}.title`)} />
                <FieldError id={`stake-title-${i}-error`} message={errors.buttons?.[i]?.title?.message} />
              </div>
              <div className="form-field">
                <label htmlFor={`stake-value-${i}`}>Amount (₹)</label>
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
            Restore defaults
          </button>
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending || !isDirty}>
            {mutation.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      {children}
    </section>
  );
}
