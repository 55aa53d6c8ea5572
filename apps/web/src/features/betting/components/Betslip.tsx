import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_STAKE_BUTTONS } from '@backlay/contract';
import { faMinus, faPlus, faXmark } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { notify } from '@/shared/ui/toast';
import { useUiStore } from '@/shared/stores/ui';
import type { PriceSelection } from '@/shared/market/selection';
import { useSessionStore } from '@/shared/session/session-store';
import { usePlaceBet } from '../api/place-bet';
import { useBetslipStore } from '../stores/betslip';
import {
  formatRate,
  isLadderMarket,
  newRequestId,
  placeBetBody,
  previewOf,
  readStake,
  stakeLimitMessage,
  tickDown,
  tickUp,
} from '../lib/slip';
import { paiseText, selectionText } from '../lib/format';

const SIDE_LABEL: Record<PriceSelection['side'], string> = {
  back: 'Back',
  lay: 'Lay',
  yes: 'Yes',
  no: 'No',
};

/** Seconds left of the in-play delay while the server holds the bet. */
function useCountdown(active: boolean, delayMs: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!active || delayMs <= 0) {
      setLeft(0);
      return;
    }
    const end = Date.now() + delayMs;
    setLeft(Math.ceil(delayMs / 1000));
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 200);
    return () => clearInterval(timer);
  }, [active, delayMs]);
  return left;
}

/**
 * The betslip: the tapped side and price, quick stakes, stake field, a tick up or down, the
 * profit and liability from @backlay/exchange, the market's limits, the in-play countdown, the
 * confirm step and the server's own message for any refusal. One slip: a column beside the markets
 * on wide screens, a bottom sheet on phones (CSS only, so one-click places once).
 */
export function Betslip() {
  const selection = useBetslipStore((s) => s.selection);
  const rate = useBetslipStore((s) => s.rate);
  const stakeText = useBetslipStore((s) => s.stakeText);
  const oneClickPending = useBetslipStore((s) => s.oneClickPending);
  const stakeButtons = useUiStore((s) => s.stakeButtons) ?? DEFAULT_STAKE_BUTTONS;
  const confirmFirst = useUiStore((s) => s.confirmBeforePlaceBet);
  const signedIn = useSessionStore((s) => s.user != null);
  const mutation = usePlaceBet();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const countdown = useCountdown(mutation.isPending, selection?.betDelayMs ?? 0);
  const inFlight = useRef(false);

  // A new selection starts a clean slip.
  useEffect(() => {
    setError(null);
    setConfirming(false);
    setTouched(false);
    mutation.reset();
    // mutation.reset is stable; the selection object identifies the tap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);

  const read = readStake(stakeText);
  const stake = 'stake' in read ? read.stake : null;
  const limitMessage =
    selection && stake != null ? stakeLimitMessage(stake, selection.minStake, selection.maxStake) : null;
  const fieldMessage = 'error' in read ? read.error : limitMessage;
  const preview = selection ? previewOf(selection, rate, stake) : null;

  const place = useCallback(async () => {
    const state = useBetslipStore.getState();
    const sel = state.selection;
    if (!sel || inFlight.current) return;
    const r = readStake(state.stakeText);
    if ('error' in r) {
      setTouched(true);
      return;
    }
    if (stakeLimitMessage(r.stake, sel.minStake, sel.maxStake)) {
      setTouched(true);
      return;
    }
    // The same attempt keeps its id, so a double tap or a retry after a lost answer places one bet.
    const requestId = state.requestId ?? newRequestId();
    state.setRequestId(requestId);
    inFlight.current = true;
    setError(null);
    setConfirming(false);
    try {
      const result = await mutation.mutateAsync(placeBetBody(sel, state.rate, r.stake, requestId));
      notify.success(result.message);
      useBetslipStore.getState().close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      // A refused bet charged nothing: the next attempt is a new bet.
      useBetslipStore.getState().setRequestId(null);
    } finally {
      inFlight.current = false;
    }
  }, [mutation]);

  // One-click betting: the tap itself places the default stake.
  useEffect(() => {
    if (!oneClickPending) return;
    useBetslipStore.getState().clearOneClick();
    void place();
  }, [oneClickPending, place]);

  if (!selection) {
    return (
      <section className="betslip betslip--empty card" aria-label="Betslip">
        <header className="betslip__head">
          <h2 className="betslip__title">Betslip</h2>
        </header>
        <p className="betslip__hint">Tap a back or lay price to add a bet here.</p>
      </section>
    );
  }

  const isFancy = selection.side === 'yes' || selection.side === 'no';
  const pending = mutation.isPending;
  const sideClass = selection.side === 'back' || selection.side === 'yes' ? 'back' : 'lay';
  const up = tickUp(selection.marketType, rate);
  const down = tickDown(selection.marketType, rate);
  const onSubmit = () => {
    setTouched(true);
    if (fieldMessage) return;
    if (confirmFirst && !confirming) {
      setConfirming(true);
      return;
    }
    void place();
  };

  return (
    <section
      className={`betslip betslip--open betslip--${sideClass} card`}
      aria-label="Betslip"
      data-testid="betslip"
    >
      <header className="betslip__head">
        <h2 className="betslip__title">Betslip</h2>
        <button
          type="button"
          className="betslip__close"
          aria-label="Close betslip"
          onClick={() => useBetslipStore.getState().close()}
          disabled={pending}
        >
          <Icon icon={faXmark} />
        </button>
      </header>
      <div className="betslip__body">
        <div className="betslip__selection">
          <span className={`betslip__side betslip__side--${sideClass}`}>{SIDE_LABEL[selection.side]}</span>
          <div className="betslip__names">
            <strong>{selectionText(selection.selectionName, selection.fancyValue)}</strong>
            <span className="muted">
              {isFancy ? 'Session' : selection.marketName} · {selection.eventTitle}
            </span>
          </div>
        </div>

        <div className="betslip__fields">
          <div className="betslip__field">
            <label htmlFor="betslip-odds">{isLadderMarket(selection.marketType) ? 'Odds' : 'Rate'}</label>
            <div className="stepper">
              <button
                type="button"
                aria-label="Price down a tick"
                disabled={pending || down == null || isFancy}
                onClick={() => down != null && useBetslipStore.getState().setRate(down)}
              >
                <Icon icon={faMinus} />
              </button>
              <output id="betslip-odds" data-testid="betslip-odds">
                {formatRate(selection.marketType, rate)}
              </output>
              <button
                type="button"
                aria-label="Price up a tick"
                disabled={pending || up == null || isFancy}
                onClick={() => up != null && useBetslipStore.getState().setRate(up)}
              >
                <Icon icon={faPlus} />
              </button>
            </div>
          </div>
          <div className="betslip__field">
            <label htmlFor="betslip-stake">Stake (₹)</label>
            <input
              id="betslip-stake"
              inputMode="numeric"
              autoComplete="off"
              placeholder={`Min ${selection.minStake}`}
              value={stakeText}
              disabled={pending}
              aria-invalid={touched && fieldMessage != null}
              aria-describedby="betslip-stake-message"
              onChange={(e) => {
                setTouched(true);
                setConfirming(false);
                useBetslipStore.getState().setStakeText(e.target.value);
              }}
            />
          </div>
        </div>

        <div className="betslip__quick" role="group" aria-label="Quick stakes">
          {stakeButtons.map((b) => (
            <button
              key={`${b.title}-${b.value}`}
              type="button"
              className="betslip__chip"
              disabled={pending}
              onClick={() => {
                setTouched(true);
                setConfirming(false);
                useBetslipStore.getState().setStakeText(String(b.value));
              }}
            >
              {b.title}
            </button>
          ))}
        </div>

        <p
          id="betslip-stake-message"
          className={`betslip__limits ${touched && fieldMessage ? 'is-error' : ''}`}
        >
          {touched && fieldMessage
            ? fieldMessage
            : `Min ₹${selection.minStake.toLocaleString('en-IN')} · Max ₹${selection.maxStake.toLocaleString('en-IN')}`}
        </p>

        <dl className="betslip__preview" aria-live="polite">
          <div>
            <dt>{isFancy ? 'Win' : 'Profit'}</dt>
            <dd className="pos" data-testid="betslip-profit">
              {preview ? `₹${paiseText(preview.profitPaise)}` : '—'}
            </dd>
          </div>
          <div>
            <dt>Liability</dt>
            <dd className="neg" data-testid="betslip-liability">
              {preview ? `₹${paiseText(preview.liabilityPaise)}` : '—'}
            </dd>
          </div>
        </dl>

        {error && (
          <p className="betslip__error" role="alert">
            {error}
          </p>
        )}

        {pending && (
          <p className="betslip__pending" role="status">
            {countdown > 0 ? (
              <>
                Holding your bet for the in-play delay:{' '}
                <strong data-testid="betslip-countdown">{countdown}s</strong>
              </>
            ) : (
              'Placing your bet…'
            )}
          </p>
        )}

        {confirming && !pending && preview && (
          <div className="betslip__confirm" role="group" aria-label="Confirm bet">
            <p>
              {SIDE_LABEL[selection.side]} {selection.selectionName} ₹{stake?.toLocaleString('en-IN')} @{' '}
              {formatRate(selection.marketType, rate)}. Liability ₹{paiseText(preview.liabilityPaise)}.
            </p>
          </div>
        )}

        {signedIn ? (
          <div className="betslip__actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => (confirming ? setConfirming(false) : useBetslipStore.getState().close())}
              disabled={pending}
            >
              {confirming ? 'Back' : 'Cancel'}
            </button>
            <button type="button" className="btn btn--primary" onClick={onSubmit} disabled={pending}>
              {pending ? 'Placing…' : confirming ? 'Confirm bet' : 'Place bet'}
            </button>
          </div>
        ) : (
          <Link className="btn btn--primary btn--block" to="/auth/login">
            Log in to place bets
          </Link>
        )}
        <label className="checkbox betslip__option">
          <input
            type="checkbox"
            checked={confirmFirst}
            onChange={(e) => useUiStore.getState().setConfirmBeforePlaceBet(e.target.checked)}
          />
          Confirm before placing
        </label>
      </div>
    </section>
  );
}
