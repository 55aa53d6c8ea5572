import { t } from '../i18n';

/** A failed read said plainly, with a retry. */
export function LoadError({
  error,
  fallback,
  retry,
}: {
  error: unknown;
  fallback: string;
  retry: () => void;
}) {
  return (
    <div className="referral-load-error" role="alert">
      <p>{error instanceof Error ? error.message : fallback}</p>
      <button type="button" className="btn btn--outline" onClick={retry}>
        {t('referral.tryAgain')}
      </button>
    </div>
  );
}
