import { useState } from 'react';
import { paiseToRupees } from '@backlay/exchange';
import { useUiStore } from '@/shared/stores/ui';
import { FieldError } from '@/shared/ui/feedback';
import { notify } from '@/shared/ui/toast';
import { t } from '../i18n';
import { readStake } from '../lib/slip';

/**
 * One-click betting (off by default): when on, tapping a price places this stake at once, without
 * the slip's Place button. Kept in the 'betslips' key beside the stake buttons.
 */
export function OneClickSettings() {
  const oneClick = useUiStore((s) => s.oneClick);
  const [enabled, setEnabled] = useState(oneClick.enabled);
  const [stakeText, setStakeText] = useState(String(oneClick.stake));
  const [error, setError] = useState<string | undefined>();
  const dirty = enabled !== oneClick.enabled || stakeText !== String(oneClick.stake);

  const save = () => {
    const read = readStake(stakeText);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(undefined);
    // The setting keeps the field's whole rupees: a tap puts them in the slip's stake field as text.
    const stake = paiseToRupees(read.stake);
    useUiStore.getState().setOneClick({ enabled, stake });
    notify.success(
      enabled ? t('betting.oneClick.savedOn', { stake: String(stake) }) : t('betting.oneClick.savedOff'),
    );
  };

  return (
    <form
      className="card form"
      aria-label={t('betting.oneClick.title')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <strong>{t('betting.oneClick.title')}</strong>
      </label>
      <p className="hint">{t('betting.oneClick.hint')}</p>
      <div className="form-field">
        <label htmlFor="one-click-stake">{t('betting.oneClick.stake')}</label>
        <input
          id="one-click-stake"
          inputMode="numeric"
          value={stakeText}
          aria-invalid={error != null}
          aria-describedby="one-click-stake-error"
          onChange={(e) => setStakeText(e.target.value)}
        />
        <FieldError id="one-click-stake-error" message={error} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={!dirty}>
          {t('betting.oneClick.save')}
        </button>
      </div>
    </form>
  );
}
