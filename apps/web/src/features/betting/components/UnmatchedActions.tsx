import { useEffect, useRef, useState } from 'react';
import type { MarketType } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/lib/money';
import { useCancelBet } from '../api/cancel-bet';
import { useUpdateBet } from '../api/update-bet';
import { t } from '../i18n';
import { formatRate, newRequestId, readStake } from '../lib/slip';
import type { OrderChange } from '../stores/betslip';
import { useBetslipStore } from '../stores/betslip';
import { OddsInput } from './OddsInput';

type Mode = 'idle' | 'cancel' | 'edit';

/**
 * Cancel (all or part) and Edit price for an order's unmatched stake. Each action is one call with
 * a fresh requestId (Bet/CancelBet, Bet/UpdateBet); the server's answer is said under the buttons,
 * and the slip's placed order follows it when it is the same order.
 */
export function UnmatchedActions({
  orderId,
  side,
  marketType,
  rate,
  stake,
  idPrefix,
  onChange,
}: {
  orderId: number;
  side: 'back' | 'lay';
  marketType: MarketType;
  /** Where the unmatched stake rests now. */
  rate: number;
  /** The unmatched stake. */
  stake: Paise;
  /** Makes the fields' ids unique on a page listing several orders. */
  idPrefix: string;
  onChange?: (change: OrderChange) => void;
}) {
  const cancel = useCancelBet();
  const update = useUpdateBet();
  const [mode, setMode] = useState<Mode>('idle');
  const [cancelText, setCancelText] = useState('');
  const [newRate, setNewRate] = useState(rate);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = cancel.isPending || update.isPending;
  const box = useRef<HTMLDivElement>(null);
  const opened = useRef<'cancel' | 'edit'>('cancel');
  const shown = useRef<Mode>(mode);

  // By keyboard: the button pressed goes as its form comes (and back), so the focus follows to the
  // form's first control, and back to the button that opened it. Only a focus lost that way moves.
  useEffect(() => {
    if (shown.current === mode) return;
    shown.current = mode;
    if (mode !== 'idle') opened.current = mode;
    const at = document.activeElement;
    const el = box.current;
    if (!el || (at != null && at !== document.body)) return;
    const target =
      mode === 'cancel'
        ? el.querySelector<HTMLElement>('.unmatched-actions__form button')
        : mode === 'edit'
          ? el.querySelector<HTMLElement>('input')
          : el.querySelectorAll<HTMLElement>('.unmatched-actions__buttons button')[
              opened.current === 'edit' ? 1 : 0
            ];
    target?.focus();
  }, [mode]);

  const report = (change: OrderChange) => {
    useBetslipStore.getState().applyOrderChange(change);
    onChange?.(change);
    setAnswer({ ok: true, text: change.message });
    setMode('idle');
  };
  const failed = (e: unknown) => setAnswer({ ok: false, text: e instanceof Error ? e.message : String(e) });

  const doCancel = async (part: Paise | null) => {
    setAnswer(null);
    try {
      const r = await cancel.mutateAsync({
        betId: orderId,
        requestId: newRequestId(),
        ...(part == null ? {} : { stake: part }),
      });
      report({
        orderId,
        status: r.status,
        matchedStake: r.matchedStake,
        unmatchedStake: r.unmatchedStake,
        message: r.message,
      });
    } catch (e) {
      failed(e);
    }
  };
  const doEdit = async () => {
    setAnswer(null);
    try {
      const r = await update.mutateAsync({ betId: orderId, requestId: newRequestId(), rate: newRate });
      report({
        orderId,
        status: r.status,
        matchedStake: r.matchedStake,
        unmatchedStake: r.unmatchedStake,
        requestedRate: r.requestedRate,
        fills: r.fills,
        message: r.message,
      });
    } catch (e) {
      failed(e);
    }
  };

  const part = readStake(cancelText);
  const partStake = 'stake' in part && part.stake < stake ? part.stake : null;
  const partError =
    cancelText.trim() === ''
      ? null
      : 'error' in part
        ? part.error
        : part.stake >= stake
          ? t('betting.unmatched.partTooLarge', { stake: formatMoney(stake, 'plain') })
          : null;

  return (
    <div className="unmatched-actions" ref={box}>
      {mode === 'idle' && (
        <div className="unmatched-actions__buttons">
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={busy}
            onClick={() => {
              setCancelText('');
              setAnswer(null);
              setMode('cancel');
            }}
          >
            {t('betting.unmatched.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={busy}
            onClick={() => {
              setNewRate(rate);
              setAnswer(null);
              setMode('edit');
            }}
          >
            {t('betting.unmatched.editPrice')}
          </button>
        </div>
      )}
      {mode === 'cancel' && (
        <div className="unmatched-actions__form" role="group" aria-label={t('betting.unmatched.cancelGroup')}>
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={busy}
            onClick={() => void doCancel(null)}
          >
            {cancel.isPending
              ? t('betting.unmatched.cancelling')
              : t('betting.unmatched.cancelAll', { stake: formatMoney(stake, 'plain') })}
          </button>
          <div className="unmatched-actions__part">
            <label htmlFor={`${idPrefix}-cancel-stake`} className="visually-hidden">
              {t('betting.unmatched.partLabel')}
            </label>
            <input
              id={`${idPrefix}-cancel-stake`}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('betting.unmatched.partPlaceholder')}
              value={cancelText}
              disabled={busy}
              aria-invalid={partError != null}
              onChange={(e) => setCancelText(e.target.value)}
            />
            <button
              type="button"
              className="btn btn--outline btn--small"
              disabled={busy || partStake == null}
              onClick={() => partStake != null && void doCancel(partStake)}
            >
              {t('betting.unmatched.cancelPart')}
            </button>
          </div>
          <button type="button" className="btn btn--small" disabled={busy} onClick={() => setMode('idle')}>
            {t('betting.unmatched.keep')}
          </button>
          {partError && <span className="unmatched-actions__hint">{partError}</span>}
        </div>
      )}
      {mode === 'edit' && (
        <div className="unmatched-actions__form" role="group" aria-label={t('betting.unmatched.editPrice')}>
          <OddsInput
            id={`${idPrefix}-edit-odds`}
            label={t('betting.unmatched.newPrice', { rate: formatRate(marketType, rate) })}
            marketType={marketType}
            side={side}
            rate={newRate}
            disabled={busy}
            onChange={setNewRate}
          />
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={busy || newRate === rate}
            onClick={() => void doEdit()}
          >
            {update.isPending
              ? t('betting.unmatched.updating')
              : t('betting.unmatched.updateTo', { rate: formatRate(marketType, newRate) })}
          </button>
          <button type="button" className="btn btn--small" disabled={busy} onClick={() => setMode('idle')}>
            {t('betting.unmatched.keep')}
          </button>
        </div>
      )}
      {answer && (
        <p
          className={`unmatched-actions__answer ${answer.ok ? '' : 'is-error'}`}
          role={answer.ok ? 'status' : 'alert'}
        >
          {answer.text}
        </p>
      )}
    </div>
  );
}
