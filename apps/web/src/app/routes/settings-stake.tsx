import { SettingsStakeRoute } from '@/features/account/routes/settings-stake';
import { OneClickSettings } from '@/features/betting/components/OneClickSettings';

/** The stake settings page: the account feature's stake buttons with betting's one-click setting. */
export function SettingsStakePage() {
  return (
    <SettingsStakeRoute>
      <OneClickSettings />
    </SettingsStakeRoute>
  );
}
