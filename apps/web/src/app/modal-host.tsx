import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useModalStore } from '@/shared/stores/modal';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { loadDomainSettings } from '@/features/settings/api/load-domain-settings';
import { returnTarget } from './return-to';
import { withCatalogs } from '@/shared/i18n';

// Forms and their validation load with the first modal, not with the first page.
const LoginModal = lazy(() =>
  withCatalogs(import('@/features/auth/components/LoginModal')).then((m) => ({ default: m.LoginModal })),
);
const RegisterModal = lazy(() =>
  withCatalogs(import('@/features/auth/components/RegisterModal')).then((m) => ({
    default: m.RegisterModal,
  })),
);
const VerificationModal = lazy(() =>
  withCatalogs(import('@/features/auth/components/VerificationModal')).then((m) => ({
    default: m.VerificationModal,
  })),
);
const LoginActivityModal = lazy(() =>
  withCatalogs(import('@/features/account/components/LoginActivityModal')).then((m) => ({
    default: m.LoginActivityModal,
  })),
);

/** Renders whichever modal the last 'modal:open' event named; 'modal:close' closes it by name. */
export function ModalHost() {
  const open = useModalStore((s) => s.open);
  const setClosed = useModalStore((s) => s.dismiss);
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const skipVerification = useSettingsStore((s) => s.settings?.skipVerification === true);

  const onAuthRoute = /^\/auth(\/|$)/i.test(location.pathname);
  /** Dismissed by the user: on an auth page there is nothing behind the modal, so go to In-Play. */
  const dismiss = useCallback(() => {
    setClosed();
    if (onAuthRoute) void navigate('/inplay', { replace: true });
  }, [navigate, onAuthRoute, setClosed]);

  if (!open) return null;
  // A sign-in returns to the page the player was on: named by the opener or '?to=', else the last
  // page shown before the auth pages (the betslip's link names none).
  const to = open.to ?? search.get('to') ?? returnTarget();
  return (
    <Suspense fallback={null}>
      {open.name === 'login' && <LoginModal key={open.key} open onClose={dismiss} to={to} />}
      {open.name === 'register' && (
        <RegisterModal
          key={open.key}
          open
          onClose={dismiss}
          referralCode={search.get('referral') ?? undefined}
          skipVerification={skipVerification}
          reloadSettings={loadDomainSettings}
        />
      )}
      {open.name === 'verification' && (
        <VerificationModal key={open.key} open onClose={dismiss} reloadSettings={loadDomainSettings} />
      )}
      {open.name === 'activity-log' && <LoginActivityModal key={open.key} open onClose={setClosed} />}
    </Suspense>
  );
}
