import type { DomainSettings } from '@backlay/contract';

/** Loads the domain settings; the loader and its schema come in with the HTTP client chunk. */
export async function loadDomainSettings(): Promise<DomainSettings | null> {
  return (await import('./get-domain-settings')).loadDomainSettings();
}
