/*
 * Responsible gaming for players: the controls of /responsible-gaming, the reality check and the
 * play-restriction banner (both mounted app-wide by app/).
 */
export { ResponsibleGamingPanel } from './components/ResponsibleGamingPanel';
export { RealityCheck } from './components/RealityCheck';
export { PlayRestrictionBanner } from './components/PlayRestrictionBanner';
export { ResponsibleGamingRoute } from './routes/responsible-gaming';
