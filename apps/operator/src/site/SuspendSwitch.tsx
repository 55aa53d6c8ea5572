import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { ConfirmBox } from '@/shared/ConfirmBox';
import type { SiteFormValues } from './site-form';

/**
 * Suspending the site: every page of the players' client turns into the maintenance page and
 * players' calls are refused (SITE_SUSPENDED), while operators keep working (every /admin/ call
 * is admitted) and reopen it here. Switching it on asks first; switching it off does not. Like
 * every setting, it takes effect when the settings are saved.
 */
export function SuspendSwitch({ storedSuspended }: { storedSuspended: boolean }) {
  const { control } = useFormContext<SiteFormValues>();
  const { field } = useController({ control, name: 'siteSuspended' });
  const [confirming, setConfirming] = useState(false);
  const changed = field.value !== storedSuspended;

  return (
    <div className={`site-danger${field.value ? ' is-on' : ''}`}>
      <label className="site-switch site-switch--danger">
        <input
          type="checkbox"
          role="switch"
          name={field.name}
          ref={field.ref}
          checked={field.value}
          disabled={confirming}
          aria-describedby="site-suspend-hint"
          onBlur={field.onBlur}
          onChange={(e) => {
            if (e.currentTarget.checked) setConfirming(true);
            else field.onChange(false);
          }}
        />
        <span>Site suspended</span>
      </label>
      <p id="site-suspend-hint" className="field__hint">
        {field.value
          ? changed
            ? 'Saving suspends the site: players see the maintenance page until it is switched off and saved again.'
            : 'The site is suspended: players see the maintenance page. Switch this off and save to reopen it.'
          : changed
            ? 'Saving reopens the site to players.'
            : 'Players use the site. Operators keep working while it is suspended.'}
      </p>
      {confirming && (
        <ConfirmBox
          label="Confirm: suspend the site"
          confirm="Yes, suspend the site"
          tone="reject"
          onConfirm={() => {
            field.onChange(true);
            setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <FontAwesomeIcon icon={faTriangleExclamation} /> Suspend the site? Once saved, every player sees
            the maintenance page and cannot bet, deposit or withdraw until the site is reopened. Operators
            keep working.
          </p>
        </ConfirmBox>
      )}
    </div>
  );
}
