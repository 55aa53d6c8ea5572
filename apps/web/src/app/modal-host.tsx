import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { bus, type ModalName } from '@/shared/events/bus';
import { useSettingsStore } from '@/features/settings/stores/settings';
import { loadDomainSettings } from '@/features/settings/api/load-domain-settings';

// Forms and their validation load with the first modal, not with the first page.
const LoginModal = lazy(() =>
  import('@/features/auth/components/LoginModal').then((m) => ({ default: m.LoginModal })),
);
const RegisterModal = lazy(() =>
  import('@/features/auth/components/RegisterModal').then((m) => ({ default: m.RegisterModal })),
);
const VerificationModal = lazy(() =>
  import('@/features/auth/components/VerificationModal').then((m) => ({ default: m.VerificationModal })),
);
const LoginActivityModal = lazy(() =>
  import('@/features/account/components/LoginActivityModal').then((m) => ({ default: m.LoginActivityModal })),
);

interface OpenModal {
  name: ModalName;
  to?: string | undefined;
  /** Bumped on every open so a reopened form starts fresh. */
  key: number;
}

/** Renders whichever modal the last 'modal:open' event named; 'modal:close' closes it by name. */
export function ModalHost() {
  const [open, setOpen] = useState<OpenModal | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const skipVerification = useSettingsStore((s) => s.settings?.skipVerification === true);

  useEffect(() => {
    let counter = 0;
    const offOpen = bus.on('modal:open', ({ name, to }) =>
      setOpen((current) =>
        current?.name === name && current.to === to ? current : { name, to, key: ++counter },
      ),
    );
    const offClose = bus.on('modal:close', ({ name }) =>
      setOpen((current) => (current?.name === name ? null : current)),
    );
    return () => {
      offOpen();
      offClose();
    };
  }, []);

  const onAuthRoute = /^\/auth(\/|$)/i.test(location.pathname);
  /** Dismissed by the user: on an auth page there is nothing behind the modal, so go to In-Play. */
  const dismiss = useCallback(() => {
    setOpen(null);
    if (onAuthRoute) void navigate('/inplay', { replace: true });
  }, [navigate, onAuthRoute]);

  if (!open) return null;
  const to = open.to ?? search.get('to') ?? undefined;
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
      {open.name === 'activity-log' && (
        <LoginActivityModal key={open.key} open onClose={() => setOpen(null)} />
      )}
    </Suspense>
  );
}
