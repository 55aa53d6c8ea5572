import type { ReactNode } from 'react';
import { Icon } from './Icon';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { faSpinner } from '@fortawesome/free-solid-svg-icons';
import { t } from '../i18n/t';

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner" role="status" aria-label={label ?? t('shared.loading')}>
      <Icon icon={faSpinner} spin />
    </span>
  );
}

/** An honest empty state: says what is missing and, when useful, what to do. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: IconDefinition;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {icon && (
        <span className="empty-state__icon">
          <Icon icon={icon} />
        </span>
      )}
      <h2 className="empty-state__title">{title}</h2>
      {children != null && <div className="empty-state__text">{children}</div>}
      {action != null && <div className="empty-state__action">{action}</div>}
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1 className="page-header__title">{title}</h1>
      {children}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}
