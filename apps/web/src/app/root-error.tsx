import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { t } from './i18n';

/**
 * Anything a page throws while rendering or loading (a chunk gone after a release, a bug) lands
 * here instead of a blank screen. Self-contained: the 500 page's own chunk may be what failed.
 */
export function RootError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route error]', error);
  }, [error]);
  return (
    <main className="full-page">
      <div className="full-page__card">
        <p className="full-page__code">500</p>
        <h1 className="full-page__title">{t('app.error.title')}</h1>
        <p>{t('app.error.text')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('app.error.reload')}
        </button>
      </div>
    </main>
  );
}
