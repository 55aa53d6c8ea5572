import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { closeModal, openModal, type ModalName } from '@/shared/events/bus';
import { TopBar } from './TopBar';
import { t } from '../i18n';

/** The auth pages: the brand behind, the matching auth modal in front. */
export function AuthLayout() {
  return (
    <div className="app-shell app-shell--auth">
      <TopBar minimal />
      <main className="auth-hero">
        <div className="auth-hero__text">
          <h1>{t('app.auth.headline')}</h1>
          <p>{t('app.auth.intro')}</p>
          <ul className="auth-hero__points">
            <li>
              <strong>{t('app.auth.prices')}</strong>
              <span>{t('app.auth.pricesText')}</span>
            </li>
            <li>
              <strong>{t('app.auth.money')}</strong>
              <span>{t('app.auth.moneyText')}</span>
            </li>
            <li>
              <strong>{t('app.auth.limits')}</strong>
              <span>{t('app.auth.limitsText')}</span>
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
