import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { closeModal, openModal, type ModalName } from '@/shared/events/bus';
import { TopBar } from './TopBar';

/** The auth pages: the brand behind, the matching auth modal in front. */
export function AuthLayout() {
  return (
    <div className="app-shell app-shell--auth">
      <TopBar minimal />
      <main className="auth-hero">
        <div className="auth-hero__text">
          <h1>Back or lay every ball.</h1>
          <p>Live exchange odds on cricket, football, tennis, kabaddi and racing. Instant UPI deposits.</p>
          <ul className="auth-hero__points">
            <li>
              <strong>Exchange prices</strong>
              <span>Back and lay against other players, three prices deep.</span>
            </li>
            <li>
              <strong>Fast money</strong>
              <span>UPI, IMPS and wallets, with every movement in your statement.</span>
            </li>
            <li>
              <strong>Your limits</strong>
              <span>Stake buttons, exclusion and responsible-gaming tools built in.</span>
            </li>
          </ul>
        </div>
        <Outlet />
      </main>
    </div>
  );
}

/** Each auth route opens its modal by name on arrival and closes it on leaving. */
export function AuthModalRoute({ name }: { name: ModalName }) {
  useEffect(() => {
    openModal(name);
    return () => closeModal(name);
  }, [name]);
  return null;
}
