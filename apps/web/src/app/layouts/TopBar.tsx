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
    <Link to="/inplay" className="brand" aria-label={`${title} home`}>
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
      <dl aria-label="Balances">
        <div className="account-menu__balance">
          <dt>Cash</dt>
          <dd data-testid="menu-cash">₹{formatMoney(cash)}</dd>
        </div>
        {bonus != null && (
          <div className="account-menu__balance">
            <dt>
              <Link to="/bonus" onClick={onNavigate}>
                Bonus
              </Link>
            </dt>
            <dd data-testid="menu-bonus">₹{formatMoney(bonus)}</dd>
          </div>
        )}
      </dl>
      {bonus != null && bonus > 0 && (
        <p className="account-menu__note">Cash is yours to withdraw; the bonus becomes cash once wagered.</p>
      )}
    </div>
  );
}

function AccountMenu() {
  const user = useSessionStore((s) => s.user);
  const settings = useSettingsStore((s) => s.settings);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  /** The logout route does the clearing once the signed-in pages are gone. */
  const logout = () => navigate('/auth/logout', { replace: true });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items: MenuItem[] = [
    { to: '/my-bets', label: 'My Bets', icon: faList },
    { to: '/bet-history', label: 'Bet History', icon: faBook },
    { to: '/ProfitLoss', label: 'Profit & Loss', icon: faMoneyBill },
    { to: '/account-cash-statement', label: 'Account Statement', icon: faList },
    { to: '/depositw', label: 'Deposit', icon: faCreditCard, show: settings?.showDepositW !== false },
    {
      to: '/withdrawal',
      label: 'Withdrawal',
      icon: faBuildingColumns,
      show: settings?.showDepositW !== false,
    },
    { to: '/dwrequests', label: 'D/W Requests', icon: faList, show: settings?.showDWRequests !== false },
    { to: '/bonus', label: 'Bonus', icon: faMoneyBill },
    { to: '/referral', label: 'Refer & Earn', icon: faCircleUser },
    { to: '/settings-stake', label: 'Stake Settings', icon: faGear },
    { to: '/change-password', label: 'Change Password', icon: faLock },
    { label: 'Login Activity', icon: faEye, onSelect: () => openModal('activity-log') },
    { to: '/rule-regulations', label: 'Rules & Regulations', icon: faBook },
    { to: '/exclusion-policy', label: 'Exclusion Policy', icon: faBan },
    { to: '/responsible-gaming', label: 'Responsible Gaming', icon: faLifeRing },
    {
      label: 'Logout',
      icon: faRightFromBracket,
      onSelect: () => void logout(),
    },
  ];

  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="account-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account menu, ${user?.userName ?? ''}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon icon={faCircleUser} />
        <span className="account-menu__name">{user?.userName}</span>
        <Icon icon={faAngleDown} className="account-menu__caret" />
      </button>
      {open && (
        <div className="account-menu__panel" role="menu">
          <div className="account-menu__who">
            <strong>{user?.userName}</strong>
            {user?.isDemo && <span className="badge badge--demo">Demo</span>}
          </div>
          <MenuBalances onNavigate={() => setOpen(false)} />
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
                    item.onSelect?.();
                  }}
                >
                  <Icon icon={item.icon} fixedWidth /> {item.label}
                </button>
              ),
            )}
        </div>
      )}
    </div>
  );
}

function Wallet() {
  const balance = useSessionStore((s) => s.balance);
  const exposure = useSessionStore((s) => s.exposure);
  return (
    <div className="wallet" aria-label="Wallet">
      <div className="wallet__item">
        <span className="wallet__label">Balance</span>
        <span className="wallet__value" data-testid="header-balance">
          ₹{formatMoney(balance)}
        </span>
      </div>
      <div className="wallet__item">
        <span className="wallet__label">Exposure</span>
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
        {user ? (
          <>
            <Wallet />
            <AccountMenu />
          </>
        ) : (
          !minimal && (
            <>
              <Link to={loginPath} className="btn btn--ghost-light">
                Login
              </Link>
              <Link to="/auth/signup" className="btn btn--accent">
                Sign Up
              </Link>
            </>
          )
        )}
      </div>
    </header>
  );
}
