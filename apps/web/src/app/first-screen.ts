import type { SettingWithSportTree } from '@backlay/contract';
import { sanitizeIncoming } from '@/shared/http/sanitize';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { sportTreeQueryOptions } from '@/features/sports/api/get-setting-with-sport-tree';
import { queryClient } from './query-client';

/**
 * The first screen's data the server sends inside index.html (`#first-screen`, see
 * apps/server/src/first-screen.ts): what `Setting/GetSettingWithSportTree` answers for this domain.
 * Its strings are sanitised as every answer's are; its shape is only checked for what the first
 * render reads, so the schema library stays off that path (the call itself, made as the page
 * mounts, is parsed with the contract's schema and takes its place).
 */
export function readFirstScreen(doc: Document = document): SettingWithSportTree | null {
  const text = doc.getElementById('first-screen')?.textContent;
  if (!text) return null;
  let value: unknown;
  try {
    value = sanitizeIncoming(JSON.parse(text));
  } catch {
    return null;
  }
  if (value == null || typeof value !== 'object') return null;
  const { setting, events } = value as Partial<SettingWithSportTree>;
  if (setting == null || typeof setting !== 'object') return null;
  if (typeof setting.domainTitle !== 'string' || typeof setting.siteSuspended !== 'boolean') return null;
  if (!Array.isArray(setting.sliderImages) || !Array.isArray(events)) return null;
  if (!events.every((s) => s != null && typeof s === 'object' && Array.isArray(s.events))) return null;
  return value as SettingWithSportTree;
}

/**
 * Seeds the settings store and the sport tree's query with the page's first screen, so the first
 * render draws the slider, the event lists and a market page's head the HTML already shows, instead
 * of placeholders until the data layer, the settings file and the tree call have come. The tree is
 * marked stale: the page's own call still runs (it stores the tree, games and tv keys), and the
 * settings loader still runs at start-up.
 */
export function seedFirstScreen(doc: Document = document): boolean {
  const screen = readFirstScreen(doc);
  if (!screen) return false;
  useSettingsStore.setState({ settings: screen.setting });
  const events = [...screen.events].sort((a, b) => a.order - b.order);
  queryClient.setQueryData(sportTreeQueryOptions().queryKey, { ...screen, events }, { updatedAt: 0 });
  return true;
}
