import { DEFAULT_STAKE_BUTTONS } from '@backlay/contract';
import { useUiStore } from '@/shared/stores/ui';
import { t } from '../../i18n';

/** The player's stake buttons (or the defaults): a tap puts that stake in the field. */
export function QuickStakes({ pending, onPick }: { pending: boolean; onPick: (stake: number) => void }) {
  const stakeButtons = useUiStore((s) => s.stakeButtons) ?? DEFAULT_STAKE_BUTTONS;
  return (
    <div className="betslip__quick" role="group" aria-label={t('betting.slip.quickStakes')}>
      {stakeButtons.map((b) => (
        <button
          key={`${b.title}-${b.value}`}
          type="button"
          className="betslip__chip"
          disabled={pending}
          onClick={() => onPick(b.value)}
        >
          {b.title}
        </button>
      ))}
    </div>
  );
}
