import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  UTR_PATTERN,
  type OcrField,
  type PaymentInfo,
  type PaymentMethod,
  type PaymentRequestItem,
} from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { faCreditCard } from '@fortawesome/free-solid-svg-icons';
import { AppError } from '@/shared/http/errors';
import { useSessionStore } from '@/shared/session/session-store';
import { EmptyState, FieldError, PageHeader } from '@/shared/ui/feedback';
import { notify } from '@/shared/ui/toast';
import { useCreateDeposit } from '../api/create-deposit';
import { useGeneratePayment, type GatewayOrder } from '../api/payment-gateway';
import { bestRead } from '../api/read-payment-slip';
import { usePaymentInfo } from '../api/get-payment-info';
import { useFollowRequest } from '../api/player-requests';
import { AmountField } from '../components/AmountField';
import { CashierRead, DemoNotice } from '../components/CashierStates';
import { RefusalNotice } from '@/shared/ui/RefusalNotice';
import { GatewayPanel } from '../components/GatewayPanel';
import { MethodTiles } from '../components/MethodTiles';
import { PayTo } from '../components/PayTo';
import { RequestCard } from '../components/RequestCard';
import { ScreenshotField, type StoredScreenshot } from '../components/ScreenshotField';
import { t } from '../i18n';
import { amountText, readAmount } from '../lib/amount';
import { responsibleGamingRefusal } from '@/shared/http/errors';
import '../money.css';

/** Built when a form is, so its messages speak the language on screen. */
function depositFormSchema(min: Paise, max: Paise) {
  return z.object({
    amount: z.string().superRefine((text, ctx) => {
      const read = readAmount(text, { min, max });
      if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
    }),
    utr: z.string().trim().regex(UTR_PATTERN, t('money.deposit.utrInvalid')),
    imageId: z
      .number({ error: t('money.deposit.screenshotMissing') })
      .int()
      .positive(),
  });
}
type DepositForm = z.input<ReturnType<typeof depositFormSchema>>;

/** /depositw: pay the site outside the app, then claim it with the UTR and the screenshot. */
export function DepositRoute() {
  // Opened again from the menu (a new navigation): a fresh form, not the last request's card.
  const { key } = useLocation();
  return <DepositPage key={key} />;
}

function DepositPage() {
  const user = useSessionStore((s) => s.user);
  const info = usePaymentInfo(user?.isDemo !== true);
  const [made, setMade] = useState<PaymentRequestItem | null>(null);
  const [order, setOrder] = useState<GatewayOrder | null>(null);
  const [path, setPath] = useState<DepositPath>('gateway');
  return (
    <section className="page page--narrow money-page">
      <PageHeader title={t('money.deposit.title')} />
      {user?.isDemo ? (
        <DemoNotice />
      ) : order ? (
        <GatewayPanel order={order} onRestart={() => setOrder(null)} />
      ) : made ? (
        <DepositStatus made={made} onAnother={() => setMade(null)} />
      ) : (
        <CashierRead read={info}>
          {(data) =>
            data.gatewayEnabled ? (
              <>
                <PathChoice value={path} onChange={setPath} />
                {path === 'gateway' ? (
                  <GatewayForm info={data} onOrder={setOrder} />
                ) : (
                  <DepositForm info={data} onMade={setMade} />
                )}
              </>
            ) : (
              <DepositForm info={data} onMade={setMade} />
            )
          }
        </CashierRead>
      )}
    </section>
  );
}

/** Automatic through the payment provider, or paid outside and claimed with the UTR. */
type DepositPath = 'gateway' | 'manual';

const paths = (): { value: DepositPath; title: string; detail: string }[] => [
  {
    value: 'gateway',
    title: t('money.deposit.gatewayTitle'),
    detail: t('money.deposit.gatewayDetail'),
  },
  {
    value: 'manual',
    title: t('money.deposit.manualTitle'),
    detail: t('money.deposit.manualDetail'),
  },
];

function PathChoice({ value, onChange }: { value: DepositPath; onChange: (p: DepositPath) => void }) {
  return (
    <fieldset className="deposit-paths">
      <legend className="money-legend">{t('money.deposit.how')}</legend>
      {paths().map((p) => (
        <label key={p.value} className={`deposit-path ${value === p.value ? 'deposit-path--on' : ''}`}>
          <input
            type="radio"
            name="deposit-path"
            value={p.value}
            checked={value === p.value}
            onChange={() => onChange(p.value)}
            className="visually-hidden"
          />
          <span className="deposit-path__title">{p.title}</span>
          <span className="deposit-path__detail">{p.detail}</span>
        </label>
      ))}
    </fieldset>
  );
}

function gatewayFormSchema(min: Paise, max: Paise) {
  return z.object({
    amount: z.string().superRefine((text, ctx) => {
      const read = readAmount(text, { min, max });
      if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
    }),
  });
}
type GatewayFormValues = z.input<ReturnType<typeof gatewayFormSchema>>;

/** The gateway path: an amount inside the limits opens an order, paid from the player's UPI app. */
function GatewayForm({ info, onOrder }: { info: PaymentInfo; onOrder: (o: GatewayOrder) => void }) {
  const mutation = useGeneratePayment();
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = useMemo(() => gatewayFormSchema(info.minDeposit, info.maxDeposit), [info]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<GatewayFormValues>({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const read = readAmount(values.amount, { min: info.minDeposit, max: info.maxDeposit });
    if ('error' in read) return;
    setRefusal(null);
    try {
      onOrder(await mutation.mutateAsync(read.amount));
    } catch (error) {
      const refused = responsibleGamingRefusal(error);
      if (refused) {
        setRefusal(refused);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof AppError && error.code === 'AMOUNT_OUT_OF_RANGE') setError('amount', { message });
      notify.error(message);
    }
  });

  return (
    <form
      className="card form money-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('money.deposit.gatewayForm')}
    >
      <AmountField
        id="gw-amount"
        min={info.minDeposit}
        max={info.maxDeposit}
        error={errors.amount?.message}
        registration={register('amount')}
        onQuick={(a) => setValue('amount', amountText(a), { shouldValidate: true })}
      />
      {refusal && <RefusalNotice message={refusal} testId="deposit-refusal" />}
      <p className="hint">{t('money.deposit.gatewayHint')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? t('money.deposit.opening') : t('money.deposit.continue')}
      </button>
    </form>
  );
}

/** After a submit: the request's live state, asked again while it is pending. */
function DepositStatus({ made, onAnother }: { made: PaymentRequestItem; onAnother: () => void }) {
  const request = useFollowRequest(made) ?? made;
  return (
    <div className="money-status" aria-live="polite">
      <RequestCard request={request} headline />
      <div className="form-actions">
        <Link to="/dwrequests" className="btn btn--outline">
          {t('money.allRequests')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={onAnother}>
          {t('money.deposit.another')}
        </button>
      </div>
    </div>
  );
}

function DepositForm({ info, onMade }: { info: PaymentInfo; onMade: (r: PaymentRequestItem) => void }) {
  const methods = info.methods.filter((m) => m.deposit).map((m) => m.method);
  const [method, setMethod] = useState<PaymentMethod | null>(methods[0] ?? null);
  const [shot, setShot] = useState<StoredScreenshot | null>(null);
  const [read, setRead] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useCreateDeposit();
  const schema = useMemo(() => depositFormSchema(info.minDeposit, info.maxDeposit), [info]);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { errors },
  } = useForm<DepositForm>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', utr: '', imageId: undefined },
  });

  if (methods.length === 0 || method == null) {
    return (
      <EmptyState icon={faCreditCard} title={t('money.deposit.closedTitle')}>
        {t('money.deposit.closedText')}
      </EmptyState>
    );
  }

  const onShot = (next: StoredScreenshot | null) => {
    setShot(next);
    setValue('imageId', next?.imageId as number, { shouldValidate: next != null });
  };

  /** The OCR's reading fills the fields the player left empty, and says what it filled. */
  const onRead = (fields: OcrField[]) => {
    const filled: string[] = [];
    const utr = bestRead(fields, 'utr');
    if (utr && UTR_PATTERN.test(utr.value) && getValues('utr').trim() === '') {
      setValue('utr', utr.value, { shouldValidate: true });
      filled.push(t('money.deposit.readUtr', { utr: utr.value }));
    }
    const amount = bestRead(fields, 'amount');
    if (amount && /^\d+(\.\d{1,2})?$/.test(amount.value) && getValues('amount').trim() === '') {
      const text = amount.value.replace(/\.00$/, '');
      setValue('amount', text, { shouldValidate: true });
      filled.push(t('money.deposit.readAmount', { amount: text }));
    }
    const payee = bestRead(fields, 'payee');
    const ours = [info.upi?.vpa, info.upi?.payeeName, info.bank?.accountHolderName]
      .filter((x): x is string => !!x)
      .map((x) => x.toLowerCase());
    const elsewhere = payee && !ours.some((o) => payee.value.toLowerCase().includes(o));
    if (filled.length === 0 && !elsewhere) return;
    setRead(
      [
        filled.length > 0 ? t('money.deposit.readFrom', { fields: filled.join(', ') }) : '',
        elsewhere ? t('money.deposit.readElsewhere', { payee: payee?.value ?? '' }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    const read = readAmount(values.amount, { min: info.minDeposit, max: info.maxDeposit });
    if ('error' in read) return;
    setRefusal(null);
    try {
      const request = await mutation.mutateAsync({
        amount: read.amount,
        paymentMethod: method,
        utr: values.utr.trim(),
        imageId: values.imageId as number,
      });
      notify.success(t('money.deposit.sent', { id: request.id }));
      onMade(request);
    } catch (error) {
      const refused = responsibleGamingRefusal(error);
      if (refused) {
        setRefusal(refused);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof AppError && error.code === 'UTR_ALREADY_USED') setError('utr', { message });
      notify.error(message);
    }
  });

  const utrField = register('utr');

  return (
    <form
      className="card form money-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('money.deposit.title')}
    >
      <MethodTiles name="deposit-method" methods={methods} value={method} onChange={setMethod} />
      <AmountField
        id="dep-amount"
        min={info.minDeposit}
        max={info.maxDeposit}
        error={errors.amount?.message}
        registration={register('amount')}
        onQuick={(a) => setValue('amount', amountText(a), { shouldValidate: true })}
      />
      {refusal && <RefusalNotice message={refusal} testId="deposit-refusal" />}
      <div className="money-step">
        <h2 className="money-legend">{t('money.deposit.step1')}</h2>
        <PayTo info={info} method={method} />
        <p className="hint">{t('money.deposit.payOnly')}</p>
      </div>
      <div className="money-step">
        <h2 className="money-legend">{t('money.deposit.step2')}</h2>
        <div className="form-field">
          <label htmlFor="dep-utr">{t('money.deposit.utrLabel')}</label>
          <input
            id="dep-utr"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            placeholder={t('money.deposit.utrPlaceholder')}
            aria-invalid={errors.utr ? true : undefined}
            aria-describedby="dep-utr-error"
            {...utrField}
          />
          <FieldError id="dep-utr-error" message={errors.utr?.message} />
        </div>
        <ScreenshotField
          value={shot}
          onChange={onShot}
          onRead={onRead}
          onRefused={setRefusal}
          error={errors.imageId?.message}
        />
        {read && (
          <p className="money-note" role="status" data-testid="ocr-note">
            {read}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? t('money.sending') : t('money.deposit.submit')}
      </button>
    </form>
  );
}
