import { useState } from 'react';
import { BET_TYPES } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { faHand } from '@fortawesome/free-solid-svg-icons';
import { AppError } from '@/shared/http/errors';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { Modal } from '@/shared/ui/Modal';
import { notify } from '@/shared/ui/toast';
import { useCashOutOffer } from '../api/get-cash-out-offer';
import { usePlaceBet } from '../api/place-bet';
import { t } from '../i18n';
import { pnlClass, signedMoney } from '../lib/format';
import { newRequestId } from '../lib/slip';

/** Why taking the shown offer failed, in the dialog beside the offer. */
type CashOutFailure = { kind: 'repriced'; message: string } | { kind: 'refused'; message: string };

/**
 * Cash out: the hedge that evens the result on every runner, placed as a normal bet at the price
 * the offer was computed on. When that price has gone ('odds changed'), nothing was placed: the
 * offer is read again at once and shown with the new figure for the player to confirm or not. It is
 * not placed by itself, as what the player would get is no longer what they confirmed.
 */
export function CashOut({
  eventId,
  marketId,
  minStake,
}: {
  eventId: number;
  marketId: string;
  minStake: Paise;
}) {
  const offer = useCashOutOffer(marketId, true);
  const mutation = usePlaceBet();
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [failure, setFailure] = useState<CashOutFailure | null>(null);
  const [repricing, setRepricing] = useState(false);
  const data = offer.data;
  if (!data) return null;
  if (!data.available || !data.hedge || data.guaranteed == null) {
    if (data.reason === 'balanced' || data.reason === 'no-position') return null;
    return (
      <span className="cash-out cash-out--off muted" data-testid="cash-out-unavailable">
        {data.reason === 'below-min-stake'
          ? t('betting.cashOut.belowMinStake', { amount: formatMoney(minStake, 'plain') })
          : data.reason === 'above-bet-limits'
            ? t('betting.cashOut.aboveBetLimits')
            : t('betting.cashOut.unavailable')}
      </span>
    );
  }
  const hedge = data.hedge;
  const close = () => {
    setConfirming(false);
    setFailure(null);
  };
  const take = async () => {
    const id = requestId ?? newRequestId();
    setRequestId(id);
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({
        requestId: id,
        placeTime: new Date().toISOString(),
        type: hedge.type === 1 ? BET_TYPES.back : BET_TYPES.lay,
        rate: hedge.rate,
        stake: hedge.stake,
        runnerId: hedge.runnerId,
        fancyValue: null,
        marketId,
        eventId,
        // Open bets mark the hedge as a cash out.
        cashOut: true,
      });
      notify.success(t('betting.cashOut.done', { message: result.message }));
      close();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof AppError && e.code === 'ODDS_CHANGED') {
        setFailure({ kind: 'repriced', message });
        setRepricing(true);
        try {
          await offer.refetch();
        } finally {
          setRepricing(false);
        }
      } else {
        setFailure({ kind: 'refused', message });
      }
    } finally {
      setRequestId(null);
    }
  };
  const busy = mutation.isPending || repricing;
  return (
    <div className="cash-out" data-testid="cash-out">
      <button
        type="button"
        className={`btn btn--small ${data.guaranteed >= 0 ? 'btn--cash' : 'btn--cash-loss'}`}
        onClick={() => setConfirming(true)}
        disabled={busy}
      >
        <Icon icon={faHand} /> {t('betting.cashOut.button', { amount: signedMoney(data.guaranteed) })}
      </button>
      <Modal
        open={confirming}
        onClose={() => !busy && close()}
        title={t('betting.cashOut.title')}
        name="cash-out"
        footer={
          <>
            <button type="button" className="btn btn--outline" onClick={close} disabled={busy}>
              {t('betting.cashOut.keep')}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => void take()} disabled={busy}>
              {mutation.isPending
                ? t('betting.cashOut.cashingOut')
                : repricing
                  ? t('betting.cashOut.repricing')
                  : t('betting.cashOut.confirm')}
            </button>
          </>
        }
      >
        {failure && (
          <p className="cash-out__error" role="alert" data-testid="cash-out-error">
            {failure.kind === 'repriced'
              ? t('betting.cashOut.repriced')
              : t('betting.cashOut.failed', { message: failure.message })}
          </p>
        )}
        <p>
          {/* The amount is set apart, so the sentence is two messages around it. */}
          {t('betting.cashOut.youGet')}{' '}
          <strong className={pnlClass(data.guaranteed)} data-testid="cash-out-guaranteed">
            {signedMoney(data.guaranteed)}
          </strong>{' '}
          {t(hedge.type === 1 ? 'betting.cashOut.hedgeBack' : 'betting.cashOut.hedgeLay', {
            stake: formatMoney(hedge.stake),
            rate: hedge.rate.toFixed(2),
          })}
        </p>
        <p className="hint">{t('betting.cashOut.hint')}</p>
      </Modal>
    </div>
  );
}
