import {
  CashierSettingsInputSchema,
  PAYMENT_METHODS,
  PaymentMethodSchema,
  type CashierSettings,
} from '@backlay/contract';
import { paiseToRupees } from '@backlay/exchange';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { formatDateTime, methodName } from '@/shared/format';
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
import { CASHIER_SETTINGS_KEY } from './keys';

const EMPTY_NUMBERS = {
  minDeposit: 'Give an amount in rupees',
  maxDeposit: 'Give an amount in rupees',
  minWithdrawal: 'Give an amount in rupees',
  maxWithdrawal: 'Give an amount in rupees',
};

/**
 * What the form holds: every method with its two switches, the UPI id and the bank account each
 * with an on switch (off: none), the limits in rupees as typed. It becomes the contract's
 * CashierSettingsInputSchema (which judges it and turns the rupees into paise): a method with
 * neither switch on is left out, a payee switched off is null.
 */
const CashierFormSchema = z
  .object({
    methods: z.array(
      z.object({ method: PaymentMethodSchema, deposit: z.boolean(), withdrawal: z.boolean() }),
    ),
    upiOn: z.boolean(),
    upi: z.object({ vpa: z.string(), payeeName: z.string() }),
    bankOn: z.boolean(),
    bank: z.object({
      accountHolderName: z.string(),
      accountNumber: z.string(),
      ifscCode: z.string(),
      bankName: z.string(),
    }),
    minDeposit: TypedNumber,
    maxDeposit: TypedNumber,
    minWithdrawal: TypedNumber,
    maxWithdrawal: TypedNumber,
    gatewayEnabled: z.boolean(),
  })
  .transform((f) => ({
    methods: f.methods.filter((m) => m.deposit || m.withdrawal),
    upi: f.upiOn ? f.upi : null,
    bank: f.bankOn ? f.bank : null,
    minDeposit: f.minDeposit,
    maxDeposit: f.maxDeposit,
    minWithdrawal: f.minWithdrawal,
    maxWithdrawal: f.maxWithdrawal,
    gatewayEnabled: f.gatewayEnabled,
  }))
  .pipe(CashierSettingsInputSchema);
type CashierForm = z.input<typeof CashierFormSchema>;
type CashierOutput = z.output<typeof CashierFormSchema>;

/** The stored cashier as the form shows it (half-stored payees filled with what there is). */
function formOf(settings: CashierSettings): CashierForm {
  return {
    methods: PAYMENT_METHODS.map((method) => {
      const stored = settings.methods.find((m) => m.method === method);
      return { method, deposit: stored?.deposit ?? false, withdrawal: stored?.withdrawal ?? false };
    }),
    upiOn: settings.upi != null,
    upi: { vpa: settings.upi?.vpa ?? '', payeeName: settings.upi?.payeeName ?? '' },
    bankOn: settings.bank != null,
    bank: {
      accountHolderName: settings.bank?.accountHolderName ?? '',
      accountNumber: settings.bank?.accountNumber ?? '',
      ifscCode: settings.bank?.ifscCode ?? '',
      bankName: settings.bank?.bankName ?? '',
    },
    minDeposit: paiseToRupees(settings.minDeposit),
    maxDeposit: paiseToRupees(settings.maxDeposit),
    minWithdrawal: paiseToRupees(settings.minWithdrawal),
    maxWithdrawal: paiseToRupees(settings.maxWithdrawal),
    gatewayEnabled: settings.gatewayEnabled,
  };
}

const CASHIER_PATHS = new Set([
  'methods',
  'upi',
  'upi.vpa',
  'upi.payeeName',
  'bank',
  'bank.accountHolderName',
  'bank.accountNumber',
  'bank.ifscCode',
  'bank.bankName',
  'minDeposit',
  'maxDeposit',
  'minWithdrawal',
  'maxWithdrawal',
  'gatewayEnabled',
]);

/** The site's cashier (GET and PUT /admin/cashier-settings): the owner replaces it whole. */
export function CashierPanel() {
  const query = useStoredSettings(CASHIER_SETTINGS_KEY, ({ signal }) =>
    call('adminCashierSettings', { signal }),
  );
  if (query.isPending) return <p className="muted pad">Loading the cashier…</p>;
  if (query.isError) return <Problem error={query.error} what="see the cashier's settings" />;
  return <CashierForm initial={query.data} />;
}

function Limit({
  name,
  label,
  form,
}: {
  name: 'minDeposit' | 'maxDeposit' | 'minWithdrawal' | 'maxWithdrawal';
  label: string;
  form: ReturnType<typeof useForm<CashierForm, unknown, CashierOutput>>;
}) {
  return (
    <RupeesField
      id={`cashier-${name}`}
      label={label}
      hint="Rupees"
      error={form.formState.errors[name]}
      registration={form.register(name, { valueAsNumber: true })}
    />
  );
}

/** A payee the owner switches on or off (off: none); its fields show while it is on. */
function PayeeSection({
  legend,
  switchLabel,
  switchField,
  error,
  on,
  children,
}: {
  legend: string;
  switchLabel: string;
  switchField: UseFormRegisterReturn;
  error: string | undefined;
  on: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="site-section">
      <legend>{legend}</legend>
      <label className="site-switch">
        <input type="checkbox" {...switchField} />
        <span>{switchLabel}</span>
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {on && <div className="site-pair">{children}</div>}
    </fieldset>
  );
}

function CashierForm({ initial }: { initial: CashierSettings }) {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState(initial.updatedAt);
  const [configured, setConfigured] = useState(initial.configured);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const form = useForm<CashierForm, unknown, CashierOutput>({
    resolver: withTypedNumbers(zodResolver(CashierFormSchema), EMPTY_NUMBERS),
    defaultValues: formOf(initial),
  });
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isDirty },
  } = form;
  useWarnBeforeLeaving(isDirty);
  const upiOn = watch('upiOn');
  const bankOn = watch('bankOn');

  const save = useMutation({
    mutationFn: (body: CashierOutput) => call('adminReplaceCashierSettings', { body }),
    onMutate: () => setRefusal(null),
    onSuccess: (saved) => {
      queryClient.setQueryData([CASHIER_SETTINGS_KEY], saved);
      reset(formOf(saved));
      setUpdatedAt(saved.updatedAt);
      setConfigured(saved.configured);
      toast.success('Cashier saved. Players see it the next time they open Deposit or Withdrawal.');
    },
    onError: (thrown) => {
      const error = toApiError(thrown);
      placeServerErrors(error, setError, (path) => CASHIER_PATHS.has(path));
      setRefusal(error);
      toast.error(`Cashier not saved: ${error.message}`);
    },
  });

  const text = (
    name:
      | 'upi.vpa'
      | 'upi.payeeName'
      | 'bank.accountHolderName'
      | 'bank.accountNumber'
      | 'bank.ifscCode'
      | 'bank.bankName',
    label: string,
    hint: string,
  ) => {
    const [group, field] = name.split('.') as ['upi' | 'bank', string];
    const error = (errors[group] as Record<string, { message?: string } | undefined> | undefined)?.[field];
    const id = `cashier-${name.replace('.', '-')}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={256}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...register(name)}
        />
        <span id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
          {error?.message ?? hint}
        </span>
      </div>
    );
  };

  return (
    <form
      className="site-form site-form--narrow"
      noValidate
      aria-label="Cashier settings"
      onSubmit={handleSubmit((body) => save.mutate(body))}
    >
      {!configured && (
        <p className="notice notice--warn" role="status">
          This site has no cashier yet: every deposit and withdrawal is refused until one is saved.
        </p>
      )}
      <fieldset className="site-section">
        <legend>Methods</legend>
        <table className="grid site-methods" aria-label="Payment methods">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Deposits</th>
              <th scope="col">Withdrawals</th>
            </tr>
          </thead>
          <tbody>
            {PAYMENT_METHODS.map((method, index) => (
              <tr key={method}>
                <th scope="row">{methodName(method)}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${methodName(method)} takes deposits`}
                    {...register(`methods.${index}.deposit`)}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${methodName(method)} takes withdrawals`}
                    {...register(`methods.${index}.withdrawal`)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {errors.methods?.message && (
          <p className="field__error" role="alert">
            {errors.methods.message}
          </p>
        )}
      </fieldset>

      <PayeeSection
        legend="UPI"
        switchLabel="Players pay to a UPI id"
        switchField={register('upiOn')}
        error={errors.upi?.message}
        on={upiOn}
      >
        {text('upi.vpa', 'UPI id', 'Like name@bank')}
        {text('upi.payeeName', "Payee's name", 'The name players see before paying')}
      </PayeeSection>

      <PayeeSection
        legend="Bank account"
        switchLabel="Players pay into a bank account"
        switchField={register('bankOn')}
        error={errors.bank?.message}
        on={bankOn}
      >
        {text('bank.accountHolderName', "Account holder's name", 'As the bank has it')}
        {text('bank.accountNumber', 'Account number', '9 to 18 digits')}
        {text('bank.ifscCode', 'IFSC code', 'Like SBIN0001234')}
        {text('bank.bankName', 'Bank name', 'The bank players pay into')}
      </PayeeSection>

      <fieldset className="site-section">
        <legend>Limits</legend>
        <div className="site-pair">
          <Limit form={form} name="minDeposit" label="Smallest deposit (₹)" />
          <Limit form={form} name="maxDeposit" label="Largest deposit (₹)" />
          <Limit form={form} name="minWithdrawal" label="Smallest withdrawal (₹)" />
          <Limit form={form} name="maxWithdrawal" label="Largest withdrawal (₹)" />
        </div>
      </fieldset>

      <fieldset className="site-section">
        <legend>Gateway</legend>
        <label className="site-switch">
          <input type="checkbox" aria-describedby="cashier-gateway-hint" {...register('gatewayEnabled')} />
          <span>Payment gateway on</span>
        </label>
        <span id="cashier-gateway-hint" className="field__hint">
          Players pay through the gateway to the UPI id above.
        </span>
      </fieldset>

      {refusal && <SaveRefusal error={refusal} what="change the cashier" />}
      <SaveBar
        status={
          isDirty
            ? 'Unsaved changes.'
            : updatedAt
              ? `Saved ${formatDateTime(updatedAt)}.`
              : 'Never saved from this console.'
        }
        dirty={isDirty}
        saving={save.isPending}
        onDiscard={() => reset()}
        saveLabel="Save the cashier"
      />
    </form>
  );
}
