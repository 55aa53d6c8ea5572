import {
  CDN_SETTINGS_PATH,
  DomainSettingsSchema,
  STORAGE_KEYS,
  type DomainSettings,
} from '@backlay/contract';
import { notify } from '@/shared/ui/toast';
import { env } from '@/shared/config/env';
import { randomCacheKey, settingsFileName } from '@/shared/config/host';
import { call, getExternal } from '@/shared/http/api';
import { AppError } from '@/shared/http/errors';
import { storage } from '@/shared/storage/storage';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { applyDomainLook } from '../lib/apply-look';

/** CDN attempts before the secondary source is asked. */
export const CDN_ATTEMPTS = 3;
const RETRY_DELAY_MS = 400;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CDN file is either the settings object or an envelope holding it. */
export function readSettingsFile(data: unknown): DomainSettings {
  if (data != null && typeof data === 'object' && 'success' in data) {
    const envelope = data as { success: unknown; result?: unknown; error?: { message?: unknown } | null };
    if (envelope.success !== true) {
      const message =
        typeof envelope.error?.message === 'string'
          ? envelope.error.message
          : 'Domain settings are not available.';
      throw new AppError({ code: 'SETTINGS_NOT_SUCCESS', message });
    }
    return DomainSettingsSchema.parse(envelope.result);
  }
  return DomainSettingsSchema.parse(data);
}

export function cdnSettingsUrl(hostname: string, random: () => number = Math.random): string {
  const base = (env.VITE_CDN_BASE_URL || window.location.origin).replace(/\/+$/, '');
  return `${base}${CDN_SETTINGS_PATH}/${settingsFileName(hostname)}.json?v=${randomCacheKey(random)}`;
}

async function fromCdn(hostname: string): Promise<DomainSettings> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < CDN_ATTEMPTS; attempt += 1) {
    try {
      return readSettingsFile(await getExternal(cdnSettingsUrl(hostname)));
    } catch (error) {
      lastError = error;
      // A file that says not-success will say it again; only transport failures are retried.
      if (error instanceof AppError && error.code === 'SETTINGS_NOT_SUCCESS') break;
      if (attempt < CDN_ATTEMPTS - 1) await wait(RETRY_DELAY_MS * (attempt + 1));
    }
  }
  throw lastError;
}

/** Stores what section 3 and 4 say: the settings, the suspended flag, and the API base. */
function keep(settings: DomainSettings): void {
  storage.setJson(STORAGE_KEYS.domainSetting, settings);
  storage.setFlag(STORAGE_KEYS.siteSuspended, settings.siteSuspended);
  if (settings.baseUrl != null && settings.baseUrl.trim() !== '')
    storage.setText(STORAGE_KEYS.baseUrl, settings.baseUrl.trim());
  else storage.remove(STORAGE_KEYS.baseUrl);
  useSettingsStore.getState().setLoaded(settings);
  applyDomainLook(settings, window.location.hostname);
}

let inFlight: Promise<DomainSettings | null> | null = null;

/**
 * Loads the domain settings: the CDN file named after the host (retried), then the API's
 * GET /Setting/GetSetting. When both fail the site is marked suspended, as section 4 says.
 */
export function loadDomainSettings(): Promise<DomainSettings | null> {
  inFlight ??= (async () => {
    const hostname = window.location.hostname;
    let cdnError: unknown;
    try {
      const settings = await fromCdn(hostname);
      keep(settings);
      return settings;
    } catch (error) {
      cdnError = error;
    }
    try {
      const settings = await call('getSetting', { query: { domain: hostname } });
      keep(settings);
      return settings;
    } catch (error) {
      // No network says nothing of the site: the settings the page came with (its first screen)
      // stay, and the offline notice (shared/pwa/OfflineNotice.tsx) says why nothing loads.
      const shown = useSettingsStore.getState().settings;
      if (!navigator.onLine && shown) {
        useSettingsStore.getState().setLoaded(shown);
        return shown;
      }
      storage.setFlag(STORAGE_KEYS.siteSuspended, true);
      useSettingsStore.getState().setFailed();
      const serverMessage = [error, cdnError].find(
        (e): e is AppError => e instanceof AppError && e.status != null && e.message !== '',
      );
      if (serverMessage) notify.error(serverMessage.message, 'domain-settings');
      return null;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
