import { t } from '../i18n';
import { LobbyRoute } from './lobby';

/** /casino: the lobby under the title Casino. */
export const CasinoRoute = () => <LobbyRoute title={t('casino.title')} />;
