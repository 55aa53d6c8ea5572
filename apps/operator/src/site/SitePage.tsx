import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BonusesPanel } from './BonusesPanel';
import { CashierPanel } from './CashierPanel';
import { CasinoProvidersPanel } from './CasinoProvidersPanel';
import { PagesPanel } from './PagesPanel';
import { ReferralPanel } from './ReferralPanel';
import { SiteSettingsPanel } from './SiteSettingsForm';

const TABS = [
  { key: 'settings', label: 'Site settings', panel: () => <SiteSettingsPanel /> },
  { key: 'pages', label: 'Pages', panel: () => <PagesPanel /> },
  { key: 'cashier', label: 'Cashier', panel: () => <CashierPanel /> },
  { key: 'bonuses', label: 'Bonuses', panel: () => <BonusesPanel /> },
  { key: 'referral', label: 'Referral terms', panel: () => <ReferralPanel /> },
  { key: 'casino', label: 'Casino providers', panel: () => <CasinoProvidersPanel /> },
] as const satisfies readonly { key: string; label: string; panel: () => ReactNode }[];

type TabKey = (typeof TABS)[number]['key'];

function isTab(value: string | null): value is TabKey {
  return TABS.some((t) => t.key === value);
}

/**
 * The owner's Site screen: the settings players load (with a live preview of their client), the
 * pages they read (rules, exclusion policy, responsible gaming, in English and Hindi), the cashier,
 * the bonuses, the referral terms and the casino providers, one tab each. The tab is kept
 * in the address; a tab once opened stays mounted (hidden) so switching away keeps unsaved edits.
 */
export function SitePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'settings';
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set([active]));
  const mounted = (key: TabKey) => key === active || opened.has(key);

  const select = (key: TabKey) => {
    setOpened((before) => new Set([...before, active, key]));
    const next = new URLSearchParams(params);
    if (key === 'settings') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };

  // Arrow keys move between tabs, as a tab list does.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.key === active);
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    select(next.key);
    document.getElementById(`site-tab-${next.key}`)?.focus();
  };

  return (
    <section className="site" aria-labelledby="site-title">
      <div className="page-head">
        <h1 id="site-title">Site</h1>
        <p className="muted small">What players see and how they pay, for this site alone.</p>
      </div>
      <div className="site-tabs" role="tablist" aria-label="Site sections" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.key}
            id={`site-tab-${t.key}`}
            type="button"
            role="tab"
            className="site-tabs__tab"
            aria-selected={t.key === active}
            aria-controls={`site-panel-${t.key}`}
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => select(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.filter((t) => mounted(t.key)).map((t) => (
        <div
          key={t.key}
          id={`site-panel-${t.key}`}
          role="tabpanel"
          aria-labelledby={`site-tab-${t.key}`}
          hidden={t.key !== active}
          className="site-panel"
        >
          {t.panel()}
        </div>
      ))}
    </section>
  );
}
