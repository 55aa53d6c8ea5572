import {
  BONUS_KINDS,
  BonusDefinitionInputSchema,
  BonusKindSchema,
  DEFAULT_CASHBACK_PERIOD_DAYS,
  type BonusDefinition,
  type BonusDefinitionInput,
  type BonusKind,
  type OperatorBonus,
  type RouteBody,
} from '@backlay/contract';
import { paiseToRupees } from '@backlay/exchange';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faPlus } from '@fortawesome/free-solid-svg-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { formatMoney } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import {
  placeServerErrors,
  SaveRefusal,
  TypedNumber,
  useWarnBeforeLeaving,
  withTypedNumbers,
} from './form-helpers';
import { BONUSES_KEY } from './keys';

export const KIND_LABELS: Record<BonusKind, string> = {
  FirstDeposit: 'First deposit',
  Reload: 'Reload',
  Cashback: 'Cashback',
  Free: 'Free',
};

const KIND_HINTS: Record<BonusKind, string> = {
  FirstDeposit: "A percent of the player's first deposit, up to the most it pays.",
  Reload: 'A percent of a later deposit, up to the most it pays.',
  Cashback: 'A percent of the net losses of settled bets over the period, up to the most it pays.',
  Free: 'A fixed amount, no deposit needed.',
};

/**
 * The form's values (amounts in rupees as typed) made into the contract's BonusDefinitionInputSchema,
 * which judges them and turns the rupees into paise: a Free bonus sends its amount and no percent,
 * the others their percent and no amount.
 */
const BonusFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    kind: BonusKindSchema,
    percent: TypedNumber,
    amount: TypedNumber,
    maxAmount: TypedNumber,
    minDeposit: TypedNumber,
    wageringMultiplier: TypedNumber,
    validDays: TypedNumber,
    cashbackPeriodDays: TypedNumber,
    terms: z.string(),
    visible: z.boolean(),
    active: z.boolean(),
  })
  .transform((f): BonusDefinitionInput => ({
    ...f,
    percent: f.kind === 'Free' || Number.isNaN(f.percent) ? null : f.percent,
    amount: f.kind !== 'Free' || Number.isNaN(f.amount) ? null : f.amount,
  }))
  .pipe(BonusDefinitionInputSchema);
type BonusForm = z.input<typeof BonusFormSchema>;

const EMPTY_NUMBERS = {
  maxAmount: 'Give the most the bonus pays, in rupees',
  minDeposit: 'Give the smallest deposit, in rupees (0: any)',
  wageringMultiplier: 'A whole number of times, 0 to 100',
  validDays: 'A number of days, 1 to 365',
  cashbackPeriodDays: 'A number of days, 1 to 31',
};

const BONUS_PATHS = new Set(Object.keys(BonusDefinitionInputSchema.shape));

const NEW_BONUS: BonusForm = {
  title: '',
  description: '',
  kind: 'FirstDeposit',
  percent: NaN,
  amount: NaN,
  maxAmount: NaN,
  minDeposit: 0,
  wageringMultiplier: 1,
  validDays: 30,
  cashbackPeriodDays: DEFAULT_CASHBACK_PERIOD_DAYS,
  terms: '',
  visible: true,
  active: true,
};

function formOf(bonus: OperatorBonus): BonusForm {
  return {
    title: bonus.title,
    description: bonus.description,
    kind: bonus.kind,
    percent: bonus.percent ?? NaN,
    amount: bonus.amount != null ? paiseToRupees(bonus.amount) : NaN,
    maxAmount: paiseToRupees(bonus.maxAmount),
    minDeposit: paiseToRupees(bonus.minDeposit),
    wageringMultiplier: bonus.wageringMultiplier,
    validDays: bonus.validDays,
    cashbackPeriodDays: bonus.cashbackPeriodDays,
    terms: bonus.terms,
    visible: bonus.visible,
    active: bonus.active,
  };
}

/** PUT /admin/bonuses takes `{ id } & definition`; the client's encoding puts its paise on the wire as rupees. */
function updateBody(id: number, definition: BonusDefinition): RouteBody<'adminUpdateBonus'> {
  return { id, ...definition };
}

/** What a bonus pays, in a few words. */
function pays(bonus: OperatorBonus): string {
  if (bonus.kind === 'Free') return bonus.amount != null ? formatMoney(bonus.amount) : '—';
  return `${bonus.percent ?? '—'}% up to ${formatMoney(bonus.maxAmount)}`;
}

/** The site's bonus catalogue (GET, POST, PUT /admin/bonuses): listed, added and changed by the owner. */
export function BonusesPanel() {
  const [editing, setEditing] = useState<OperatorBonus | 'new' | null>(null);
  const query = useQuery({
    queryKey: [BONUSES_KEY],
    queryFn: ({ signal }) => call('adminBonuses', { signal }),
  });
  const bonuses = query.data ?? [];

  return (
    <div className="site-bonuses">
      <div className="page-head">
        <h2>Bonuses</h2>
        <button
          type="button"
          className="btn btn--small"
          disabled={editing === 'new'}
          onClick={() => setEditing('new')}
        >
          <FontAwesomeIcon icon={faPlus} /> New bonus
        </button>
      </div>
      {query.isError ? (
        <Problem error={query.error} what="see the bonuses" />
      ) : (
        <div className="table-scroll">
          <table className="grid" aria-label="Bonuses" aria-busy={query.isPending}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Kind</th>
                <th scope="col">Pays</th>
                <th scope="col" className="num">
                  Wagering
                </th>
                <th scope="col" className="num">
                  Valid
                </th>
                <th scope="col">Listed</th>
                <th scope="col">Claimable</th>
                <th scope="col" className="num">
                  Claims
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bonuses.map((bonus) => (
                <tr
                  key={bonus.id}
                  data-testid={`bonus-${bonus.id}`}
                  className={editing !== 'new' && editing?.id === bonus.id ? 'is-selected' : undefined}
                >
                  <td>{bonus.title}</td>
                  <td>{KIND_LABELS[bonus.kind]}</td>
                  <td className="nowrap">{pays(bonus)}</td>
                  <td className="num">×{bonus.wageringMultiplier}</td>
                  <td className="num">{bonus.validDays} d</td>
                  <td>{bonus.visible ? 'Yes' : 'No'}</td>
                  <td>{bonus.active ? 'Yes' : 'No'}</td>
                  <td className="num">{bonus.claims}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={`Edit ${bonus.title}`}
                      onClick={() => setEditing(bonus)}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {query.isPending && <p className="muted pad">Loading…</p>}
          {query.isSuccess && bonuses.length === 0 && (
            <p className="muted pad" role="status">
              This site offers no bonus yet.
            </p>
          )}
        </div>
      )}
      {editing != null && (
        <BonusEditor
          key={editing === 'new' ? 'new' : editing.id}
          bonus={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function BonusEditor({ bonus, onDone }: { bonus: OperatorBonus | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<BonusForm, unknown, BonusDefinition>({
    resolver: withTypedNumbers(zodResolver(BonusFormSchema), EMPTY_NUMBERS),
    defaultValues: bonus ? formOf(bonus) : NEW_BONUS,
  });
  useWarnBeforeLeaving(isDirty);
  const kind = watch('kind');
  // The editor opens below the list: the owner lands in it.
  useEffect(() => setFocus('title'), [setFocus]);

  const save = useMutation({
    mutationFn: (definition: BonusDefinition) =>
      bonus
        ? call('adminUpdateBonus', { body: updateBody(bonus.id, definition) })
        : call('adminCreateBonus', { body: definition }),
    onMutate: () => setRefusal(null),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: [BONUSES_KEY] });
      toast.success(
        bonus
          ? `Bonus “${saved.title}” saved. Claims already made keep their terms.`
          : `Bonus “${saved.title}” added.`,
      );
      onDone();
    },
    onError: (thrown) => {
      const error = toApiError(thrown);
      placeServerErrors(error, setError, (path) => BONUS_PATHS.has(path));
      setRefusal(error);
      toast.error(`Bonus not saved: ${error.message}`);
    },
  });

  const field = (
    name:
      | 'title'
      | 'percent'
      | 'amount'
      | 'maxAmount'
      | 'minDeposit'
      | 'wageringMultiplier'
      | 'validDays'
      | 'cashbackPeriodDays',
    label: string,
    hint: string,
    numeric: { step: string; min?: number } | null,
  ) => {
    const id = `bonus-${name}`;
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type={numeric ? 'number' : 'text'}
          inputMode={numeric ? 'decimal' : undefined}
          step={numeric?.step}
          min={numeric?.min}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...register(name, numeric ? { valueAsNumber: true } : {})}
        />
        <span id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
          {error?.message ?? hint}
        </span>
      </div>
    );
  };

  const title = bonus ? `Edit “${bonus.title}”` : 'New bonus';
  return (
    <form
      className="site-form site-form--narrow site-bonus-form"
      noValidate
      aria-label={title}
      onSubmit={handleSubmit((definition) => save.mutate(definition))}
    >
      <h3>{title}</h3>
      {bonus && bonus.claims > 0 && (
        <p className="notice notice--info">
          {bonus.claims} claim{bonus.claims === 1 ? '' : 's'} made: they keep the terms they were claimed on.
        </p>
      )}
      {field('title', 'Bonus title', '3 to 80 characters', null)}
      <div className="field">
        <label htmlFor="bonus-description">Bonus description</label>
        <textarea id="bonus-description" rows={2} maxLength={300} {...register('description')} />
        <span className={errors.description ? 'field__error' : 'field__hint'}>
          {errors.description?.message ?? 'One line under the title; may be empty.'}
        </span>
      </div>
      <div className="field">
        <label htmlFor="bonus-kind">Kind</label>
        <select id="bonus-kind" aria-describedby="bonus-kind-hint" {...register('kind')}>
          {BONUS_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <span id="bonus-kind-hint" className="field__hint">
          {KIND_HINTS[kind]}
        </span>
      </div>
      <div className="site-pair">
        {kind === 'Free'
          ? field('amount', 'Amount (₹)', 'What the bonus pays', { step: '0.01', min: 0 })
          : field('percent', 'Percent (%)', 'More than 0, at most 500, two decimals at most', {
              step: '0.01',
              min: 0,
            })}
        {field('maxAmount', 'Most it pays (₹)', 'The cap of one claim', { step: '0.01', min: 0 })}
        {(kind === 'FirstDeposit' || kind === 'Reload') &&
          field('minDeposit', 'Smallest qualifying deposit (₹)', '0: any deposit', { step: '0.01', min: 0 })}
        {kind === 'Cashback' &&
          field('cashbackPeriodDays', 'Cashback period (days)', 'The days looked back over, 1 to 31', {
            step: '1',
            min: 1,
          })}
        {field('wageringMultiplier', 'Wagering (times the bonus)', '0: cash at once; at most 100', {
          step: '1',
          min: 0,
        })}
        {field('validDays', 'Valid for (days)', 'From the claim, 1 to 365', { step: '1', min: 1 })}
      </div>
      <div className="field">
        <label htmlFor="bonus-terms">Terms</label>
        <textarea
          id="bonus-terms"
          rows={4}
          maxLength={2000}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby="bonus-terms-hint"
          {...register('terms')}
        />
        <span id="bonus-terms-hint" className={errors.terms ? 'field__error' : 'field__hint'}>
          {errors.terms?.message ?? 'In plain words: players read them next to Claim.'}
        </span>
      </div>
      <label className="site-switch">
        <input type="checkbox" {...register('visible')} />
        <span>Listed to visitors</span>
      </label>
      <label className="site-switch">
        <input type="checkbox" {...register('active')} />
        <span>Claimable now</span>
      </label>
      {refusal && <SaveRefusal error={refusal} what="change the bonuses" />}
      <div className="site-savebar">
        <button type="button" className="btn" disabled={save.isPending} onClick={onDone}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          {bonus ? 'Save the bonus' : 'Add the bonus'}
        </button>
      </div>
    </form>
  );
}
