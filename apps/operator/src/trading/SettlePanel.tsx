import type { OperatorRole, TradingMarket, TradingMarketStatus } from '@backlay/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ApiError } from '@/api/errors';
import { formatDateTime } from '@/shared/format';
import { ReasonField } from '@/shared/ReasonField';
import { Refusal } from '@/shared/Refusal';
import { useSession } from '@/session/session-store';
import { describeResult, settlesOnRuns, type SettleResult } from './market-text';
import { isStale, SettleConfirm, type SettleOutcome } from './SettleConfirm';

/**
 * Who may settle or void a market: the trader, and the owner (who may make every call of the site),
 * as the server binds POST /admin/markets/settle. The server decides; this only hides the forms.
 */
export const SETTLE_ROLES: readonly OperatorRole[] = ['owner', 'trader'];

// The contract's bounds (AdminSettleMarketInputSchema), with words an operator reads.
const WinnerSchema = z.object({ runnerId: z.string().min(1, 'Choose the winning runner') });
const RunsSchema = z.object({
  runs: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'The runs are a whole number, 0 or more'),
});
const VoidSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason of at least 3 characters: it is kept with the result and in the audit log')
    .max(200, 'The reason is at most 200 characters'),
});

interface Props {
  market: TradingMarket;
  /** What this screen's settle call answered, once it has. */
  outcome: SettleOutcome | null;
  onSettled: (outcome: SettleOutcome) => void;
  onStale: () => void;
}

export const decidedStatus = (result: SettleResult): TradingMarketStatus =>
  result.kind === 'void' ? 'voided' : 'settled';

/** The market's result: recorded (what it was and when), or to settle or void here, after a preview. */
export function SettlePanel({ market, outcome, onSettled, onStale }: Props) {
  const role = useSession((s) => s.session?.operator.role);
  const titleId = `settle-${market.marketId}`;
  let body: React.ReactNode;
  if (outcome) {
    body = <Outcome market={market} outcome={outcome} />;
  } else if (market.status === 'settled' || market.status === 'voided') {
    body = <Recorded market={market} />;
  } else if (role == null || !SETTLE_ROLES.includes(role)) {
    body = <p className="muted">Your role may not settle or void markets.</p>;
  } else {
    body = <SettleForms market={market} onSettled={onSettled} onStale={onStale} />;
  }
  return (
    <section className="settle" aria-labelledby={titleId}>
      <h3 id={titleId}>Result</h3>
      {body}
    </section>
  );
}

function Outcome({ market, outcome }: { market: TradingMarket; outcome: SettleOutcome }) {
  const isVoid = outcome.result.kind === 'void';
  // The confirmation that had the focus is gone: the outcome takes it, so the keyboard is not lost.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div
      ref={notice}
      className="notice settle__done"
      role="status"
      tabIndex={-1}
      data-testid="settle-outcome"
    >
      <strong>{isVoid ? 'Voided' : 'Settled'}</strong>: {describeResult(outcome.result, market.runners)}.{' '}
      {outcome.alreadySettled
        ? 'It was already decided with this result: nothing moved.'
        : `${outcome.settledBets} bet${outcome.settledBets === 1 ? '' : 's'} of ${outcome.settledUsers} player${outcome.settledUsers === 1 ? '' : 's'} (every site) ${isVoid ? 'given their stakes back' : 'settled'}.`}
    </div>
  );
}

function Recorded({ market }: { market: TradingMarket }) {
  return (
    <>
      <dl className="facts">
        <dt>Result</dt>
        <dd data-testid="market-result">
          {market.result ? describeResult(market.result, market.runners) : 'not given'}
        </dd>
        <dt>Closed</dt>
        <dd>{market.closedAt ? formatDateTime(market.closedAt) : '—'}</dd>
        <dt>Settled</dt>
        <dd>
          {market.settledAt
            ? formatDateTime(market.settledAt)
            : 'running: the server settles every player, and finishes it after a restart'}
        </dd>
      </dl>
      <p className="field__hint">A recorded result is final: there is nothing more to do on this market.</p>
    </>
  );
}

function SettleForms({ market, onSettled, onStale }: Omit<Props, 'outcome'>) {
  const [proposed, setProposed] = useState<SettleResult | null>(null);
  const [refusal, setRefusal] = useState<{ error: ApiError; kind: SettleResult['kind'] } | null>(null);
  const propose = (result: SettleResult) => {
    setRefusal(null);
    setProposed(result);
  };
  const onRefused = (error: ApiError) => {
    setRefusal({ error, kind: proposed?.kind ?? 'winner' });
    setProposed(null);
    toast.error(`${market.marketName}: refused: ${error.message}`);
    // The market is no longer what the screen shows (decided elsewhere, or gone): read it again.
    if (isStale(error)) onStale();
  };
  const live = market.status === 'open' || market.status === 'suspended';
  return (
    <>
      {refusal && (
        <Refusal error={refusal.error} what="settle or void markets" testId="settle-refusal">
          {market.marketName} was not {refusal.kind === 'void' ? 'voided' : 'settled'}:{' '}
          {refusal.error.message}
        </Refusal>
      )}
      {live && (
        <p className="notice notice--warn small">
          The feed still offers this market ({market.status}): settling closes it now, on every site, and
          lapses its unmatched bets.
        </p>
      )}
      {market.result && (
        <p className="notice notice--info small">
          The feed&apos;s result: {describeResult(market.result, market.runners)}.
        </p>
      )}
      <fieldset className="settle__forms" disabled={proposed != null}>
        <legend className="visually-hidden">Settle or void</legend>
        {settlesOnRuns(market.marketType) ? (
          <RunsForm market={market} onPropose={propose} />
        ) : market.runners.length > 0 ? (
          <WinnerForm market={market} onPropose={propose} />
        ) : (
          <p className="muted small">No runner of this market is known: it can only be voided.</p>
        )}
        <VoidForm market={market} onPropose={propose} />
      </fieldset>
      {proposed && (
        <SettleConfirm
          market={market}
          result={proposed}
          onCancel={() => setProposed(null)}
          onSettled={onSettled}
          onRefused={onRefused}
          onStale={onStale}
        />
      )}
    </>
  );
}

type FormProps = { market: TradingMarket; onPropose: (result: SettleResult) => void };

function WinnerForm({ market, onPropose }: FormProps) {
  const feedWinner = market.result?.kind === 'winner' ? String(market.result.runnerId) : '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ runnerId: string }>({
    resolver: zodResolver(WinnerSchema),
    defaultValues: { runnerId: feedWinner },
  });
  const id = `winner-${market.marketId}`;
  return (
    <form
      className="decide__form"
      noValidate
      aria-label="Settle with a winner"
      onSubmit={handleSubmit((form) => onPropose({ kind: 'winner', runnerId: Number(form.runnerId) }))}
    >
      <fieldset
        className="settle__runners"
        aria-invalid={errors.runnerId ? true : undefined}
        aria-describedby={`${id}-hint`}
      >
        <legend>Winner</legend>
        {market.runners.map((r) => (
          <label key={r.id}>
            <input type="radio" value={String(r.id)} {...register('runnerId')} /> {r.name}
          </label>
        ))}
      </fieldset>
      <span id={`${id}-hint`} className={errors.runnerId ? 'field__error' : 'field__hint'}>
        {errors.runnerId?.message ?? 'Bets on the winner win; every other runner loses.'}
      </span>
      <button type="submit" className="btn btn--approve">
        Settle
      </button>
    </form>
  );
}

function RunsForm({ market, onPropose }: FormProps) {
  const feedRuns = market.result?.kind === 'runs' ? String(market.result.runs) : '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ runs: string }>({ resolver: zodResolver(RunsSchema), defaultValues: { runs: feedRuns } });
  const id = `runs-${market.marketId}`;
  return (
    <form
      className="decide__form"
      noValidate
      aria-label="Settle with the runs"
      onSubmit={handleSubmit((form) => onPropose({ kind: 'runs', runs: Number(form.runs.trim()) }))}
    >
      <div className="field">
        <label htmlFor={id}>Runs</label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          className="settle__runs"
          aria-required="true"
          aria-invalid={errors.runs ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...register('runs')}
        />
        <span id={`${id}-hint`} className={errors.runs ? 'field__error' : 'field__hint'}>
          {errors.runs?.message ?? 'The total scored: a Yes bet wins at its line or more, a No bet below it.'}
        </span>
      </div>
      <button type="submit" className="btn btn--approve">
        Settle
      </button>
    </form>
  );
}

function VoidForm({ market, onPropose }: FormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(VoidSchema), defaultValues: { reason: '' } });
  const id = `void-reason-${market.marketId}`;
  return (
    <form
      className="decide__form"
      noValidate
      aria-label="Void the market"
      onSubmit={handleSubmit((form) => onPropose({ kind: 'void', reason: form.reason.trim() }))}
    >
      <ReasonField
        id={id}
        label="Reason to void"
        hint="Every matched bet gives its stake back. Kept with the result and in the audit log."
        error={errors.reason}
        maxLength={200}
        registration={register('reason')}
      />
      <button type="submit" className="btn btn--reject">
        Void market
      </button>
    </form>
  );
}
