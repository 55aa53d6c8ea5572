import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Icon } from '@/shared/ui/Icon';
import {
  faAngleDown,
  faBook,
  faCircleUser,
  faCreditCard,
  faGear,
  faList,
  faLock,
  faMoneyBill,
  faRightFromBracket,
  faBuildingColumns,
  faLifeRing,
  faBan,
  faEye,
} from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { openModal } from '@/shared/events/bus';
import { safeLink } from '@/shared/http/sanitize';
import { formatMoney } from '@/shared/lib/money';
import { useSessionStore } from '@/shared/session/session-store';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { useLoginPath } from '../return-to';
import { LanguageSwitch } from '@/shared/i18n';
import { t } from '../i18n';

/** Arrow keys, Home and End move the focus between a menu's items (the ARIA menu pattern). */
function moveFocus(event: React.KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : (at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
  items[next]?.focus();
}

interface MenuItem {
  to?: string;
  label: string;
  icon: IconDefinition;
  onSelect?: () => void;
  show?: boolean;
}

function Brand() {
  const settings = useSettingsStore((s) => s.settings);
  const logo = settings ? safeLink(settings.mainLogo) : '';
  const title = settings?.domainTitle || 'Backlay';
  return (
    <Link to="/inplay" className="brand" aria-label={t('app.brandHome', { title })}>
      {logo ? (
        <img src={logo} alt={title} className="brand__logo" />
      ) : (
        <>
          <span className="brand__mark" aria-hidden="true">
            B
          </span>
          <span className="brand__name">{title}</span>
        </>
      )}
    </Link>
  );
}

/**
 * Cash and bonus apart (issue 14): cash is the player's own and always withdrawable; bonus money
 * is never staked and turns into cash once its wagering is met. The bonus shows once the hub's
 * UserBalance push (or the bonus page) has said it.
 */
function MenuBalances({ onNavigate }: { onNavigate: () => void }) {
  const cash = useSessionStore((s) => s.balance);
  const bonus = useSessionStore((s) => s.bonusBalance);
  return (
    <div className="account-menu__balances">
      <dl aria-label={t('app.menu.balances')}>
        <div className="account-menu__balance">
          <dt>{t('app.menu.cash')}</dt>
          <dd data-testid="menu-cash">₹{formatMoney(cash)}</dd>
        </div>
        {bonus != null && (
          <div className="account-menu__balance">
            <dt>
              <Link to="/bonus" onClick={onNavigate}>
                {t('app.menu.bonus')}
              </Link>
            </dt>
            <dd data-testid="menu-bonus">₹{formatMoney(bonus)}</dd>
          </div>
        )}
      </dl>
      {bonus != null && bonus > 0 && <p className="account-menu__note">{t('app.menu.cashNote')}</p>}
    </div>
  );
}

function AccountMenu() {
  const user = useSessionStore((s) => s.user);
  const settings = useSettingsStore((s) => s.settings);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The focus comes back here when the menu closes by a key or an item without a page (Login
  // Activity, Logout): the closed menu's item is gone, and a dialog returns the focus to its opener.
  const toggleRef = useRef<HTMLButtonElement>(null);

  /** The logout route does the clearing once the signed-in pages are gone. */
  const logout = () => navigate('/auth/logout', { replace: true });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items: MenuItem[] = [
    { to: '/my-bets', label: t('app.menu.myBets'), icon: faList },
    { to: '/bet-history', label: t('app.menu.betHistory'), icon: faBook },
    { to: '/ProfitLoss', label: t('app.menu.profitLoss'), icon: faMoneyBill },
    { to: '/account-cash-statement', label: t('app.menu.accountStatement'), icon: faList },
    {
      to: '/depositw',
      label: t('app.menu.deposit'),
      icon: faCreditCard,
      show: settings?.showDepositW !== false,
    },
    {
      to: '/withdrawal',
      label: t('app.menu.withdrawal'),
      icon: faBuildingColumns,
      show: settings?.showDepositW !== false,
    },
    {
      to: '/dwrequests',
      label: t('app.menu.dwRequests'),
      icon: faList,
      show: settings?.showDWRequests !== false,
    },
    { to: '/bonus', label: t('app.menu.bonus'), icon: faMoneyBill },
    { to: '/referral', label: t('app.menu.referEarn'), icon: faCircleUser },
    { to: '/settings-stake', label: t('app.menu.stakeSettings'), icon: faGear },
    { to: '/change-password', label: t('app.menu.changePassword'), icon: faLock },
    { label: t('app.menu.loginActivity'), icon: faEye, onSelect: () => openModal('activity-log') },
    { to: '/rule-regulations', label: t('app.menu.rules'), icon: faBook },
    { to: '/exclusion-policy', label: t('app.menu.exclusionPolicy'), icon: faBan },
    { to: '/responsible-gaming', label: t('app.menu.responsibleGaming'), icon: faLifeRing },
    {
      label: t('app.menu.logout'),
      icon: faRightFromBracket,
      onSelect: () => void logout(),
    },
  ];

  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        ref={toggleRef}
        className="account-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('app.accountMenu', { name: user?.userName ?? '' })}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon icon={faCircleUser} />
        <span className="account-menu__name">{user?.userName}</span>
        <Icon icon={faAngleDown} className="account-menu__caret" />
      </button>
      {open && (
        <div className="account-menu__panel">
          <div className="account-menu__who">
            <strong>{user?.userName}</strong>
            {user?.isDemo && <span className="badge badge--demo">{t('app.demo')}</span>}
          </div>
          <MenuBalances onNavigate={() => setOpen(false)} />
          {/* The menu proper holds only its items (arrow keys move between them); who and the
              balances above are plain content. */}
          <div
            role="menu"
            aria-label={t('app.accountMenu', { name: user?.userName ?? '' })}
            onKeyDown={moveFocus}
          >
            {items
              .filter((i) => i.show !== false)
              .map((item) =>
                item.to ? (
                  <NavLink
                    key={item.label}
                    to={item.to}
                    role="menuitem"
                    className="account-menu__item"
                    onClick={() => setOpen(false)}
                  >
                    <Icon icon={item.icon} fixedWidth /> {item.label}
                  </NavLink>
                ) : (
                  <button
                    key={item.label}
                    type="button"
                    role="menuitem"
                    className="account-menu__item"
                    onClick={() => {
                      setOpen(false);
                      toggleRef.current?.focus();
                      item.onSelect?.();
                    }}
                  >
                    <Icon icon={item.icon} fixedWidth /> {item.label}
                  </button>
                ),
              )}
          </div>
        </div>
      )}
    </div>
  );
}

function Wallet() {
  const balance = useSessionStore((s) => s.balance);
  const exposure = useSessionStore((s) => s.exposure);
  return (
    <div className="wallet" aria-label={t('app.wallet')}>
      <div className="wallet__item">
        <span className="wallet__label">{t('app.balance')}</span>
        <span className="wallet__value" data-testid="header-balance">
          ₹{formatMoney(balance)}
        </span>
      </div>
      <div className="wallet__item">
        <span className="wallet__label">{t('app.exposure')}</span>
        <span
          className={`wallet__value ${exposure < 0 ? 'wallet__value--neg' : ''}`}
          data-testid="header-exposure"
        >
          ₹{formatMoney(exposure)}
        </span>
      </div>
    </div>
  );
}

/** The dark header: brand, then the wallet and account menu, or Login and Sign Up. */
export function TopBar({ minimal = false }: { minimal?: boolean }) {
  const user = useSessionStore((s) => s.user);
  const loginPath = useLoginPath();
  return (
    <header className="topbar">
      <Brand />
      <div className="topbar__actions">
        <LanguageSwitch />
        {user ? (
          <>
            <Wallet />
            <AccountMenu />
          </>
        ) : (
          !minimal && (
            <>
              <Link to={loginPath} className="btn btn--ghost-light">
                {t('app.login')}
              </Link>
              <Link to="/auth/signup" className="btn btn--accent">
                {t('app.signUp')}
              </Link>
            </>
          )
        )}
      </div>
    </header>
  );
}
