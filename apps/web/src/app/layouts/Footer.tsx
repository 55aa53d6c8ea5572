import { Link } from 'react-router';
import { useSettingsStore } from '@/shared/settings/settings-store';

export function Footer() {
  const title = useSettingsStore((s) => s.settings?.domainTitle) || 'Backlay';
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label="Policies">
        <Link to="/rule-regulations">Rules &amp; Regulations</Link>
        <Link to="/exclusion-policy">Exclusion Policy</Link>
        <Link to="/responsible-gaming">Responsible Gaming</Link>
      </nav>
      <p className="footer__note">
        <span className="age-badge">18+</span> Play responsibly. Betting can be addictive; set limits and take
        breaks.
      </p>
      <p className="footer__copy">
        © {new Date().getFullYear()} {title}
      </p>
    </footer>
  );
}
