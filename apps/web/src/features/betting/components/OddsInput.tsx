import { useEffect, useState } from 'react';
import { faMinus, faPlus } from '@fortawesome/free-solid-svg-icons';
import type { MarketType } from '@backlay/contract';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../i18n';
import { formatRate, snapTypedOdds, tickDown, tickUp } from '../lib/slip';

/**
 * The price asked for: typed (put on the ladder, or the nearest whole rate, when the field is left
 * or Enter is pressed) or moved a tick at a time with − and + or, in the field, ArrowDown and
 * ArrowUp (a spin button, as screen readers know it). A fixed price (a fancy line) is shown and
 * cannot be changed.
 */
export function OddsInput({
  id,
  label,
  marketType,
  side,
  rate,
  disabled,
  fixed = false,
  onChange,
}: {
  id: string;
  label: string;
  marketType: MarketType;
  side: 'back' | 'lay' | 'yes' | 'no';
  rate: number;
  disabled: boolean;
  fixed?: boolean;
  onChange: (rate: number) => void;
}) {
  const shown = formatRate(marketType, rate);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // The price moved from elsewhere (a tick, a new selection, a new price taken): the field follows.
  useEffect(() => {
    setText(shown);
    setError(null);
  }, [shown]);

  const up = tickUp(marketType, rate);
  const down = tickDown(marketType, rate);
  /** The typed price put on the ladder and taken; the price it now stands at (null: refused). */
  const commit = (): number | null => {
    if (text === shown) return rate;
    const typed = snapTypedOdds(marketType, side, text);
    if ('error' in typed) {
      setError(typed.error);
      setText(shown);
      return null;
    }
    setError(null);
    setText(formatRate(marketType, typed.rate));
    if (typed.rate !== rate) onChange(typed.rate);
    return typed.rate;
  };
  /** A tick from what the field holds, typed or not. */
  const step = (direction: 'up' | 'down') => {
    const from = commit();
    if (from == null) return;
    const next = direction === 'up' ? tickUp(marketType, from) : tickDown(marketType, from);
    if (next != null) onChange(next);
  };
  return (
    <div className="betslip__field">
      <label htmlFor={id}>{label}</label>
      <div className="stepper">
        <button
          type="button"
          aria-label={t('betting.odds.tickDown')}
          disabled={disabled || down == null || fixed}
          onClick={() => down != null && onChange(down)}
        >
          <Icon icon={faMinus} />
        </button>
        <input
          id={id}
          role="spinbutton"
          aria-valuenow={rate}
          aria-valuetext={shown}
          className="stepper__input"
          data-testid={id}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          readOnly={fixed}
          aria-invalid={error != null}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !fixed) {
              e.preventDefault();
              step(e.key === 'ArrowUp' ? 'up' : 'down');
            }
          }}
        />
        <button
          type="button"
          aria-label={t('betting.odds.tickUp')}
          disabled={disabled || up == null || fixed}
          onClick={() => up != null && onChange(up)}
        >
          <Icon icon={faPlus} />
        </button>
      </div>
      {error && (
        <span className="odds-input__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
