import { useMemo } from 'react';
import { STORAGE_KEYS } from '@backlay/contract';
import { storage } from '@/shared/storage/storage';
import { useUiStore } from '@/shared/stores/ui';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { useSessionStore } from '@/shared/session/session-store';
import { useSportTree } from '../api/get-setting-with-sport-tree';
import { visibleSportTabs } from './visibility';

/**
 * The visible sport tabs for whoever is looking, from the sport tree and the section 4 rules, with
 * every event of each (the search text narrows nothing here: the pages search apart, across all).
 */
export function useSportTabs() {
  const tree = useSportTree();
  const settings = useSettingsStore((s) => s.settings);
  const user = useSessionStore((s) => s.user);
  const pins = useUiStore((s) => s.pins);
  const tabs = useMemo(
    () =>
      visibleSportTabs(
        {
          tree: tree.data?.events ?? [],
          settings,
          user,
          gamesCount: tree.data?.games.length ?? 0,
          casinoIsEmpty: storage.getFlag(STORAGE_KEYS.casinoIsEmpty),
        },
        pins,
      ),
    [tree.data, settings, user, pins],
  );
  return { tabs, query: tree };
}
