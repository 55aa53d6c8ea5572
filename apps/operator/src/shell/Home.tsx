import { Navigate } from 'react-router';
import { ROLE_LABELS, screensFor } from '@/session/screens';
import { useSession } from '@/session/session-store';

/** The first screen the role may use; a role with none yet is told so, plainly. */
export function Home() {
  const role = useSession((s) => s.session!.operator.role);
  const first = screensFor(role)[0];
  if (first) return <Navigate to={first.path} replace />;
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Welcome</h1>
      <div className="notice notice--info" role="status">
        Nothing is available to your role ({ROLE_LABELS[role]}) in the console yet. The screens for{' '}
        {ROLE_LABELS[role].toLowerCase()} operators come in a later version; until then, ask the site&apos;s
        owner.
      </div>
    </section>
  );
}
