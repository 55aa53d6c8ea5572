import { useId } from 'react';
import { faCopy, faShareNodes } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { Spinner } from '@/shared/ui/feedback';
import type { Programme } from '../lib/referral-text';
import {
  canShare,
  copyCode,
  copyLink,
  shareData,
  shareOrTell,
  type ReferrerCode,
} from '../lib/share-actions';
import { LoadError } from './LoadError';
import { t } from '../i18n';

interface CodeRead {
  data: ReferrerCode | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The player's code, large, and the sign-up link with Share (the browser's share sheet, where
 * there is one) and Copy link. The link sits in a read-only field so it can be selected by hand
 * when the clipboard refuses.
 */
export function ShareCard({ read, programme }: { read: CodeRead; programme: Programme | undefined }) {
  const linkId = useId();
  let body;
  if (read.isPending) body = <Spinner label={t('referral.share.loading')} />;
  else if (!read.data)
    body = (
      <LoadError
        error={read.error}
        fallback={t('referral.share.loadFailed')}
        retry={() => void read.refetch()}
      />
    );
  else {
    const referrer = read.data;
    const data = shareData(referrer, programme);
    body = (
      <>
        <div className="referral-share__code-row">
          <div className="referral-share__code-text">
            <span className="referral-share__label">{t('referral.share.code')}</span>
            <strong className="referral-share__code" data-testid="referral-code">
              {referrer.code}
            </strong>
          </div>
          <button
            type="button"
            className="btn btn--ghost referral-share__copy-code"
            aria-label={t('referral.share.copyCode')}
            onClick={() => void copyCode(referrer.code)}
          >
            <Icon icon={faCopy} />
          </button>
        </div>
        <div className="form-field referral-share__link">
          <label htmlFor={linkId}>{t('referral.share.link')}</label>
          <input
            id={linkId}
            type="text"
            readOnly
            value={referrer.link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <div className="referral-share__actions">
          {canShare(data) && (
            <button type="button" className="btn btn--primary" onClick={() => void shareOrTell(data)}>
              <Icon icon={faShareNodes} /> {t('referral.share.share')}
            </button>
          )}
          <button type="button" className="btn btn--outline" onClick={() => void copyLink(referrer.link)}>
            <Icon icon={faCopy} /> {t('referral.share.copyLink')}
          </button>
        </div>
      </>
    );
  }
  return (
    <section className="card referral-share" aria-label={t('referral.share.label')}>
      {body}
    </section>
  );
}
