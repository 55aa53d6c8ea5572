import { Link } from 'react-router';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { t } from '../i18n';

/** A sign, the same in every language. */
const COPYRIGHT = '©';

export function Footer() {
  const title = useSettingsStore((s) => s.settings?.domainTitle) || 'Backlay';
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label={t('app.footer.policies')}>
        <Link to="/rule-regulations">{t('app.menu.rules')}</Link>
        <Link to="/exclusion-policy">{t('app.menu.exclusionPolicy')}</Link>
        <Link to="/responsible-gaming">{t('app.menu.responsibleGaming')}</Link>
      </nav>
      <p className="footer__note">
        <span className="age-badge">18+</span> {t('app.footer.note')}
      </p>
      <p className="footer__copy">
        {COPYRIGHT} {new Date().getFullYear()} {title}
      </p>
    </footer>
  );
}
