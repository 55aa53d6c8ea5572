import type { DomainSettings } from '@backlay/contract';
import { librariesLoaded } from '@/shared/http/api';

/**
 * Loads the domain settings. The loader and its schema come in with the HTTP client chunk, after
 * zod and axios have been evaluated in a task of their own (shared/http/api.ts): imported at once
 * at start-up, its module graph would evaluate the libraries and the contract's schemas in one task.
 */
export async function loadDomainSettings(): Promise<DomainSettings | null> {
  await librariesLoaded();
  return (await import('./get-domain-settings')).loadDomainSettings();
}
