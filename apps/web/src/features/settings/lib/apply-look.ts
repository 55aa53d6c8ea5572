import type { DomainSettings } from '@backlay/contract';
import { env } from '@/shared/config/env';
import { PRIMARY_COLOR } from '@/shared/config/constants';
import { safeLink } from '@/shared/http/sanitize';

export type ThemeName = 'light' | 'blue' | 'yellow';

/**
 * Section 3: the light theme by default, blue when bodyBgColor is 'blue', and forced blue or
 * yellow for the configured host lists whatever the settings say.
 */
export function themeFor(settings: Pick<DomainSettings, 'bodyBgColor'> | null, hostname: string): ThemeName {
  const host = hostname.toLowerCase();
  if (env.VITE_BLUE_HOSTS.includes(host)) return 'blue';
  if (env.VITE_YELLOW_HOSTS.includes(host)) return 'yellow';
  return settings?.bodyBgColor?.trim().toLowerCase() === 'blue' ? 'blue' : 'light';
}

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** Theme, description and favicon of the domain; the title follows each route. */
export function applyDomainLook(settings: DomainSettings, hostname: string): void {
  const root = document.documentElement;
  root.dataset.theme = themeFor(settings, hostname);
  root.style.setProperty('--primary', PRIMARY_COLOR);
  if (settings.description) setMeta('description', settings.description);
  const favicon = safeLink(settings.favicon);
  if (favicon) {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }
}
