import type { SiteSettings } from '@backlay/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDateTime } from '@/shared/format';
import { differences, type SiteFormValues } from './site-form';

/**
 * A save refused because someone saved newer settings meanwhile (409 SETTINGS_STALE): nothing of
 * this owner's was saved. The fields where the form and the newer settings differ, side by side;
 * the owner loads the newer ones into the form, makes their changes again and saves.
 */
export function StaleNotice(props: { yourVersion: number; theirs: SiteSettings; onReload: () => void }) {
  const { yourVersion, theirs, onReload } = props;
  // The form as it is now: the owner may go on editing while this is shown.
  const { control } = useFormContext<SiteFormValues>();
  const yours = useWatch({ control }) as SiteFormValues;
  const diffs = differences(yours, theirs.settings);
  return (
    <section className="notice notice--warn site-stale" aria-labelledby="site-stale-title">
      <h3 id="site-stale-title" role="alert">
        Not saved: someone saved newer settings
      </h3>
      <p>
        You edited version {yourVersion}; version {theirs.version} was saved at{' '}
        {formatDateTime(theirs.updatedAt)}. Saving yours now would undo theirs, so nothing of yours was saved.
      </p>
      {diffs.length === 0 ? (
        <p>Their settings are the same as yours.</p>
      ) : (
        <div className="table-scroll">
          <table className="grid site-stale__table" aria-label="Settings that differ">
            <thead>
              <tr>
                <th scope="col">Setting</th>
                <th scope="col">Yours (not saved)</th>
                <th scope="col">Saved by someone else</th>
              </tr>
            </thead>
            <tbody>
              {diffs.map((d) => (
                <tr key={d.field} data-testid={`stale-${d.field}`}>
                  <th scope="row">{d.label}</th>
                  <td>{d.yours}</td>
                  <td>{d.theirs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>Load the newer settings into the form, make your changes again, then save.</p>
      <button type="button" className="btn btn--primary" onClick={onReload}>
        Load the newer settings
      </button>
    </section>
  );
}
