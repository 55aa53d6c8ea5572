import type { ReactNode } from 'react';
import { mayUse, SCREENS, type ScreenKey } from '@/session/screens';
import { useSession } from '@/session/session-store';
import { NotAllowed } from '@/shared/Problem';

/** A screen the role may not use (an address typed by hand): "not allowed", and no call made. */
export function ScreenGuard({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  const role = useSession((s) => s.session!.operator.role);
  if (!mayUse(role, screen)) return <NotAllowed what={`use the ${SCREENS[screen].label}`} />;
  return <>{children}</>;
}
