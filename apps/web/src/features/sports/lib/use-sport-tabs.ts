import { useMemo } from 'react';
import { STORAGE_KEYS } from '@backlay/contract';
import { storage } from '@/shared/storage/storage';
import { useUiStore } from '@/shared/stores/ui';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { useSessionStore } from '@/shared/session/session-store';
import { useSportTree } from '../api/get-setting-with-sport-tree';
import { filterTabs, visibleSportTabs } from './visibility';

/** The visible sport tabs for whoever is looking, from the sport tree and the section 4 rules. */
export function useSportTabs() {
  const tree = useSportTree();
  const settings = useSettingsStore((s) => s.settings);
  const user = useSessionStore((s) => s.user);
  const pins = useUiStore((s) => s.pins);
  const search = useUiStore((s) => s.searchText);
  const tabs = useMemo(
    () =>
      filterTabs(
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
        search,
      ),
    [tree.data, settings, user, pins, search],
  );
  return { tabs, query: tree };
}
