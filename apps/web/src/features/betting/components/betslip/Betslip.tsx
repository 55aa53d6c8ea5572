import { faXmark } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { useSessionStore } from '@/shared/session/session-store';
import { useUiStore } from '@/shared/stores/ui';
import { formatMoney } from '@/shared/lib/money';
import { t } from '../../i18n';
import { sideLabel } from '../../lib/sides';
import { formatRate, isLadderMarket, previewOf, readStake, stakeLimitMessage } from '../../lib/slip';
import { useBetslipStore } from '../../stores/betslip';
import { BetPreview } from './BetPreview';
import { BetslipActions } from './BetslipActions';
import { EmptyBetslip } from './EmptyBetslip';
import { PlacedOrderPanel } from './PlacedOrderPanel';
import { PlacingStatus } from './PlacingStatus';
import { PriceStepper } from './PriceStepper';
import { QuickStakes } from './QuickStakes';
import { SelectionSummary } from './SelectionSummary';
import { SlipAnnouncer } from './SlipAnnouncer';
import { SlipOptions } from './SlipOptions';
import { StakeField } from './StakeField';
import { useCountdown } from './use-countdown';
import { useSlipFocus } from './use-slip-focus';
import { useSlipPlacement } from './use-slip-placement';

/**
 * The betslip: the tapped side and price (typed or ticked), quick stakes, stake field, the
 * profit and liability from @backlay/exchange, the market's limits, the in-play countdown, the
 * confirm step, the order options (accept any odds, keep in play) and the server's own message for
 * any refusal; once placed, what matched and what rests (PlacedOrderPanel). One slip: a column beside the markets
 * on wide screens (1,100 px and more), a bottom sheet below that (CSS only, so one-click places once). Its live region
 * stays while the slip comes and goes; a price chosen by keyboard brings the focus in, and Escape
 * closes the slip (the focus goes back to that price).
 */
export function Betslip() {
  useSlipFocus();
  return (
    <>
      <SlipContent />
      <SlipAnnouncer />
    </>
  );
}

function SlipContent() {
  const selection = useBetslipStore((s) => s.selection);
  const rate = useBetslipStore((s) => s.rate);
  const stakeText = useBetslipStore((s) => s.stakeText);
  const placed = useBetslipStore((s) => s.placed);
  const confirmFirst = useUiStore((s) => s.confirmBeforePlaceBet);
  const signedIn = useSessionStore((s) => s.user != null);
  const { pending, error, newPrice, takeNewPrice, confirming, setConfirming, touched, setTouched, place } =
    useSlipPlacement();
  const countdown = useCountdown(pending, selection?.betDelayMs ?? 0);

  const read = readStake(stakeText);
  const stake = 'stake' in read ? read.stake : null;
  const limitMessage =
    selection && stake != null ? stakeLimitMessage(stake, selection.minStake, selection.maxStake) : null;
  const fieldMessage = 'error' in read ? read.error : limitMessage;
  const preview = selection ? previewOf(selection, rate, stake) : null;

  if (!selection) return placed ? <PlacedOrderPanel order={placed} /> : <EmptyBetslip />;

  const isFancy = selection.side === 'yes' || selection.side === 'no';
  const sideClass = selection.side === 'back' || selection.side === 'yes' ? 'back' : 'lay';
  const editStake = (text: string) => {
    setTouched(true);
    setConfirming(false);
    useBetslipStore.getState().setStakeText(text);
  };
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
      aria-label={t('betting.slip.title')}
      data-testid="betslip"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || pending) return;
        e.preventDefault();
        useBetslipStore.getState().close();
      }}
    >
      <header className="betslip__head">
        <h2 className="betslip__title">{t('betting.slip.title')}</h2>
        <button
          type="button"
          className="betslip__close"
          aria-label={t('betting.slip.close')}
          onClick={() => useBetslipStore.getState().close()}
          disabled={pending}
        >
          <Icon icon={faXmark} />
        </button>
      </header>
      <div className="betslip__body">
        <SelectionSummary selection={selection} sideClass={sideClass} />

        <div className="betslip__fields">
          <PriceStepper selection={selection} rate={rate} pending={pending} />
          <StakeField
            stakeText={stakeText}
            minStake={selection.minStake}
            pending={pending}
            invalid={touched && fieldMessage != null}
            onChange={editStake}
          />
        </div>

        <QuickStakes pending={pending} onPick={(value) => editStake(String(value))} />

        <p
          id="betslip-stake-message"
          className={`betslip__limits ${touched && fieldMessage ? 'is-error' : ''}`}
        >
          {touched && fieldMessage
            ? fieldMessage
            : t('betting.slip.limits', {
                min: formatMoney(selection.minStake, 'plain'),
                max: formatMoney(selection.maxStake, 'plain'),
              })}
        </p>

        <BetPreview isFancy={isFancy} preview={preview} />
        {isLadderMarket(selection.marketType) && preview && (
          <p className="betslip__preview-note">
            {t('betting.slip.previewNote', {
              stake: stake == null ? '' : formatMoney(stake, 'plain'),
              rate: formatRate(selection.marketType, rate),
            })}
          </p>
        )}

        <SlipOptions selection={selection} pending={pending} />

        <PlacingStatus error={error} pending={pending} countdown={countdown} />
        {newPrice && !pending && (
          <button
            type="button"
            className="btn btn--primary btn--block betslip__take-new"
            data-testid="betslip-take-new-price"
            onClick={takeNewPrice}
          >
            {isFancy && newPrice.fancyValue !== selection.fancyValue
              ? t('betting.slip.takeNewPriceLine', {
                  rate: formatRate(selection.marketType, newPrice.rate),
                  line: String(newPrice.fancyValue),
                })
              : t('betting.slip.takeNewPrice', { rate: formatRate(selection.marketType, newPrice.rate) })}
          </button>
        )}

        {confirming && !pending && preview && (
          <div className="betslip__confirm" role="group" aria-label={t('betting.slip.confirmBet')}>
            <p>
              {t('betting.slip.confirmText', {
                side: sideLabel(selection.side),
                selection: selection.selectionName,
                stake: stake == null ? '' : formatMoney(stake, 'plain'),
                rate: formatRate(selection.marketType, rate),
                liability: formatMoney(preview.liabilityPaise),
              })}
            </p>
          </div>
        )}

        <BetslipActions
          signedIn={signedIn}
          confirming={confirming}
          pending={pending}
          onBack={() => setConfirming(false)}
          onSubmit={onSubmit}
        />
      </div>
    </section>
  );
}
