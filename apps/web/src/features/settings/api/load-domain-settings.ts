import type { DomainSettings } from '@backlay/contract';

/**
 * Loads the domain settings; the loader and its schema come in with the HTTP client chunk. Imported
 * at once, not after the data layer's libraries (shared/http/api.ts): the settings' re-render then
 * comes early, before the page's own data (docs/web.md, "The first visit").
 */
export async function loadDomainSettings(): Promise<DomainSettings | null> {
  return (await import('./get-domain-settings')).loadDomainSettings();
}
