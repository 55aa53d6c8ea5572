import type { SettlePreview, TradingMarket } from '@backlay/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { formatMoney } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import { SETTLE_PREVIEW_KEY } from './keys';
import { describeResult, formatSigned, signClass, type SettleResult } from './market-text';

/** What the settle call answered, with the result it was called with. */
export interface SettleOutcome {
  result: SettleResult;
  /** Players and bets settled by this call, on every site (a market is one for every site). */
  settledUsers: number;
  settledBets: number;
  alreadySettled: boolean;
}

interface Props {
  market: TradingMarket;
  result: SettleResult;
  onCancel: () => void;
  onSettled: (outcome: SettleOutcome) => void;
  onRefused: (error: ApiError) => void;
  /** The market is no longer what the screen shows (decided elsewhere, or gone): read it again. */
  onStale: () => void;
}

/** A refusal meaning the market changed under the screen: 409 (decided) or 404 (gone). */
export const isStale = (error: ApiError) => error.status === 409 || error.status === 404;

/**
 * The confirmation step: what settling (or voiding) with this result would move for this site's
 * players, read from the server's preview (its own settlement arithmetic, nothing changed), and the
 * settle call only once the operator confirms what they see.
 */
export function SettleConfirm({ market, result, onCancel, onSettled, onRefused, onStale }: Props) {
  const isVoid = result.kind === 'void';
  const resultText = JSON.stringify(result);
  const preview = useQuery({
    queryKey: [SETTLE_PREVIEW_KEY, market.marketId, resultText],
    queryFn: async ({ signal }) => {
      try {
        return await call('adminSettlePreview', {
          query: { marketId: market.marketId, result: resultText },
          signal,
        });
      } catch (thrown) {
        const error = toApiError(thrown);
        if (isStale(error)) {
          toast.warn(`${market.marketName}: ${error.message}`);
          onStale();
        }
        throw error;
      }
    },
    // Read afresh for each confirmation, and not changed under the operator's eyes while they read it.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const settle = useMutation({
    mutationFn: () => call('adminSettleMarket', { body: { marketId: market.marketId, result } }),
    onSuccess: (answer) => {
      const bets = `${answer.settledBets} bet${answer.settledBets === 1 ? '' : 's'} of ${answer.settledUsers} player${answer.settledUsers === 1 ? '' : 's'}`;
      const what = `${market.eventName} · ${market.marketName}`;
      if (answer.alreadySettled) {
        toast.info(`${what} was already ${isVoid ? 'voided' : 'settled'} with this result: nothing moved.`);
      } else if (isVoid) {
        toast.success(`Voided ${what}: ${bets} (every site) given their stakes back.`);
      } else {
        toast.success(
          `Settled ${what} (${describeResult(result, market.runners)}): ${bets} (every site) settled.`,
        );
      }
      onSettled({ result, ...answer });
    },
    onError: (thrown) => onRefused(toApiError(thrown)),
  });

  // The step takes the focus (and gives it back when it closes): a keyboard user lands on it.
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const returnTo = document.activeElement;
    dialog.current?.focus();
    return () => {
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, []);

  const id = `settle-confirm-${market.marketId}`;
  const verb = isVoid ? 'Confirm void' : 'Confirm settlement';
  return (
    <div
      ref={dialog}
      className={isVoid ? 'settle__confirm settle__confirm--void' : 'settle__confirm'}
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !settle.isPending) onCancel();
      }}
    >
      <h4 id={`${id}-title`}>{verb}</h4>
      <p id={`${id}-what`}>
        {isVoid ? (
          <>
            Void{' '}
            <strong>
              {market.eventName} · {market.marketName}
            </strong>{' '}
            (“{result.reason}”): every matched bet gives its stake back and the exposure held is released.
          </>
        ) : (
          <>
            Settle{' '}
            <strong>
              {market.eventName} · {market.marketName}
            </strong>
            : <strong>{describeResult(result, market.runners)}</strong>.
          </>
        )}
      </p>
      {preview.isPending && (
        <p className="muted" role="status">
          Working out what it moves…
        </p>
      )}
      {preview.isError && <Problem error={preview.error} what="settle or void markets" />}
      {preview.isSuccess && <PreviewFigures preview={preview.data} />}
      {settle.isPending && (
        <p className="muted" role="status">
          {isVoid ? 'Voiding' : 'Settling'}: every player of every site, one after another…
        </p>
      )}
      <div className="settle__actions">
        <button
          type="button"
          className={isVoid ? 'btn btn--reject' : 'btn btn--approve'}
          disabled={!preview.isSuccess || settle.isPending}
          onClick={() => settle.mutate()}
        >
          {verb}
        </button>
        <button type="button" className="btn" disabled={settle.isPending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

type Totals = SettlePreview['cash'];
type Figure = {
  key: Exclude<keyof Totals, 'lapsedOrders' | 'lapsedStake'>;
  label: string;
  /** Shown for this kind of result; any other figure only when it is not zero. */
  on: 'settle' | 'void' | 'both';
  signed?: boolean;
};

const FIGURES: Figure[] = [
  { key: 'players', label: 'Players', on: 'both' },
  { key: 'bets', label: 'Matched bets', on: 'both' },
  { key: 'matchedStake', label: 'Matched stake', on: 'both' },
  { key: 'paidToPlayers', label: 'Paid to players', on: 'settle' },
  { key: 'takenFromPlayers', label: 'Taken from players', on: 'settle' },
  { key: 'commission', label: 'Commission', on: 'settle' },
  { key: 'houseNet', label: 'House result', on: 'settle', signed: true },
  { key: 'refunds', label: 'Given back to players', on: 'void' },
  { key: 'exposureReleased', label: 'Exposure released', on: 'settle' },
];
const COUNTS = new Set<Figure['key']>(['players', 'bets']);

function PreviewFigures({ preview }: { preview: SettlePreview }) {
  const kind = preview.void ? 'void' : 'settle';
  const shown = FIGURES.filter(
    (f) => f.on === 'both' || f.on === kind || preview.cash[f.key] !== 0 || preview.playMoney[f.key] !== 0,
  );
  const value = (f: Figure, totals: Totals) => {
    const v = totals[f.key];
    if (COUNTS.has(f.key)) return String(v);
    return f.signed ? formatSigned(v as Totals['houseNet']) : formatMoney(v as Totals['houseNet']);
  };
  const lapsed = preview.cash.lapsedOrders > 0 || preview.playMoney.lapsedOrders > 0;
  return (
    <>
      <table className="grid settle__figures" data-testid="settle-preview">
        <caption className="visually-hidden">What it moves for this site&apos;s players</caption>
        <thead>
          <tr>
            <th scope="col">This site</th>
            <th scope="col" className="num">
              Real money
            </th>
            <th scope="col" className="num" title="Demo accounts: the house's own money">
              Play money
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((f) => (
            <tr key={f.key} data-testid={`preview-${f.key}`}>
              <th scope="row">{f.label}</th>
              <td className={f.signed ? `num amount ${signClass(preview.cash[f.key]) ?? ''}` : 'num'}>
                {value(f, preview.cash)}
              </td>
              <td className="num muted">{value(f, preview.playMoney)}</td>
            </tr>
          ))}
          {lapsed && (
            <tr data-testid="preview-lapsed">
              <th scope="row">Unmatched orders lapsed</th>
              <td className="num">
                {preview.cash.lapsedOrders} · {formatMoney(preview.cash.lapsedStake)}
              </td>
              <td className="num muted">
                {preview.playMoney.lapsedOrders} · {formatMoney(preview.playMoney.lapsedStake)}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {preview.players.length > 0 ? (
        <div className="settle__players">
          <table className="grid" aria-label="Players it moves">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  Bets
                </th>
                <th scope="col" className="num" title="What the balance moves by: + paid, − taken">
                  Net
                </th>
                <th scope="col" className="num">
                  Released
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.players.map((p) => (
                <tr key={p.userId} data-testid={`preview-player-${p.userId}`}>
                  <td>
                    {p.userName}
                    {p.isDemo && <span className="players__demo">Demo</span>}
                  </td>
                  <td className="num">{p.bets}</td>
                  <td className="num">{formatSigned(p.net)}</td>
                  <td className="num">{formatMoney(p.exposureReleased)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted small">No player of this site has a bet to settle on it.</p>
      )}
      <p className="field__hint">
        Worked out with the settlement&apos;s own arithmetic on the bets as they are now. The settlement
        settles the bets of every site; these figures are this site&apos;s.
      </p>
    </>
  );
}
