import { UnderMaintenanceRoute } from '@/features/errors/routes/under-maintenance';
import { loadDomainSettings } from '@/features/settings/api/load-domain-settings';

/** The maintenance page, whose "Try again" reloads the domain settings with the settings feature's loader. */
export function UnderMaintenancePage() {
  return <UnderMaintenanceRoute reloadSettings={loadDomainSettings} />;
}
