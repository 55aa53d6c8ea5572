import { useMemo, useState, type InputHTMLAttributes } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  UPI_ID_PATTERN,
  type PaymentInfo,
  type PaymentMethod,
  type PaymentRequestItem,
  type RouteBody,
} from '@backlay/contract';
import { maxPaise, minPaise, subPaise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import { faBuildingColumns, faTriangleExclamation, faXmark } from '@fortawesome/free-solid-svg-icons';
import { AppError } from '@/shared/http/errors';
import { formatMoney } from '@/shared/lib/money';
import { useSessionStore } from '@/shared/session/session-store';
import { Icon } from '@/shared/ui/Icon';
import { EmptyState, FieldError, PageHeader } from '@/shared/ui/feedback';
import { notify } from '@/shared/ui/toast';
import { useCancelRequest } from '../api/cancel-request';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { usePaymentInfo } from '../api/get-payment-info';
import { useFollowRequest } from '../api/player-requests';
import { AmountField } from '../components/AmountField';
import { CashierRead, DemoNotice } from '../components/CashierStates';
import { MethodTiles } from '../components/MethodTiles';
import { RequestCard } from '../components/RequestCard';
import { t } from '../i18n';
import { amountText, readAmount } from '../lib/amount';
import {
  accountKey,
  accountLabel,
  forgetPayoutAccount,
  loadPayoutAccounts,
  savePayoutAccount,
  type PayoutAccount,
} from '../lib/payout-accounts';
import '../money.css';

type PayoutField = 'accountNumber' | 'accountHolderName' | 'ifscCode' | 'upiId';

/** What is wrong with a payout field, in the language on screen (read when the form checks it). */
function payoutMessage(field: PayoutField): string {
  switch (field) {
    case 'accountNumber':
      return t('money.withdrawal.accountNumberInvalid');
    case 'accountHolderName':
      return t('money.withdrawal.holderMissing');
    case 'ifscCode':
      return t('money.withdrawal.ifscInvalid');
    case 'upiId':
      return t('money.withdrawal.upiInvalid');
  }
}

function withdrawalFormSchema(min: Paise, max: Paise) {
  return z
    .object({
      destination: z.enum(['upi', 'bank']),
      amount: z.string(),
      upiId: z.string().trim(),
      accountNumber: z.string().trim(),
      accountHolderName: z.string().trim(),
      ifscCode: z.string().trim().toUpperCase(),
      save: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const read = readAmount(v.amount, { min, max });
      if ('error' in read) ctx.addIssue({ code: 'custom', path: ['amount'], message: read.error });
      const bad = (path: PayoutField) =>
        ctx.addIssue({ code: 'custom', path: [path], message: payoutMessage(path) });
      if (v.destination === 'upi') {
        if (!UPI_ID_PATTERN.test(v.upiId)) bad('upiId');
        return;
      }
      if (!ACCOUNT_NUMBER_PATTERN.test(v.accountNumber)) bad('accountNumber');
      if (!/^[\p{L}][\p{L} .'-]+$/u.test(v.accountHolderName)) bad('accountHolderName');
      if (!IFSC_PATTERN.test(v.ifscCode)) bad('ifscCode');
    });
}
type WithdrawalForm = z.input<ReturnType<typeof withdrawalFormSchema>>;

const DESTINATIONS = ['upi', 'bank'] as const;

/**
 * What can be withdrawn now: balance minus exposure, never below zero. The balance is cash only;
 * a bonus sits apart and never locks it (withdrawing during one forfeits only the bonus).
 */
export function withdrawable(balance: Paise, exposure: Paise): Paise {
  return maxPaise(ZERO_PAISE, subPaise(balance, exposure));
}

/** /withdrawal: the withdrawable amount, the site's limits, a bank account or UPI id. */
export function WithdrawalRoute() {
  // Opened again from the menu (a new navigation): a fresh form, not the last request's card.
  const { key } = useLocation();
  return <WithdrawalPage key={key} />;
}

function WithdrawalPage() {
  const user = useSessionStore((s) => s.user);
  const info = usePaymentInfo(user?.isDemo !== true);
  const [made, setMade] = useState<PaymentRequestItem | null>(null);
  return (
    <section className="page page--narrow money-page">
      <PageHeader title={t('money.withdrawal.title')} />
      {user?.isDemo ? (
        <DemoNotice />
      ) : made ? (
        <WithdrawalStatus made={made} onAnother={() => setMade(null)} />
      ) : (
        <CashierRead read={info}>
          {(data) => <WithdrawalForm info={data} userName={user?.userName ?? ''} onMade={setMade} />}
        </CashierRead>
      )}
    </section>
  );
}

function WithdrawalStatus({ made, onAnother }: { made: PaymentRequestItem; onAnother: () => void }) {
  const followed = useFollowRequest(made) ?? made;
  const cancel = useCancelRequest();
  const [cancelled, setCancelled] = useState<PaymentRequestItem | null>(null);
  const request = cancelled ?? followed;
  return (
    <div className="money-status" aria-live="polite">
      <RequestCard
        request={request}
        headline
        cancelling={cancel.isPending}
        onCancel={(r) =>
          cancel.mutate(r.id, {
            onSuccess: (answer) => {
              setCancelled(answer);
              notify.success(
                t('money.withdrawal.cancelled', { id: answer.id, amount: formatMoney(answer.amount) }),
              );
            },
            onError: (e) => notify.error(e.message),
          })
        }
      />
      <div className="form-actions">
        <Link to="/dwrequests" className="btn btn--outline">
          {t('money.allRequests')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={onAnother}>
          {t('money.withdrawal.another')}
        </button>
      </div>
    </div>
  );
}

type WithdrawalBody = RouteBody<'createWithdrawal'>;

/**
 * The server refused the withdrawal because a bonus is active: the player decides. Withdrawing
 * forfeits only the bonus money; the cash, this withdrawal included, is never touched.
 */
function ForfeitBonusConfirm({
  bonus,
  amount,
  sending,
  onKeep,
  onConfirm,
}: {
  bonus: Paise | null;
  amount: Paise;
  sending: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  const values = { amount: formatMoney(amount) };
  return (
    <div
      className="card money-form forfeit-confirm"
      role="alertdialog"
      aria-labelledby="forfeit-title"
      aria-describedby="forfeit-text"
    >
      <h2 id="forfeit-title" className="forfeit-confirm__title">
        <Icon icon={faTriangleExclamation} /> {t('money.withdrawal.activeBonus')}
      </h2>
      <p id="forfeit-text">
        {bonus != null && bonus > 0
          ? t('money.withdrawal.forfeitBonusOf', { ...values, bonus: formatMoney(bonus) })
          : t('money.withdrawal.forfeitActive', values)}
      </p>
      <p className="hint">{t('money.withdrawal.keepHint')}</p>
      <div className="form-actions">
        <button type="button" className="btn btn--outline" onClick={onKeep} disabled={sending}>
          {t('money.withdrawal.keepBonus')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={sending}>
          {sending ? t('money.sending') : t('money.withdrawal.forfeit')}
        </button>
      </div>
    </div>
  );
}

function WithdrawalForm({
  info,
  userName,
  onMade,
}: {
  info: PaymentInfo;
  userName: string;
  onMade: (r: PaymentRequestItem) => void;
}) {
  const balance = useSessionStore((s) => s.balance);
  const exposure = useSessionStore((s) => s.exposure);
  const available = withdrawable(balance, exposure);
  const max = minPaise(info.maxWithdrawal, available);
  const methods = info.methods.filter((m) => m.withdrawal).map((m) => m.method);
  const [method, setMethod] = useState<PaymentMethod | null>(methods[0] ?? null);
  const [saved, setSaved] = useState<PayoutAccount[]>(() => loadPayoutAccounts(userName));
  const mutation = useCreateWithdrawal();
  const bonusBalance = useSessionStore((s) => s.bonusBalance);
  // The withdrawal the server refused with BONUS_ACTIVE, waiting for the player's answer.
  const [forfeit, setForfeit] = useState<{ body: WithdrawalBody; to: PayoutAccount; save: boolean } | null>(
    null,
  );
  const schema = useMemo(() => withdrawalFormSchema(info.minWithdrawal, max), [info.minWithdrawal, max]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<WithdrawalForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      destination: methods[0] === 'Imps' ? 'bank' : 'upi',
      amount: '',
      upiId: '',
      accountNumber: '',
      accountHolderName: '',
      ifscCode: '',
      save: false,
    },
  });
  const destination = watch('destination');

  if (methods.length === 0 || method == null) {
    return (
      <EmptyState icon={faBuildingColumns} title={t('money.withdrawal.closedTitle')}>
        {t('money.withdrawal.closedText')}
      </EmptyState>
    );
  }

  const pickMethod = (m: PaymentMethod) => {
    setMethod(m);
    setValue('destination', m === 'Imps' ? 'bank' : 'upi');
  };

  const fillFrom = (a: PayoutAccount) => {
    if (a.kind === 'upi') {
      setValue('destination', 'upi');
      setValue('upiId', a.upiId, { shouldValidate: true });
    } else {
      setValue('destination', 'bank');
      setValue('accountNumber', a.accountNumber, { shouldValidate: true });
      setValue('accountHolderName', a.accountHolderName, { shouldValidate: true });
      setValue('ifscCode', a.ifscCode, { shouldValidate: true });
    }
  };

  /** Sends the withdrawal; a BONUS_ACTIVE refusal asks the player instead of failing. */
  const send = async (body: WithdrawalBody, to: PayoutAccount, save: boolean) => {
    try {
      const request = await mutation.mutateAsync(body);
      if (save) setSaved(savePayoutAccount(userName, to));
      notify.success(
        t('money.withdrawal.requested', { id: request.id, amount: formatMoney(request.amount) }),
      );
      onMade(request);
    } catch (error) {
      if (error instanceof AppError && error.code === 'BONUS_ACTIVE' && body.forfeitBonus !== true) {
        setForfeit({ body, to, save });
        return;
      }
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const read = readAmount(values.amount, { min: info.minWithdrawal, max });
    if ('error' in read) return;
    const to: PayoutAccount =
      values.destination === 'upi'
        ? { kind: 'upi', upiId: values.upiId.trim() }
        : {
            kind: 'bank',
            accountNumber: values.accountNumber.trim(),
            accountHolderName: values.accountHolderName.trim(),
            ifscCode: values.ifscCode.trim().toUpperCase(),
          };
    const { kind: _kind, ...payout } = to;
    await send({ amount: read.amount, paymentMethod: method, ...payout }, to, values.save);
  });

  if (forfeit) {
    return (
      <ForfeitBonusConfirm
        bonus={bonusBalance}
        amount={forfeit.body.amount}
        sending={mutation.isPending}
        onKeep={() => setForfeit(null)}
        onConfirm={() => void send({ ...forfeit.body, forfeitBonus: true }, forfeit.to, forfeit.save)}
      />
    );
  }

  const field = (
    name: 'upiId' | 'accountNumber' | 'accountHolderName' | 'ifscCode',
    label: string,
    extra: Partial<InputHTMLAttributes<HTMLInputElement>> = {},
  ) => {
    const id = `wd-${name}`;
    return (
      <div className="form-field" key={id}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          autoComplete="off"
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`${id}-error`}
          {...extra}
          {...register(name)}
        />
        <FieldError id={`${id}-error`} message={errors[name]?.message} />
      </div>
    );
  };

  // Built before the markup: the inputs' settings are no words for the player.
  const payoutFields =
    destination === 'upi'
      ? [
          field('upiId', t('money.field.upiId'), {
            placeholder: t('money.withdrawal.upiPlaceholder'),
            autoCapitalize: 'none',
          }),
        ]
      : [
          field('accountNumber', t('money.field.accountNumber'), { inputMode: 'numeric', maxLength: 18 }),
          field('accountHolderName', t('money.withdrawal.holderName'), { autoComplete: 'name' }),
          field('ifscCode', t('money.withdrawal.ifsc'), {
            placeholder: 'SBIN0001234',
            maxLength: 11,
            autoCapitalize: 'characters',
            className: 'upper',
          }),
        ];
  const destinationField = register('destination');
  const saveField = register('save');

  return (
    <form
      className="card form money-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('money.withdrawal.title')}
    >
      <div className="withdrawable" data-testid="withdrawable">
        <span className="withdrawable__label">{t('money.withdrawal.canWithdraw')}</span>
        <strong className="withdrawable__value">₹{formatMoney(available)}</strong>
        <span className="hint">
          {t('money.withdrawal.breakdown', {
            balance: formatMoney(balance),
            exposure: formatMoney(exposure),
          })}
        </span>
      </div>
      {available < info.minWithdrawal && (
        <p className="money-note" role="note">
          {t('money.withdrawal.belowMin', {
            min: formatMoney(info.minWithdrawal, 'plain'),
            available: formatMoney(available),
          })}
        </p>
      )}
      <MethodTiles name="withdrawal-method" methods={methods} value={method} onChange={pickMethod} />
      <AmountField
        id="wd-amount"
        min={info.minWithdrawal}
        max={maxPaise(max, ZERO_PAISE)}
        maxNote={max < info.maxWithdrawal ? t('money.withdrawal.maxNote') : undefined}
        error={errors.amount?.message}
        registration={register('amount')}
        onQuick={(a) => setValue('amount', amountText(a), { shouldValidate: true })}
      />
      <fieldset className="money-step">
        <legend className="money-legend">{t('money.withdrawal.payTo')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('money.withdrawal.payTo')}>
          {DESTINATIONS.map((d) => (
            <label key={d} className={`segmented__item ${destination === d ? 'segmented__item--on' : ''}`}>
              <input type="radio" value={d} className="visually-hidden" {...destinationField} />
              {d === 'upi' ? t('money.withdrawal.toUpi') : t('money.withdrawal.toBank')}
            </label>
          ))}
        </div>
        {saved.length > 0 && (
          <div className="saved-accounts" role="group" aria-label={t('money.withdrawal.saved')}>
            {saved.map((a) => (
              <span key={accountKey(a)} className="saved-account">
                <button type="button" className="saved-account__use" onClick={() => fillFrom(a)}>
                  {accountLabel(a)}
                </button>
                <button
                  type="button"
                  className="saved-account__forget"
                  aria-label={t('money.withdrawal.forget', { account: accountLabel(a) })}
                  onClick={() => setSaved(forgetPayoutAccount(userName, a))}
                >
                  <Icon icon={faXmark} />
                </button>
              </span>
            ))}
          </div>
        )}
        {payoutFields}
        <label className="checkbox">
          <input type="checkbox" {...saveField} /> {t('money.withdrawal.save')}
        </label>
      </fieldset>
      <p className="hint">{t('money.withdrawal.hint')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? t('money.sending') : t('money.withdrawal.submit')}
      </button>
    </form>
  );
}
