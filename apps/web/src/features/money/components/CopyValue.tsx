import { faCopy } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { notify } from '@/shared/ui/toast';
import { t } from '../i18n';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A value the player pays to (a UPI id, an account number), with a button that copies it. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="copy-value">
      <div className="copy-value__text">
        <span className="copy-value__label">{label}</span>
        <span className="copy-value__value">{value}</span>
      </div>
      <button
        type="button"
        className="btn btn--ghost copy-value__button"
        aria-label={t('money.copy.button', { label })}
        onClick={() =>
          void copyText(value).then((ok) =>
            ok
              ? notify.success(t('money.copy.done', { label }))
              : notify.error(t('money.copy.failed', { label })),
          )
        }
      >
        <Icon icon={faCopy} />
      </button>
    </div>
  );
}
