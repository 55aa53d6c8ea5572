import type { ReactNode } from 'react';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';

/** The frame of every error page: an icon, the code if any, a title and what to do next. */
export function FullPage({
  code,
  icon,
  title,
  children,
}: {
  code?: string;
  icon: IconDefinition;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="full-page">
      <div className="full-page__card">
        <Icon icon={icon} className="full-page__icon" />
        {code && <p className="full-page__code">{code}</p>}
        <h1 className="full-page__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
