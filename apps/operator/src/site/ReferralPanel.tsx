import { ReferralSettingsSchema, type ReferralSettings } from '@backlay/contract';
import { paiseToRupees } from '@backlay/exchange';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { Problem } from '@/shared/Problem';
import {
  placeServerErrors,
  RupeesField,
  SaveBar,
  SaveRefusal,
  TypedNumber,
  useStoredSettings,
  useWarnBeforeLeaving,
  withTypedNumbers,
} from './form-helpers';
import { REFERRAL_SETTINGS_KEY } from './keys';

const EMPTY_NUMBERS = {
  reward: 'Give the reward in rupees (0: none)',
  qualifyingDeposit: 'Give the deposit in rupees (0: none needed)',
  qualifyingTurnover: 'Give the turnover in rupees (0: none needed)',
  monthlyCap: 'A whole number of rewards, 0 to 1000',
};

/** The terms as typed (rupees), judged and turned into paise by the contract's ReferralSettingsSchema. */
const ReferralFormSchema = z
  .object({
    enabled: z.boolean(),
    reward: TypedNumber,
    qualifyingDeposit: TypedNumber,
    qualifyingTurnover: TypedNumber,
    monthlyCap: TypedNumber,
  })
  .pipe(ReferralSettingsSchema);
type ReferralForm = z.input<typeof ReferralFormSchema>;

const REFERRAL_PATHS = new Set(Object.keys(ReferralSettingsSchema.shape));

function formOf(settings: ReferralSettings): ReferralForm {
  return {
    enabled: settings.enabled,
    reward: paiseToRupees(settings.reward),
    qualifyingDeposit: paiseToRupees(settings.qualifyingDeposit),
    qualifyingTurnover: paiseToRupees(settings.qualifyingTurnover),
    monthlyCap: settings.monthlyCap,
  };
}

/** The site's referral programme (GET and PUT /admin/referral-settings): the owner replaces it. */
export function ReferralPanel() {
  const query = useStoredSettings(REFERRAL_SETTINGS_KEY, ({ signal }) =>
    call('adminReferralSettings', { signal }),
  );
  if (query.isPending) return <p className="muted pad">Loading the referral terms…</p>;
  if (query.isError) return <Problem error={query.error} what="see the referral terms" />;
  return <ReferralForm initial={query.data} />;
}

const AMOUNTS = [
  {
    name: 'reward',
    label: 'Reward per referral (₹)',
    hint: 'Paid to the referrer once the friend qualifies.',
  },
  {
    name: 'qualifyingDeposit',
    label: 'Qualifying deposit (₹)',
    hint: "What the friend's credited deposits must reach.",
  },
  {
    name: 'qualifyingTurnover',
    label: 'Qualifying turnover (₹)',
    hint: "What the friend's settled bets must risk (a back's stake, a lay's liability).",
  },
] as const;

function ReferralForm({ initial }: { initial: ReferralSettings }) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ReferralForm, unknown, ReferralSettings>({
    resolver: withTypedNumbers(zodResolver(ReferralFormSchema), EMPTY_NUMBERS),
    defaultValues: formOf(initial),
  });
  useWarnBeforeLeaving(isDirty);

  const save = useMutation({
    mutationFn: (body: ReferralSettings) => call('adminUpdateReferralSettings', { body }),
    onMutate: () => setRefusal(null),
    onSuccess: (saved) => {
      queryClient.setQueryData([REFERRAL_SETTINGS_KEY], saved);
      reset(formOf(saved));
      toast.success('Referral terms saved.');
    },
    onError: (thrown) => {
      const error = toApiError(thrown);
      placeServerErrors(error, setError, (path) => REFERRAL_PATHS.has(path));
      setRefusal(error);
      toast.error(`Referral terms not saved: ${error.message}`);
    },
  });

  return (
    <form
      className="site-form site-form--narrow"
      noValidate
      aria-label="Referral terms"
      onSubmit={handleSubmit((body) => save.mutate(body))}
    >
      <fieldset className="site-section">
        <legend>Referral programme</legend>
        <label className="site-switch">
          <input type="checkbox" {...register('enabled')} />
          <span>Referral programme on</span>
        </label>
        <div className="site-pair">
          {AMOUNTS.map(({ name, label, hint }) => (
            <RupeesField
              key={name}
              id={`referral-${name}`}
              label={label}
              hint={hint}
              error={errors[name]}
              registration={register(name, { valueAsNumber: true })}
            />
          ))}
          <div className="field">
            <label htmlFor="referral-monthlyCap">Rewards per referrer per month</label>
            <input
              id="referral-monthlyCap"
              type="number"
              inputMode="numeric"
              min={0}
              max={1000}
              step="1"
              aria-invalid={errors.monthlyCap ? true : undefined}
              aria-describedby="referral-monthlyCap-hint"
              {...register('monthlyCap', { valueAsNumber: true })}
            />
            <span
              id="referral-monthlyCap-hint"
              className={errors.monthlyCap ? 'field__error' : 'field__hint'}
            >
              {errors.monthlyCap?.message ?? 'A calendar month, India time; 0: none.'}
            </span>
          </div>
        </div>
      </fieldset>
      {refusal && <SaveRefusal error={refusal} what="change the referral terms" />}
      <SaveBar
        status={isDirty ? 'Unsaved changes.' : 'Saved terms.'}
        dirty={isDirty}
        saving={save.isPending}
        onDiscard={() => reset()}
        saveLabel="Save the referral terms"
      />
    </form>
  );
}
