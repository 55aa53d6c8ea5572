import { Link } from 'react-router';
import { faCircleInfo } from '@fortawesome/free-solid-svg-icons';
import { formatDateTime } from '@/shared/lib/date';
import { useSessionStore } from '@/shared/session/session-store';
import { Icon } from '@/shared/ui/Icon';
import { useResponsibleGaming } from '../api/get-responsible-gaming';
import { t } from '../i18n';
import { inForce } from '../lib/durations';
import { useNowAt } from '../lib/use-now-at';
import '../responsible-gaming.css';

/**
 * App-wide, for a player in a time-out or self-exclusion: until when, and that withdrawing stays
 * possible, with the way there. Self-exclusion is said when both are in force (it is the stronger).
 * The banner goes by itself when the end comes.
 */
export function PlayRestrictionBanner() {
  const signedIn = useSessionStore((s) => s.user != null);
  const { data } = useResponsibleGaming();
  const now = useNowAt([data?.timeOutUntil, data?.selfExcludedUntil]);
  if (!signedIn || !data) return null;
  const excluded = inForce(data.selfExcludedUntil, now);
  const timedOut = inForce(data.timeOutUntil, now);
  if (!excluded && !timedOut) return null;
  const text = excluded
    ? t('responsible-gaming.banner.excluded', { date: formatDateTime(excluded) })
    : t('responsible-gaming.banner.timedOut', { date: formatDateTime(timedOut as Date) });
  return (
    <div className="rg-banner" role="status" data-testid="play-restriction-banner">
      <Icon icon={faCircleInfo} className="rg-banner__icon" />
      <p className="rg-banner__text">{text}</p>
      <Link to="/withdrawal" className="rg-banner__link">
        {t('responsible-gaming.banner.withdraw')}
      </Link>
    </div>
  );
}
