import { LobbyRoute } from './lobby';

/** /casino: the lobby under the title Casino. */
export const CasinoRoute = () => <LobbyRoute title="Casino" />;
