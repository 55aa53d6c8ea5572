import { STORAGE_KEYS } from '@backlay/contract';
import { env } from '../config/env';
import { storage } from '../storage/storage';

/** Stored baseUrl from domain settings, else the configured default, else this page's origin. */
export function apiBaseUrl(): string {
  const stored = storage.getText(STORAGE_KEYS.baseUrl);
  const base =
    stored != null && stored.trim() !== '' ? stored : env.VITE_API_BASE_URL || window.location.origin;
  return base.replace(/\/+$/, '');
}
